import { Button, Link, Section, Text } from "@react-email/components";
import { Layout, styles } from "./layout";

/**
 * Changing an account's e-mail address (email-change.server.ts): `confirm` goes to the NEW
 * address with the link that makes the change; `changed` to the OLD one, with the link that
 * puts it back within 7 days.
 */
export type EmailChangeProps = { kind: "confirm" | "changed"; email: string; url: string };

export const emailChangeSubject = ({ kind }: EmailChangeProps) => (kind === "confirm" ? "Confirm your new Apiary email address" : "Your Apiary email address was changed");

export function EmailChangeEmail({ kind, email, url }: EmailChangeProps) {
  const confirm = kind === "confirm";
  const subject = emailChangeSubject({ kind, email, url });
  return (
    <Layout preview={subject} heading={subject}>
      <Text style={styles.paragraph}>
        {confirm
          ? `You asked to make ${email} the email address of your Apiary account. It changes when you confirm it here, within 24 hours:`
          : `The email address of your Apiary account was changed to ${email}. If that was you, there is nothing to do.`}
      </Text>
      {!confirm && <Text style={styles.paragraph}>If it was not you, put your address back within 7 days: every device signed in to the account will be signed out.</Text>}
      <Section style={{ margin: "0 0 20px" }}>
        <Button href={url} style={styles.button}>
          {confirm ? "Confirm this address" : "Undo this change"}
        </Button>
      </Section>
      <Text style={styles.paragraph}>
        Or open this link: <Link href={url} style={styles.link}>{url}</Link>
      </Text>
      {confirm && <Text style={styles.paragraph}>If you did not ask for this, you can ignore this email: nothing changes.</Text>}
    </Layout>
  );
}
