import { data, redirect } from "react-router";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { ForbiddenError } from "~/features/accounts/permissions";
import { backOfficeContext } from "~/features/back-office/screen-route.server";
import { SAVED } from "~/features/back-office/messages";
import { PERSON_MISSING, PERSON_MISSING_TITLE } from "~/features/people/messages";
import { mayOpenPeople, PEOPLE_FORBIDDEN } from "~/features/people/person-access";
import { BY_EMAIL, personPath } from "~/features/people/person-links";
import { loadPerson, resetPersonPassword } from "~/features/people/person.server";
import { PersonView } from "~/features/people/person-view";
import { PASSWORD_RESET_FAILED } from "~/features/users/messages";
import { ResetPasswordDialog } from "~/features/users/reset-password-dialog";
import { formValues } from "~/platform/form-values";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { failed, type Result } from "~/platform/result";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import { lastSubmission } from "~/ui/admin/last-submission";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.record ? loaded.record.name || loaded.record.email : PERSON_MISSING_TITLE} | Apiary Back-office` }];

/** What the page shows changes with these tables (the outbox is not watched: its e-mails show at the next visit). */
const LIVE_TABLES = ["users", "profiles", "user_roles", "sponsors", "bookings", "hive_adoptions", "payment_history", "hives", "security_audit_log"] as const;

export async function loader(args: Route.LoaderArgs) {
  const ctx = backOfficeContext(args);
  if (!mayOpenPeople(ctx.actor)) throw data({ message: PEOPLE_FORBIDDEN }, { status: 403 });
  const search = new URL(args.request.url).searchParams;
  const lookup = await loadPerson(ctx, args.params.id === BY_EMAIL ? { email: search.get("email") ?? "" } : { userId: args.params.id });
  if (lookup.kind === "account") throw redirect(personPath(lookup.userId));
  if (lookup.kind === "missing") return data({ record: null, dialog: null }, { status: 404 });
  const dialog = search.get("dialog") === "password" && lookup.record.can.resetPassword ? ("password" as const) : null;
  return { record: lookup.record, dialog };
}

/** Reset Password, the page's one command (booking and payments go to their own screens' dialogs). */
export async function action(args: Route.ActionArgs) {
  const ctx = backOfficeContext(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "reset-password") throw data({ message: "Unknown action" }, { status: 400 });
  const values = formValues(form);
  const result: Result = await resetPersonPassword(ctx, args.params.id, values).catch(async (error: unknown): Promise<Result> => {
    if (!(error instanceof ForbiddenError)) throw error;
    // A refusal is a security event, as on every screen: Activity shows who tried what.
    const userId = ctx.actor.kind === "anonymous" ? null : ctx.actor.userId;
    await recordAuditEvent(ctx.platform.db, { type: "refused", userId, details: { module: error.module, action: error.action, screen: "person", intent } }, ctx.meta);
    return failed(403, error.message);
  });
  if (!result.ok) return replyRefused(result, { title: PASSWORD_RESET_FAILED, values }, { intent });
  throw await redirectWithToast(personPath(args.params.id), result.toast ?? SAVED, ctx.platform.authSecret);
}

export default function PersonScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(LIVE_TABLES);
  const { record, dialog } = loaderData;
  if (!record) {
    return (
      <section aria-labelledby="person-missing" className="max-w-xl">
        <h1 id="person-missing" className="text-3xl font-bold tracking-tight text-ink">
          {PERSON_MISSING_TITLE}
        </h1>
        <p className="mt-2 text-ink-muted">{PERSON_MISSING}</p>
        <ButtonLink to="/admin" variant="outline" className="mt-6">
          Back to the back-office
        </ButtonLink>
      </section>
    );
  }
  const here = record.userId ? personPath(record.userId) : "";
  return (
    <>
      <PersonView record={record} passwordHref={`${here}?dialog=password`} />
      {dialog === "password" && record.userId && <ResetPasswordDialog person={{ id: record.userId, email: record.email }} closeHref={here} lastResult={lastSubmission(actionData)} />}
    </>
  );
}
