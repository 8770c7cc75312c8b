/**
 * An e-mail that, when it must wrap in a narrow column, wraps before the @ (or at a hyphen or a
 * dot's neighbour, as text does) rather than mid-word: give its container `[overflow-wrap:break-word]`,
 * which breaks inside a word only when a part is wider than the whole line.
 */
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
