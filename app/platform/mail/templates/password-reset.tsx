import { Button, Link, Section, Text } from "@react-email/components";
import { Layout, styles } from "./layout";

export type PasswordResetProps = { url: string };

export const passwordResetSubject = () => "Reset your password";

export function PasswordResetEmail({ url }: PasswordResetProps) {
  return (
    <Layout preview="A link to choose a new password" heading="Reset your password">
      <Text style={styles.paragraph}>Someone asked to reset the password of your account. Choose a new one here:</Text>
      <Section style={{ margin: "0 0 20px" }}>
        <Button href={url} style={styles.button}>
          Choose a new password
        </Button>
      </Section>
      <Text style={styles.paragraph}>
        Or open this link: <Link href={url} style={styles.link}>{url}</Link>
      </Text>
      <Text style={styles.paragraph}>
        The link works once and expires in one hour. Choosing a new password signs you out on every device.
      </Text>
      <Text style={styles.paragraph}>
        If you did not ask for this, ignore this e-mail: your password stays as it is.
      </Text>
    </Layout>
  );
}
