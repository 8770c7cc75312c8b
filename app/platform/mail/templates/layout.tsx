import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { MAIL_MARK_CID } from "../mail-mark-cid";

export const ORGANISATION = "Apiary";
const TAGLINE = "Bee conservation and lakeside glamping in Stanwood, Washington";

/** The site's palette (app.css); inline styles because most mail clients ignore stylesheets. */
export const palette = {
  forest: "#1F3D2B",
  forestLink: "#2D5A3D",
  honey: "#F3B63F",
  comb: "#FEF9EC",
  cream: "#FBF6EA",
  ink: "#1C2A22",
  muted: "#4B5A51",
  line: "#C7D8CB",
} as const;

const font = "'Segoe UI', Helvetica, Arial, sans-serif";

export const styles = {
  paragraph: { color: palette.ink, fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" },
  label: { color: palette.muted, fontSize: "13px", lineHeight: "20px", margin: "0", width: "42%", verticalAlign: "top" },
  value: { color: palette.ink, fontSize: "15px", lineHeight: "20px", margin: "0", fontWeight: 600, verticalAlign: "top" },
  // The site's primary button: honey, ink text, fully rounded.
  button: {
    backgroundColor: palette.honey,
    borderRadius: "999px",
    color: palette.ink,
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 600,
    padding: "12px 24px",
    textDecoration: "none",
  },
  link: { color: palette.forestLink, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

type LayoutProps = { preview: string; heading: string; children: ReactNode };

export function Layout({ preview, heading, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: palette.cream, fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#FFFFFF", border: `1px solid ${palette.line}`, borderRadius: "16px", maxWidth: "560px", overflow: "hidden" }}>
          <Section style={{ backgroundColor: palette.forest, padding: "16px 28px" }}>
            <table role="presentation" cellPadding={0} cellSpacing={0}>
              <tbody>
                <tr>
                  <td style={{ paddingRight: "10px", verticalAlign: "middle" }}>
                    <Img src={`cid:${MAIL_MARK_CID}`} width="32" height="32" alt="" style={{ display: "block" }} />
                  </td>
                  <td style={{ verticalAlign: "middle" }}>
                    <Text style={{ color: palette.cream, fontFamily: "Georgia, 'Times New Roman', serif", fontSize: "22px", fontWeight: 700, margin: 0 }}>{ORGANISATION}</Text>
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
          <Section style={{ padding: "28px 28px 8px" }}>
            <Heading as="h1" style={{ color: palette.ink, fontFamily: "Georgia, 'Times New Roman', serif", fontSize: "24px", lineHeight: "32px", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: palette.line, margin: "8px 28px", width: "auto" }} />
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

/** A call to action in the site's button style (the plain-text part shows its address). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "4px 0 20px" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
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
