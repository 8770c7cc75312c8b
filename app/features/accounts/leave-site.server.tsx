import { renderToStaticMarkup } from "react-dom/server";
import { createCookie, redirect, type Cookie } from "react-router";

/**
 * Sending a browser from one of our forms to another site: Google, or an organisation's OpenID
 * provider. With JavaScript the form is fetched and React Router follows the redirect as a new
 * page load. A native post (no JavaScript) cannot be redirected off-site: Chromium checks every
 * redirect of a form submission against the CSP's `form-action 'self'` and blocks the one to
 * Google. So a native post is answered with a redirect to our own LEAVE_PATH (still 'self'),
 * which answers a page that moves on by itself (a meta refresh starts a navigation of its own,
 * which form-action does not govern) and holds a link for the reader. The destination travels
 * in a signed cookie scoped to that path, so LEAVE_PATH sends nobody anywhere they were not
 * already being sent.
 */

export const LEAVE_PATH = "/continue-to-sign-in";

const cookies = new Map<string, Cookie>();
function destinationCookie(secret: string) {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("apiary_leaving_for", { httpOnly: true, sameSite: "lax", path: LEAVE_PATH, maxAge: 120, secrets: [secret] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

/** A native form post is a top-level navigation; React Router's fetch of the same form is not. */
function isNativeFormPost(requestHeaders: Headers) {
  return requestHeaders.get("sec-fetch-mode") === "navigate";
}

/**
 * `response` is a form's answer that may redirect off-site. Unchanged for a fetch (and for a
 * browser that does not say how it asks); for a native post, the same cookies and a redirect
 * to LEAVE_PATH, which carries on to the destination.
 */
export async function leavingSite(requestHeaders: Headers, response: Response, secret: string): Promise<Response> {
  const location = response.headers.get("location");
  if (!location || response.status < 300 || response.status >= 400 || !isNativeFormPost(requestHeaders)) return response;
  const destination = new URL(location, "http://same.invalid");
  if (destination.origin === "http://same.invalid" || !/^https?:$/.test(destination.protocol)) return response;
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await destinationCookie(secret).serialize(destination.href));
  return redirect(LEAVE_PATH, { status: 303, headers });
}

/** LEAVE_PATH's answer: the page that carries on to the destination, or home without one (expired, or opened by hand). */
export async function leavePage(request: Request, secret: string): Promise<Response> {
  const cookie = destinationCookie(secret);
  const destination: unknown = await cookie.parse(request.headers.get("cookie")).catch(() => null);
  const clear = await cookie.serialize("", { maxAge: 0 });
  if (typeof destination !== "string" || !/^https?:\/\//.test(destination)) return redirect("/", { headers: { "Set-Cookie": clear } });
  const host = new URL(destination).host;
  // React writes the address escaped; the page stands alone (no app around it: it is gone at once).
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta httpEquiv="refresh" content={`0;url=${destination}`} />
        <title>Continuing to sign in | Apiary</title>
      </head>
      <body style={{ fontFamily: "system-ui, sans-serif", background: "#faf6ec", color: "#1c2b22", margin: 0, padding: "3rem 1rem" }}>
        <main style={{ maxWidth: "28rem", margin: "0 auto" }}>
          <h1 style={{ fontSize: "1.75rem" }}>Continuing to sign in</h1>
          <p>Taking you to {host} to sign in.</p>
          <p>
            <a href={destination} style={{ color: "#1f4d36", fontWeight: 600 }}>
              Continue to {host}
            </a>
          </p>
        </main>
      </body>
    </html>,
  );
  return new Response(`<!doctype html>${html}`, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Set-Cookie": clear } });
}
