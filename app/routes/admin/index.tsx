import { LayoutDashboard } from "lucide-react";
import { data, redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { adminDestination, backOfficeAddress, requireStaff } from "~/features/accounts/admin-guard.server";
import type { StaffActor } from "~/features/accounts/actor";
import { VALIDATION_ERROR_TITLE } from "~/features/accounts/messages";
import { OVERVIEW_INTENT } from "~/features/overview/overview";
import { rememberOverview } from "~/features/overview/overview-preference.server";
import { replyRefused } from "~/platform/toast.server";
import { viewableScreens } from "~/features/back-office/viewable-screens";
import { answerPasswordChange } from "~/features/accounts/password-change.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { CHANGE_PASSWORD_INTENT } from "~/features/accounts/change-password-form";
import { ForcedChangePasswordDialog } from "~/features/accounts/change-password-dialog";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Back-office | Apiary" }];

/**
 * /admin lands on the first screen the person may view. Only someone who must first replace the
 * initial password (the dialog below), or whose role opens no screen yet, stays here.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireStaff(context.get(authStateContext));
  const first = viewableScreens(admin)[0];
  if (first && !admin.firstLogin) throw redirect(first.path);
  return {
    email: admin.email,
    firstLogin: admin.firstLogin,
    // Where the admin was going when the first-login change stopped them.
    redirectTo: adminDestination(url.searchParams.get("redirectTo")),
  };
}

type HomePost = { request: Request; context: Route.ActionArgs["context"]; admin: StaffActor; values: ReturnType<typeof formValues> };

/**
 * The back-office's own posts: the first-login password change (the guard keeps a first-login
 * admin on /admin), and showing or hiding the day's overview, from whichever screen it is on.
 */
const INTENTS = {
  [CHANGE_PASSWORD_INTENT]: ({ request, context, admin, values }: HomePost) => {
    const session = context.get(authStateContext).session;
    if (!session) throw data({ message: "Unknown action" }, { status: 400 });
    const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
    return answerPasswordChange({ platform: context.get(platformContext), admin, sessionId: session.id, session, values, meta });
  },
  [OVERVIEW_INTENT]: async ({ context, admin, values }: HomePost) => {
    const outcome = await rememberOverview(context.get(platformContext).db, admin, values);
    if (!outcome.ok) return replyRefused(outcome, { title: VALIDATION_ERROR_TITLE, values });
    // Without JavaScript the form says where it came from; with it, the page stays as it is.
    if (typeof values.redirectTo === "string") throw redirect(backOfficeAddress(values.redirectTo));
    return { collapsed: outcome.value.collapsed };
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireStaff(context.get(authStateContext));
  const values = formValues(await request.formData());
  const intent = String(values.intent ?? "");
  if (!Object.hasOwn(INTENTS, intent)) throw data({ message: "Unknown action" }, { status: 400 });
  return INTENTS[intent as keyof typeof INTENTS]({ request, context, admin, values });
}

export default function AdminHome({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The overview's answer ({ collapsed }) goes to its own fetcher, never to this page.
  const actionData = answer && "result" in answer ? answer : undefined;
  useToast(actionData?.toast);
  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Back-office</h1>
        <p className="mt-1 text-ink-muted">Signed in as {loaderData.email}.</p>
      </header>
      {!loaderData.firstLogin && (
        <section className="mt-8 rounded-3xl border border-dashed border-border bg-surface p-8 text-center" aria-labelledby="no-screens">
          <div className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-honey-100 text-honey-800" aria-hidden="true">
            <LayoutDashboard className="size-6" />
          </div>
          <h2 id="no-screens" className="mt-4 text-lg font-semibold text-ink">
            Your role doesn't open any screen yet
          </h2>
          <p className="mx-auto mt-2 max-w-md text-ink-muted">
            Ask an administrator to grant your role what you need in Role Permissions. Your account's security settings are in the menu.
          </p>
        </section>
      )}
      {loaderData.firstLogin && (
        <ForcedChangePasswordDialog email={loaderData.email} redirectTo={loaderData.redirectTo} lastResult={actionData?.result} />
      )}
    </>
  );
}
