import { data, isRouteErrorResponse, Outlet, redirect, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { anonymous, authStateContext } from "~/features/accounts/actor";
import { decideAdminGate, requireStaff, signOutNonAdmin } from "~/features/accounts/admin-guard.server";
import { NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { viewableScreens } from "~/features/back-office/viewable-screens";
import { BACK_OFFICE_SCREENS } from "~/features/back-office/screens";
import { DayOverviewPanel } from "~/features/overview/day-overview";
import { overviewOf, pendingCounts } from "~/features/overview/day-overview.server";
import { OVERVIEW_TABLES, PENDING_COUNT_TABLES, seesOverview } from "~/features/overview/overview";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { ScreenLead } from "~/ui/admin/screen-header";
import type { PageHandle } from "~/platform/page-handle";
import { AccessDenied, NotPermitted } from "~/ui/admin/access-denied";
import { AdminShell } from "~/features/back-office/admin-shell";
import { MenuCounts } from "~/features/back-office/admin-nav";
import { ApplicationErrorScreen } from "~/ui/errors/error-screens";
import type { Route } from "./+types/layout";

/**
 * The guard of every back-office URL, run before any loader or action below it (see
 * decideAdminGate for the rules). A signed-in non-administrator is signed out on the spot; the
 * rest of the request then runs as an anonymous visitor, whom every loader and action under
 * /admin refuses (requireStaff), so the layout shows Access Denied with a 403. A form post in
 * that state never reaches its action at all.
 */
export const handle: PageHandle = { backOffice: true };

/** What the browser says of where a request came from: another site (`same-site` is another host under our domain). */
const fromAnotherSite = (request: Request) => ["cross-site", "same-site"].includes(request.headers.get("sec-fetch-site") ?? "");

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, url }, next) => {
    const platform = context.get(platformContext);
    const state = context.get(authStateContext);
    const gate = decideAdminGate(state, url.pathname, { requireTwoFactor: platform.env.REQUIRE_ADMIN_2FA });
    if (gate.kind === "redirect") throw redirect(gate.to);

    let signOutHeaders: Headers | undefined;
    // A link from another site is not the person trying the back-office: it gets Access Denied
    // (requireStaff, below) but may not end their session, or any page could sign customers out.
    if (gate.kind === "deny" && !fromAnotherSite(request)) {
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const staff = requireStaff(context.get(authStateContext));
  const platform = context.get(platformContext);
  const screens = viewableScreens(staff);
  // The day's overview sits on the first screen of the person's menu: Bookings for whoever may view it.
  const landing = screens[0]?.path === url.pathname && seesOverview(staff);
  const [counts, overview] = await Promise.all([pendingCounts({ platform, actor: staff }), landing ? overviewOf({ platform, actor: staff }) : null]);
  return { email: staff.email, screens: screens.map((screen) => screen.id), counts, overview };
}

/**
 * The menu's counts and the overview depend on no screen's page, sort, search or open dialog:
 * read them again after a form, a live change, or a move to another screen (where the overview
 * may come or go), not at every click within one.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return currentUrl.search === nextUrl.search && defaultShouldRevalidate;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { overview, counts } = loaderData;
  // Live: the counts' tables and the overview's, less those the screen itself watches (it reads every loader again when they change).
  const screen = BACK_OFFICE_SCREENS.find((candidate) => candidate.path === pathname);
  const shown = Object.entries(OVERVIEW_TABLES).flatMap(([part, tables]) => (overview?.figures?.[part as keyof typeof OVERVIEW_TABLES] ? tables : []));
  useLiveRevalidation([...Object.keys(counts).map((id) => PENDING_COUNT_TABLES[id]!), ...shown].filter((table) => !screen?.liveTables.includes(table)));
  return (
    <MenuCounts value={counts}>
      <AdminShell email={loaderData.email} screens={loaderData.screens}>
        <ScreenLead value={overview && <DayOverviewPanel overview={overview.figures} failed={overview.failed} today={overview.today} collapsed={overview.collapsed} here={`${pathname}${search}`} />}>
          <Outlet />
        </ScreenLead>
      </AdminShell>
    </MenuCounts>
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
  return <ApplicationErrorScreen error={error} />;
}
