import { Text } from "@react-email/components";
import { ActionButton, Details, Layout, styles } from "./layout";

/** The failed-hive rule, done: the sponsor's adoption moved to another hive at the same tier. */
export type HiveMovedProps = {
  tierName: string;
  /** The sponsor's own name for their hive, if they gave one. */
  sponsorHiveName?: string | null;
  fromHive: string;
  toHive: string;
  location: string;
  reason: string;
  profileUrl: string;
};

export const hiveMovedSubject = (p: HiveMovedProps) => `Your adoption has moved to ${p.toHive}`;

export function HiveMovedEmail(p: HiveMovedProps) {
  return (
    <Layout preview={`${p.fromHive} failed: your adoption continues with ${p.toHive}`} heading="Your adoption has a new hive">
      <Text style={styles.paragraph}>
        We are sorry: {p.fromHive}
        {p.sponsorHiveName ? ` (your ${p.sponsorHiveName})` : ""} at {p.location} has failed. As we promise every sponsor, your adoption continues with another hive at the same tier, at no cost to you.
      </Text>
      <Details
        rows={[
          ["What happened", p.reason],
          ["Your new hive", p.toHive],
          ["Tier", `${p.tierName} (unchanged)`],
        ]}
      />
      <ActionButton href={p.profileUrl}>See your adoption and its hive</ActionButton>
    </Layout>
  );
}
