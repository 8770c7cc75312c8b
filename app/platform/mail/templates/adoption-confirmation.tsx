import { Section, Text } from "@react-email/components";
import { ActionButton, Details, Layout, palette, styles } from "./layout";

export type AdoptionConfirmationProps = {
  adoptionId: string;
  userEmail: string;
  tierName: string;
  /** Ready to show, e.g. `$120.00`. */
  tierPrice: string;
  paymentFrequency: "monthly" | "annual";
  /** As the sponsor chose it, e.g. "Credit card". */
  paymentMethod: string;
  /** The sponsor's own name for their hive, if they gave one. */
  hiveName?: string | null;
  /** In the tier card's words and unit, e.g. "Up to 5 lb of raw honey each season (not guaranteed)"; null without a share. */
  honeyShare: string | null;
  perks: string[];
  /** My Adoptions in the sponsor profile. */
  profileUrl: string;
};

export const adoptionConfirmationSubject = (p: AdoptionConfirmationProps) => `Welcome to the hive: your ${p.tierName} adoption`;

export function AdoptionConfirmationEmail(p: AdoptionConfirmationProps) {
  const per = p.paymentFrequency === "monthly" ? "month" : "year";
  const rows: [string, string][] = [
    ["Adoption reference", p.adoptionId],
    ["Tier", p.tierName],
    ["Contribution", `${p.tierPrice} per ${per}`],
    ["Paid", `${p.paymentFrequency === "monthly" ? "Monthly" : "Yearly"}, by ${p.paymentMethod.toLowerCase()}`],
    ["Your hive", p.hiveName || "We will let you know once your hive is assigned"],
  ];
  if (p.honeyShare) rows.push(["Honey share", p.honeyShare]);
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
      <Text style={styles.paragraph}>This is a request: we will e-mail you to arrange payment. Nothing has been charged.</Text>
      <ActionButton href={p.profileUrl}>See your adoption</ActionButton>
    </Layout>
  );
}
