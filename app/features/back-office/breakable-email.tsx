/** An e-mail that, when it must wrap in a narrow column, wraps before the @ rather than mid-word. */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
