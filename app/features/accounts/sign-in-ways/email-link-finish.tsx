import { Form } from "react-router";
import { Button } from "~/ui/primitives/button";
import { useSending } from "~/ui/forms/use-sending";

/**
 * Where the e-mailed link lands: one button that posts the link's token. Mail scanners open links
 * to check them; a click is needed so that they cannot spend the link before its reader does.
 */
export function EmailLinkFinish({ token, redirectTo, failed }: { token: string; redirectTo: string; failed: string | null }) {
  const busy = useSending("email-link");
  return (
    <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-forest-50 p-4 text-center">
      <p className="font-semibold text-ink">Finish signing in</p>
      {failed ? (
        <p className="text-sm text-ink" role="alert">
          {failed}
        </p>
      ) : (
        <Form method="post" replace className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="email-link" />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Signing in…" : "Sign in to Apiary"}
          </Button>
        </Form>
      )}
    </div>
  );
}
