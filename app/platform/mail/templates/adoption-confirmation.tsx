import { Section, Text } from "@react-email/components";
import { Details, Layout, palette, styles } from "./layout";

export type AdoptionConfirmationProps = {
  adoptionId: string;
  userEmail: string;
  tierName: string;
  /** Ready to show, e.g. `$120.00`. */
  tierPrice: string;
  paymentFrequency: "monthly" | "annual";
  /** Unset until a hive is assigned. */
  hiveName?: string | null;
  honeyShareKg?: number | string | null;
  perks: string[];
};

export const adoptionConfirmationSubject = (p: AdoptionConfirmationProps) => `Welcome to the hive: your ${p.tierName} adoption`;

export function AdoptionConfirmationEmail(p: AdoptionConfirmationProps) {
  const per = p.paymentFrequency === "monthly" ? "month" : "year";
  const rows: [string, string][] = [
    ["Adoption reference", p.adoptionId],
    ["Tier", p.tierName],
    ["Contribution", `${p.tierPrice} per ${per}`],
    ["Your hive", p.hiveName || "We will let you know once your hive is assigned"],
  ];
  if (p.honeyShareKg !== undefined && p.honeyShareKg !== null && p.honeyShareKg !== "") {
    rows.push(["Honey share", `${p.honeyShareKg} kg per season`]);
  }
  return (
    <Layout preview={`Thank you for adopting a hive (${p.tierName})`} heading="Thank you for adopting a hive!">
      <Text style={styles.paragraph}>
        Your adoption helps us keep healthy colonies and plant forage for pollinators around our Stanwood lake
        property. We will send hive news to {p.userEmail}.
      </Text>
      <Details rows={rows} />
      {p.perks.length > 0 && (
        <Section style={{ margin: "0 0 16px" }}>
          <Text style={{ ...styles.paragraph, fontWeight: 600, margin: "0 0 8px" }}>Your perks</Text>
          <ul style={{ color: palette.ink, fontSize: "15px", lineHeight: "24px", margin: 0, paddingLeft: "20px" }}>
            {p.perks.map((perk, i) => (
              <li key={i}>{perk}</li>
            ))}
          </ul>
        </Section>
      )}
    </Layout>
  );
}
