import { Link, Text } from "@react-email/components";
import { ActionButton, Layout, MultilineText, styles } from "./layout";

/** A hive update posted by staff, to each sponsor of the hive (one e-mail per update). */
export type HiveUpdateProps = {
  /** The sponsor's own name for the hive, else the registry's. */
  hiveName: string;
  body: string;
  /** How many photos came with it (they are seen in My Adoptions). */
  photos?: number;
  /** My Adoptions, where every update is kept. */
  profileUrl: string;
  /** Stops hive update e-mails without signing in. */
  unsubscribeUrl: string;
};

export const hiveUpdateSubject = (p: HiveUpdateProps) => `News from your hive, ${p.hiveName}`;

export function HiveUpdateEmail(p: HiveUpdateProps) {
  return (
    <Layout preview={p.body.slice(0, 90)} heading={`News from ${p.hiveName}`}>
      <MultilineText text={p.body} />
      <Text style={styles.paragraph}>
        {p.photos ? `${p.photos === 1 ? "A photo is" : `${p.photos} photos are`} with this update in My Adoptions.` : "Every update of your hive is in My Adoptions."}
      </Text>
      <ActionButton href={p.profileUrl}>Open My Adoptions</ActionButton>
      <Text style={{ ...styles.paragraph, fontSize: "13px" }}>
        You receive these because you adopted this hive. <Link href={p.unsubscribeUrl}>Stop hive update e-mails</Link>
      </Text>
    </Layout>
  );
}
