import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

export const ORGANISATION = "Apiary";
const TAGLINE = "Bee conservation and lakeside glamping in Stanwood, Washington";

/** Warm honey palette; inline styles because most mail clients ignore stylesheets. */
export const palette = {
  honey: "#F59E0B",
  amber: "#B45309",
  comb: "#FEF3C7",
  cream: "#FFFBEB",
  ink: "#3F2A14",
  muted: "#7C6A55",
  line: "#FDE68A",
} as const;

const font = "'Segoe UI', Helvetica, Arial, sans-serif";

export const styles = {
  paragraph: { color: palette.ink, fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" },
  label: { color: palette.muted, fontSize: "13px", lineHeight: "20px", margin: "0", width: "42%", verticalAlign: "top" },
  value: { color: palette.ink, fontSize: "15px", lineHeight: "20px", margin: "0", fontWeight: 600, verticalAlign: "top" },
  button: {
    backgroundColor: palette.amber,
    borderRadius: "6px",
    color: "#FFFFFF",
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 600,
    padding: "12px 22px",
    textDecoration: "none",
  },
  link: { color: palette.amber, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

type LayoutProps = { preview: string; heading: string; children: ReactNode };

export function Layout({ preview, heading, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: palette.cream, fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#FFFFFF", border: `1px solid ${palette.line}`, borderRadius: "10px", maxWidth: "560px", overflow: "hidden" }}>
          <Section style={{ backgroundColor: palette.honey, padding: "20px 28px" }}>
            <Text style={{ color: palette.ink, fontSize: "22px", fontWeight: 700, letterSpacing: "0.5px", margin: 0 }}>
              {ORGANISATION}
            </Text>
          </Section>
          <Section style={{ padding: "28px 28px 8px" }}>
            <Heading as="h1" style={{ color: palette.ink, fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: palette.line, margin: "8px 28px" }} />
          <Section style={{ padding: "0 28px 20px" }}>
            <Text style={{ color: palette.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
              {ORGANISATION} · {TAGLINE}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A two-column table of facts, which also reads well in the plain-text part. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Section style={{ backgroundColor: palette.comb, borderRadius: "8px", margin: "0 0 20px", padding: "14px 16px" }}>
      <table className="details" role="presentation" width="100%" cellPadding={4} cellSpacing={0}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td style={styles.label}>{label}</td>
              <td style={styles.value}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** Visitor text keeps its line breaks; React escapes the content itself. */
export function MultilineText({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return (
    <Text style={{ ...styles.paragraph, backgroundColor: palette.cream, borderLeft: `3px solid ${palette.honey}`, padding: "12px 14px" }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  );
}
