import { shownIdentity } from "~/features/accounts/shown-identity.server";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import fontsCss from "./fonts.css?url";
import { authStateContext } from "./features/accounts/actor";
import { resolveAuthState } from "./features/accounts/session.server";
import { menuForEveryPage } from "./features/content/menu.server";
import { HYDRATED_MARK } from "./platform/html/deferred-hydration";
import { pageHydrated } from "./platform/html/after-hydration";
import { useNonce } from "./platform/nonce";
import { useInBackOffice, useLiveTables, useStaticDocument, type PageHandle } from "./platform/page-handle";
import { useLiveRevalidation } from "./platform/realtime/use-live-revalidation";
import { VIEWER_ATTRIBUTE, viewerName } from "./platform/realtime/session-across-tabs";
import { useSessionRevalidation } from "./platform/realtime/use-session-revalidation";
import { flashToastContext, serverPlatformContext, platformContext } from "./platform/request-context";
import { isSameOriginRequest } from "./platform/security/origin";
import { withFlashToast } from "./platform/toast.server";
import { FlashToast } from "./ui/toast/flash-toast";
import { Toaster, useErrorToastsClearedOnSubmit } from "./ui/toast/show-toast";
import { useToast } from "./ui/toast/use-toast";
import { getPlatform } from "./platform/runtime.server";
import { startPlatform } from "./features/start-platform.server";
import { ApplicationErrorScreen, NotFoundScreen, usePreparedErrorScreens } from "./ui/errors/error-screens";
import { SiteShell } from "./ui/layout/site-shell";
// Bundled on its own (Vite's worker build is a plain bundle with its own URL): pages served
// without React load only this.
import shellScriptUrl from "./ui/layout/shell-script.ts?worker&url";

export const handle: PageHandle = { live: ["menu_items"], publicCache: true };

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const platform = context.get(serverPlatformContext) ?? (await getPlatform(startPlatform));
    context.set(platformContext, platform);
    // CSRF: a state-changing request that names another site as its origin is refused.
    if (!isSameOriginRequest(request, platform.env.APP_URL)) {
      platform.logger.warn({ origin: request.headers.get("origin"), path: new URL(request.url).pathname }, "cross-origin request refused");
      throw data("Cross-origin request refused", { status: 403 });
    }
    const { state, headers } = await resolveAuthState(platform, request);
    context.set(authStateContext, state);
    const response = await withFlashToast(request, platform.authSecret, (toast) => {
      context.set(flashToastContext, toast);
      return next();
    });
    headers.forEach((value, key) => response.headers.append(key, value));
    return response;
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { env } = platform;
  const { actor } = context.get(authStateContext);
  return {
    /** The public origin, for canonical URLs and sharing cards (see ui/seo.ts). */
    siteUrl: env.APP_URL,
    menuItems: await menuForEveryPage(platform),
    social: { facebook: env.SOCIAL_FACEBOOK_URL, x: env.SOCIAL_X_URL, youtube: env.SOCIAL_YOUTUBE_URL },
    user: actor.kind === "anonymous" ? null : { email: shownIdentity(actor.email) },
    toast: context.get(flashToastContext),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  // Not render-blocking (media="print" until shell-script.ts applies it after the first paint):
  // the fonts never delay the first paint; without JavaScript the sized fallbacks stay.
  { rel: "stylesheet", href: fontsCss, media: "print" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const staticDocument = useStaticDocument();
  const root = useRouteLoaderData<typeof loader>("root");
  useEffect(() => {
    // Browser tests wait for this before they interact (error screens included).
    document.documentElement.dataset.hydrated = "true";
    performance.mark(HYDRATED_MARK);
    pageHydrated();
  }, []);
  const viewer = { [VIEWER_ATTRIBUTE]: root ? viewerName(root.user) : undefined };
  return (
    <html lang="en" data-static={staticDocument ? "" : undefined} {...viewer}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6b40e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <script type="module" src={shellScriptUrl} nonce={nonce} suppressHydrationWarning />
        {!staticDocument && (
          <>
            <Toaster position="top-center" richColors closeButton duration={5000} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(useLiveTables());
  useSessionRevalidation();
  useToast(loaderData.toast);
  useErrorToastsClearedOnSubmit();
  usePreparedErrorScreens();
  const staticDocument = useStaticDocument();
  const inBackOffice = useInBackOffice();
  return (
    <>
      {staticDocument && loaderData.toast && <FlashToast toast={loaderData.toast} />}
      <SiteShell menuItems={loaderData.menuItems} user={loaderData.user} footer={inBackOffice ? null : { social: loaderData.social }}>
        <Outlet />
      </SiteShell>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404 && data) {
    return (
      <SiteShell menuItems={data.menuItems} user={data.user} footer={{ social: data.social }}>
        <title>Page Not Found | Apiary</title>
        <NotFoundScreen />
      </SiteShell>
    );
  }
  return (
    <>
      <title>Application Error | Apiary</title>
      <ApplicationErrorScreen error={error} />
    </>
  );
}
