import { Button, Section, Text } from "@react-email/components";
import { Layout, styles } from "./layout";

/** Told to a person when someone of the team changed their account's security for them. */
export type AccountNoticeProps = { kind: "password-set-by-staff" | "two-factor-turned-off"; loginUrl: string };

const NOTICES = {
  "password-set-by-staff": {
    subject: "Your password was changed by an administrator",
    lines: [
      "An administrator of Apiary set a new password for your account, and every device signed in to it has been signed out.",
      "Ask them for the new password, or choose one of your own with “Forgot password?” on the login page.",
    ],
  },
  "two-factor-turned-off": {
    subject: "Two-factor authentication was turned off for your account",
    lines: [
      "An administrator of Apiary turned off two-factor authentication for your account: your authenticator app, backup codes and phones no longer work for it, and every device signed in to it has been signed out.",
      "You can sign in with one step, and set up a second step again from your account's security settings.",
    ],
  },
} as const;

export const accountNoticeSubject = ({ kind }: AccountNoticeProps) => NOTICES[kind].subject;

export function AccountNoticeEmail({ kind, loginUrl }: AccountNoticeProps) {
  const notice = NOTICES[kind];
  return (
    <Layout preview={notice.subject} heading={notice.subject}>
      {notice.lines.map((line) => (
        <Text key={line} style={styles.paragraph}>
          {line}
        </Text>
      ))}
      <Section style={{ margin: "0 0 20px" }}>
        <Button href={loginUrl} style={styles.button}>
          Go to the login page
        </Button>
      </Section>
      <Text style={styles.paragraph}>If you did not expect this, reply to this e-mail or contact the team straight away.</Text>
    </Layout>
  );
}
