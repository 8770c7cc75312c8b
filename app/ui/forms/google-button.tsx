import { Form } from "react-router";
import { Button } from "../primitives/button";
import { useSending } from "~/ui/forms/use-sending";

/** Posts to the current route's action, which starts the Google (OpenID Connect) sign-in. */
export function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const busy = useSending("google");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="google" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={busy}>
        <GoogleMark />
        {busy ? "Redirecting to Google…" : "Continue with Google"}
      </Button>
    </Form>
  );
}

/** Google's "G", in its colours (Google's brand guidelines ask for it on its sign-in buttons). */
export function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.1z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 10l3.7-2.9z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
