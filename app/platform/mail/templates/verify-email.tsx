import { Button, Link, Section, Text } from "@react-email/components";
import { Layout, styles } from "./layout";

export type VerifyEmailProps = { url: string };

export const verifyEmailSubject = () => "Confirm your e-mail address";

export function VerifyEmailEmail({ url }: VerifyEmailProps) {
  return (
    <Layout preview="Confirm your e-mail address to finish signing up" heading="Confirm your e-mail address">
      <Text style={styles.paragraph}>Please confirm this is your address to finish setting up your account.</Text>
      <Section style={{ margin: "0 0 20px" }}>
        <Button href={url} style={styles.button}>
          Confirm e-mail address
        </Button>
      </Section>
      <Text style={styles.paragraph}>
        Or open this link: <Link href={url} style={styles.link}>{url}</Link>
      </Text>
      <Text style={styles.paragraph}>The link expires in 24 hours; you can ask for a new one on your profile page.</Text>
      <Text style={styles.paragraph}>If you did not create an account, you can ignore this e-mail.</Text>
    </Layout>
  );
}
