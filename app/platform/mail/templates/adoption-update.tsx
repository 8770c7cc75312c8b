import { Link, Text } from "@react-email/components";
import { format, parseISO } from "date-fns";
import { formatDayLong } from "../../day-format";
import { ActionButton, Details, Layout, styles } from "./layout";

/**
 * What a sponsor is told when their adoption changes on its own terms: made active by the team,
 * cancelled, expired at its end date (by the scheduled job), or 30 days from its end date.
 */
export type AdoptionUpdateProps = {
  change: "activated" | "cancelled" | "expired" | "renewal-due";
  adoptionId: string;
  tierName: string;
  /** The sponsor's own name for the hive, if they gave one. */
  hiveName?: string | null;
  paymentFrequency: "monthly" | "annual";
  /** Ready to show, e.g. `$25.00`. */
  price: string;
  startDate: string;
  endDate?: string | null;
  /** My Adoptions in the sponsor profile. */
  profileUrl: string;
  /** Where to adopt again or renew. */
  adoptUrl: string;
};

const name = (p: AdoptionUpdateProps) => (p.hiveName ? `${p.hiveName} (${p.tierName})` : `your ${p.tierName} hive`);

export function adoptionUpdateSubject(p: AdoptionUpdateProps) {
  switch (p.change) {
    case "activated":
      return `Your ${p.tierName} adoption is active`;
    case "cancelled":
      return `Your ${p.tierName} adoption is cancelled`;
    case "expired":
      return `Your ${p.tierName} adoption has ended`;
    case "renewal-due":
      return `Your ${p.tierName} adoption ends on ${format(parseISO(p.endDate ?? p.startDate), "MMM d, yyyy")}`;
  }
}

const STATUS = { activated: "Active", cancelled: "Cancelled", expired: "Expired", "renewal-due": "Active" } as const;

export function AdoptionUpdateEmail(p: AdoptionUpdateProps) {
  const per = p.paymentFrequency === "monthly" ? "month" : "year";
  const heading = {
    activated: "Your hive adoption is active!",
    cancelled: "Your hive adoption is cancelled",
    expired: "Your hive adoption has ended",
    "renewal-due": "Time to renew your hive adoption",
  }[p.change];
  const rows: [string, string][] = [
    ["Adoption reference", p.adoptionId],
    ["Tier", p.tierName],
    ["Status", STATUS[p.change]],
    ["Contribution", `${p.price} per ${per}`],
    ["Started", formatDayLong(p.startDate)],
  ];
  if (p.hiveName) rows.splice(2, 0, ["Your hive", p.hiveName]);
  if (p.endDate) rows.push([p.change === "activated" || p.change === "renewal-due" ? "Ends" : "Ended", formatDayLong(p.endDate)]);
  return (
    <Layout preview={adoptionUpdateSubject(p)} heading={heading}>
      <Text style={styles.paragraph}>
        {p.change === "activated" && `Thank you! ${name(p)} is now active: your support goes to healthy colonies and forage for pollinators from today. Hive updates will reach you by e-mail and in My Adoptions.`}
        {p.change === "cancelled" && `Your adoption of ${name(p)} has been cancelled, and no further contributions are due. If this is not what you expected, reply to this e-mail and we will sort it out.`}
        {p.change === "expired" && `Your adoption of ${name(p)} reached its end date. Thank you for supporting our bees! You can adopt again at any time.`}
        {p.change === "renewal-due" && `Your adoption of ${name(p)} ends on ${formatDayLong(p.endDate ?? p.startDate)}. Renew to keep your hive, its updates and your perks: reply to this e-mail or choose a tier again.`}
      </Text>
      <Details rows={rows} />
      {(p.change === "expired" || p.change === "renewal-due" || p.change === "cancelled") && (
        <ActionButton href={p.adoptUrl}>{p.change === "renewal-due" ? "Renew or change tier" : "Adopt a hive"}</ActionButton>
      )}
      <Text style={styles.paragraph}>
        Your adoptions, their hives and updates: <Link href={p.profileUrl} style={styles.link}>My Adoptions</Link>
      </Text>
    </Layout>
  );
}
