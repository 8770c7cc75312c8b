import { Link, Text } from "@react-email/components";
import { Details, Layout, MultilineText, styles } from "./layout";

/** A visitor's message from the contact form, sent to the organisation. */
export type ContactProps = { name: string; email: string; subject: string; message: string };

export const contactSubject = (p: ContactProps) => `New contact message: ${p.subject}`;

export function ContactEmail({ name, email, subject, message }: ContactProps) {
  return (
    <Layout preview={`${name} wrote: ${subject}`} heading="New contact message">
      <Text style={styles.paragraph}>Someone sent a message through the contact form on the website.</Text>
      <Details
        rows={[
          ["Name", name],
          ["E-mail", <Link key="email" href={`mailto:${email}`} style={styles.link}>{email}</Link>],
          ["Subject", subject],
        ]}
      />
      <MultilineText text={message} />
      <Text style={styles.paragraph}>Replying to this e-mail answers {name} directly.</Text>
    </Layout>
  );
}
