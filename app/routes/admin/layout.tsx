import { data, isRouteErrorResponse, Outlet, redirect } from "react-router";
import { anonymous, authStateContext } from "~/features/accounts/actor";
import { decideAdminGate, requireStaff, signOutNonAdmin } from "~/features/accounts/admin-guard.server";
import { NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { viewableScreens } from "~/features/back-office/viewable-screens";
import type { PageHandle } from "~/platform/page-handle";
import { AccessDenied, NotPermitted } from "~/ui/admin/access-denied";
import { AdminShell } from "~/features/back-office/admin-shell";
import { ApplicationError } from "~/ui/errors/application-error";
import type { Route } from "./+types/layout";

/**
 * The guard of every back-office URL, run before any loader or action below it (see
 * decideAdminGate for the rules). A signed-in non-administrator is signed out on the spot; the
 * rest of the request then runs as an anonymous visitor, whom every loader and action under
 * /admin refuses (requireStaff), so the layout shows Access Denied with a 403. A form post in
 * that state never reaches its action at all.
 */
export const handle: PageHandle = { backOffice: true };

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, url }, next) => {
    const platform = context.get(platformContext);
    const state = context.get(authStateContext);
    const gate = decideAdminGate(state, url.pathname, { requireTwoFactor: platform.env.REQUIRE_ADMIN_2FA });
    if (gate.kind === "redirect") throw redirect(gate.to);

    let signOutHeaders: Headers | undefined;
    if (gate.kind === "deny") {
      const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
      signOutHeaders = await signOutNonAdmin(platform, state, meta, url.pathname);
      context.set(authStateContext, { actor: anonymous });
      if (request.method !== "GET" && request.method !== "HEAD") throw data({ message: NOT_ADMIN_MESSAGE }, { status: 403, headers: signOutHeaders });
    }
    const response = await next();
    signOutHeaders?.forEach((value, key) => response.headers.append(key, value));
    // Back-office pages hold personal data: never keep them in a shared or back/forward cache.
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context.get(authStateContext));
  return { email: staff.email, screens: viewableScreens(staff).map((screen) => screen.id) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} screens={loaderData.screens}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  if (isRouteErrorResponse(error) && error.status === 403 && typeof message === "string" && message !== NOT_ADMIN_MESSAGE) {
    return (
      <>
        <title>Access Denied | Apiary</title>
        <NotPermitted message={message} />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <title>Access Denied | Apiary</title>
        <AccessDenied message={NOT_ADMIN_MESSAGE} />
      </>
    );
  }
  return <ApplicationError error={error} />;
}
