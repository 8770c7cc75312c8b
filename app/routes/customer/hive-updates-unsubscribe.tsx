import { data, Form, useNavigation } from "react-router";
import { readUnsubscribeToken, setHiveUpdateEmails } from "~/features/hives/hive-update-emails.server";
import { UNSUBSCRIBE_LINK_NOT_VALID } from "~/features/hives/messages";
import { platformContext } from "~/platform/request-context";
import { Button, ButtonLink } from "~/ui/primitives/button";
import type { Route } from "./+types/hive-updates-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Hive update e-mails | Apiary" },
  { name: "robots", content: "noindex" },
  // The link is the key to this page: don't leak it to other sites.
  { name: "referrer", content: "no-referrer" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The unsubscribe link of hive update e-mails, without signing in. Opening it only asks (mail
 * scanners open links); the button does it, and can undo it.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const valid = readUnsubscribeToken(params.token, context.get(platformContext).authSecret) !== null;
  return data({ valid, done: null as null | "off" | "on" }, { status: valid ? 200 : 404 });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const wanted = (await request.formData()).get("emails") === "on";
  const outcome = await setHiveUpdateEmails(platform.db, params.token, platform.authSecret, wanted);
  if (!outcome.ok) return data({ valid: false, done: null }, { status: outcome.status });
  return { valid: true, done: wanted ? ("on" as const) : ("off" as const) };
}

export default function HiveUpdatesUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { valid, done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      {!valid ? (
        <>
          <h1 className="text-3xl font-bold text-ink">{UNSUBSCRIBE_LINK_NOT_VALID}</h1>
          <p className="mt-3 text-ink-muted">Please use the link from your latest hive update e-mail, or contact us and we will stop them for you.</p>
          <ButtonLink to="/contact" className="mt-6">
            Contact Us
          </ButtonLink>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-ink">{done === "off" ? "You will no longer get hive updates by e-mail" : done === "on" ? "Hive update e-mails are back on" : "Stop hive update e-mails?"}</h1>
          <p role="status" className="mt-3 text-ink-muted">
            {done === "off"
              ? "Your adoption is unchanged, and every update is still in My Adoptions in your sponsor profile."
              : done === "on"
                ? "We will e-mail you each update of your hive again."
                : "You will still find every update of your hive in My Adoptions. Other e-mails about your adoption (payments, renewals) still reach you."}
          </p>
          <Form method="post" className="mt-6 flex justify-center gap-3">
            {done === "off" ? (
              <Button type="submit" name="emails" value="on" variant="outline" disabled={navigation.state !== "idle"}>
                Turn them back on
              </Button>
            ) : done === "on" ? null : (
              <Button type="submit" name="emails" value="off" disabled={navigation.state !== "idle"}>
                Stop hive update e-mails
              </Button>
            )}
          </Form>
        </>
      )}
    </div>
  );
}
