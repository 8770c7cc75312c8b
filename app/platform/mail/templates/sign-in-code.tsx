import { Button, Link, Section, Text } from "@react-email/components";
import { Layout, styles } from "./layout";

/** `url` only for signing in: proving a new address for an account is done by the code alone. */
export type SignInCodeProps = { code: string; url?: string; purpose: "sign-in" | "add-email" | "reauthenticate" };

const SUBJECTS = { "sign-in": "is your Apiary sign-in code", "add-email": "is your code to confirm this address", reauthenticate: "is your code to confirm it's you" } as const;

export const signInCodeSubject = ({ code, purpose }: SignInCodeProps) => `${code} ${SUBJECTS[purpose]}`;

const codeStyle = { fontSize: "32px", fontWeight: 700, letterSpacing: "6px", margin: "0 0 20px", fontFamily: "ui-monospace, Menlo, Consolas, monospace" };

export function SignInCodeEmail({ code, url, purpose }: SignInCodeProps) {
  const signIn = purpose === "sign-in";
  return (
    <Layout
      preview={signIn ? "Your sign-in link and code, valid for 10 minutes" : purpose === "add-email" ? "Your code to confirm this address, valid for 10 minutes" : "Your code to confirm it's you, valid for 10 minutes"}
      heading={signIn ? "Sign in to Apiary" : purpose === "add-email" ? "Confirm your e-mail address" : "Confirm it's you"}
    >
      {signIn && url && (
        <>
          <Text style={styles.paragraph}>Use this button to sign in on this device:</Text>
          <Section style={{ margin: "0 0 20px" }}>
            <Button href={url} style={styles.button}>
              Sign in to Apiary
            </Button>
          </Section>
          <Text style={styles.paragraph}>
            Or open this link: <Link href={url} style={styles.link}>{url}</Link>
          </Text>
        </>
      )}
      <Text style={styles.paragraph}>{signIn && url ? "Or type this code on the sign-in page:" : "Type this code on the page that asked for it:"}</Text>
      <Text style={codeStyle}>{code}</Text>
      <Text style={styles.paragraph}>The {signIn && url ? "link and code work" : "code works"} once, for 10 minutes. Never share {signIn && url ? "them" : "it"}: nobody from Apiary will ask for {signIn && url ? "them" : "it"}.</Text>
      <Text style={styles.paragraph}>If you did not ask for this, you can ignore this e-mail.</Text>
    </Layout>
  );
}
