import { MailCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { confirmEmailChange, undoEmailChange } from "~/features/accounts/email-change.server";
import { EMAIL_CHANGE_FAILED_TITLE } from "~/features/accounts/security-tab/account-change-messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { profileTabHref } from "~/features/sponsors/profile-tab";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast } from "~/platform/toast";
import { redirectWithToast, replyWithToast } from "~/platform/toast.server";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/email-change";

export const meta: Route.MetaFunction = () => [{ title: "Email address | Apiary" }, { name: "robots", content: "noindex" }];

/**
 * Where the e-mail change links lead: `?confirm=` (sent to the new address) and `?undo=` (sent to
 * the old one). Opening the link changes nothing (mail scanners open links too): the page asks
 * for one click, which posts the token.
 */
export function loader({ url }: Route.LoaderArgs) {
  const confirm = url.searchParams.get("confirm");
  const undo = url.searchParams.get("undo");
  return confirm ? { kind: "confirm" as const, token: confirm } : undo ? { kind: "undo" as const, token: undo } : { kind: null, token: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const form = await request.formData();
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const undo = form.get("kind") === "undo";
  const outcome = undo ? await undoEmailChange(platform, form.get("token"), meta) : await confirmEmailChange(platform, form.get("token"), meta);
  if (!outcome.ok) return replyWithToast({ message: outcome.message }, errorToast(EMAIL_CHANGE_FAILED_TITLE, outcome.message), outcome.status);
  // Undone: every session has ended, so to the sign-in page. Confirmed: to the account (its sign-in page when not signed in here).
  const { actor } = context.get(authStateContext);
  const to = undo || actor.kind === "anonymous" ? `/customer-auth?redirectTo=${encodeURIComponent(profileTabHref("security"))}` : profileTabHref("security");
  throw await redirectWithToast(to, outcome.toast ?? null, platform.authSecret);
}

export default function EmailChange({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const navigation = useNavigation();
  const { kind, token } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink">
          <MailCheck aria-hidden="true" className="size-6 shrink-0 text-forest-700" />
          {kind === "undo" ? "Undo the email change" : "Confirm your new email address"}
        </h1>
        {actionData?.message ? (
          <p role="alert" className="mt-4 text-ink">
            {actionData.message}
          </p>
        ) : kind ? (
          <Form method="post" className="mt-4 flex flex-col gap-4">
            <p className="text-ink-muted">
              {kind === "undo"
                ? "Your previous address comes back, and every device signed in to your account is signed out."
                : "Your account's email address changes to the one this link was sent to."}
            </p>
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="token" value={token} />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {kind === "undo" ? "Undo the change" : "Confirm new address"}
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-ink">This link is incomplete. Open it again from your email.</p>
        )}
      </div>
    </div>
  );
}
