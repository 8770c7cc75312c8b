import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacterMessage } from "~/platform/plain-text";
import { FORM_BODY_MESSAGES } from "../../server/form-bodies";
import { startGoogleProvider } from "../e2e/google-provider";
import { seededDataDir } from "../setup/databases";
import { cookieOf } from "../setup/platform";
import { waitFor } from "../setup/smtp-sink";
import { freePort, spawnServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * The production server as it runs in a deployment: behind a TLS-terminating reverse proxy
 * (APP_URL is https, the proxy speaks http to it), sent what an attacker or a broken client
 * sends. Every answer is a 4xx with a message, never a 500, and nothing personal reaches the log.
 */
const PUBLIC = "https://apiary.test";

describe("behind an https reverse proxy", () => {
  let server: ServerProcess;
  let stopGoogle: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A local OpenID provider for Google's discovery document (the authorize step is never visited).
    const googlePort = await freePort();
    stopGoogle = await startGoogleProvider(googlePort);
    server = spawnServer({
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${googlePort}/.well-known/openid-configuration`, PORT: String(await freePort()), DATA_DIR: seededDataDir(), APP_URL: PUBLIC, TRUST_PROXY_HOPS: "1", GOOGLE_CLIENT_ID: "apiary-test", GOOGLE_CLIENT_SECRET: "apiary-test-secret" });
    await waitUntilHealthy(server);
  }, 90_000);
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await stopGoogle?.();
  });

  /** A post as the proxy forwards it: http to the app, the browser's https Origin. */
  const post = (path: string, body: BodyInit, init: { type?: string; cookie?: string; origin?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      body,
      headers: {
        origin: init.origin ?? PUBLIC,
        "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
        ...(init.type ? { "content-type": init.type } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      },
    });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const contact = { name: "Rosa", email: "rosa@example.com", subject: "Hives", message: "Tell me about the hives, please." };
  const cookiesOf = (response: Response) => response.headers.getSetCookie();

  async function signUp() {
    const email = `proxy-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const response = await post("/customer-auth", form({ intent: "signup", email, password: "Hive-Meadow-Lantern-31", redirectTo: "/sponsor-profile" }));
    expect(response.status, await response.clone().text()).toBeLessThan(400);
    return { email, setCookies: cookiesOf(response), cookie: cookieOf(response.headers) };
  }

  it("accepts a form posted from the public https address, as a document and as a .data request", async () => {
    // Sent: back to the form, the toast in a cookie (post, redirect, get).
    const document = await post("/contact", form(contact));
    expect(document.status).toBe(302);
    expect(cookiesOf(document).some((line) => line.startsWith("apiary_toast="))).toBe(true);
    const single = await post("/contact.data", form(contact));
    expect(single.status).toBeLessThan(400);
  });

  it("still refuses a form posted from another site", async () => {
    for (const origin of ["https://evil.example", server.url, "http://apiary.test"]) {
      const response = await post("/contact", form(contact), { origin });
      expect(response.status, origin).toBe(400);
      expect(await response.text()).toBe("Cross-site form posts are refused.");
    }
  });

  it("marks every cookie it sets Secure: session, toast, first factor, Google start", async () => {
    const { setCookies: signUpCookies, cookie } = await signUp();
    const loggedOut = await post("/logout", form({}), { cookie });
    const adminGoogle = await post("/auth", form({ intent: "google" }));
    const customerGoogle = await post("/customer-auth", form({ intent: "google" }));
    expect([adminGoogle.status, customerGoogle.status]).toEqual([302, 302]);
    const all = [...signUpCookies, ...cookiesOf(loggedOut), ...cookiesOf(adminGoogle), ...cookiesOf(customerGoogle)];
    const names = new Set(all.map((line) => line.split("=")[0]));
    // Better Auth's own cookies take the __Secure- prefix under https; the app's are marked.
    expect([...names].sort()).toEqual([
      "__Secure-apiary.dont_remember",
      "__Secure-apiary.session_data",
      "__Secure-apiary.session_token",
      "__Secure-apiary.state",
      "apiary_first_factor",
      "apiary_google_started",
      "apiary_toast",
    ]);
    for (const line of all) expect(line, line).toMatch(/;\s*Secure(;|$)/i);
  });

  it("never lets a signed-in person's pages be cached; lets shared caches keep anonymous public pages briefly", async () => {
    const { cookie } = await signUp();
    for (const path of ["/sponsor-profile", "/adopt-hive-signup", "/home", "/stanwood"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toMatch(/\bno-store\b/);
    }
    const anonymous = await fetch(`${server.url}/home`);
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    // A guest's stay page is opened by its link, signed in or not.
    const stay = await fetch(`${server.url}/stay/AbCdEfGhIjKlMnOpQrStUvWx`);
    expect(stay.headers.get("cache-control")).toBe("private, no-store");
    // Its link is the key to the booking: the request log keeps the path without it.
    await waitFor(() => server.stdout().includes('"path":"/stay/[link]"'), "the stay request's log line");
    expect(server.stdout()).not.toContain("AbCdEfGhIjKlMnOpQrStUvWx");
    const asset = await fetch(`${server.url}/favicon.svg`, { headers: { cookie } });
    expect(asset.headers.get("cache-control")).not.toBe("private, no-store");
  });

  it("sends /logout's others-scope back only to a path of this site", async () => {
    const { cookie } = await signUp();
    for (const referer of [`${PUBLIC}//evil.example/path`, `${PUBLIC}/\\evil.example`, `${PUBLIC}/.//evil.example`, "https://evil.example/sponsor-profile"]) {
      const response = await post("/logout", form({ scope: "others" }), { cookie, headers: { referer } });
      expect(response.status, referer).toBe(302);
      expect(response.headers.get("location"), referer).toBe("/sponsor-profile");
    }
    const home = await post("/logout", form({ scope: "others" }), { cookie, headers: { referer: `${PUBLIC}/home?tab=1` } });
    expect(home.headers.get("location")).toBe("/home?tab=1");
  });

  const ACTIONS = [
    "/contact",
    "/customer-auth",
    "/auth",
    "/admin-setup",
    "/forgot-password",
    "/reset-password",
    "/sponsor-profile",
    "/adopt-hive-signup",
    "/api/bookings",
    "/admin/security",
    "/api/passkeys/options",
    "/logout",
  ];

  it.each(ACTIONS)("%s: a body that is not a form is a 415 or 400 with a message, never a 500", async (path) => {
    const json = await post(path, "{}", { type: "application/json" });
    expect(json.status).toBe(415);
    expect(await json.text()).toBe(FORM_BODY_MESSAGES.unsupported);
    const text = await post(path, "hello", { type: "text/plain" });
    expect(text.status).toBe(415);
    // Bytes, so that fetch adds no Content-Type of its own.
    const none = await post(path, new TextEncoder().encode("name=x"));
    expect(none.status).toBe(415);
    const broken = await post(path, "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated", { type: "multipart/form-data; boundary=xyz" });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe(FORM_BODY_MESSAGES.malformed);
  });

  it("refuses a body over 1 MB as soon as it passes the limit, whether announced or streamed", async () => {
    const announced = await post("/contact", "a=".padEnd(2 * 1024 * 1024, "x"), { type: "application/x-www-form-urlencoded" });
    expect(announced.status).toBe(413);
    expect(await announced.text()).toBe(FORM_BODY_MESSAGES.tooLarge);

    // 50 MB without a Content-Length: answered once 1 MB has arrived, the rest never read.
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      const req = httpRequest(`${server.url}/contact`, {
        method: "POST",
        headers: { origin: PUBLIC, "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      });
      req.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        req.destroy();
      });
      req.on("error", (error) => (sent > 0 ? undefined : reject(error)));
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it("answers a NUL in a text field with the field's message and keeps the guest's details out of the log", async () => {
    const { cookie } = await signUp();
    const guestEmail = `nul-guest-${Date.now()}@example.com`;
    const response = await post(
      "/api/bookings",
      form({ assetId: crypto.randomUUID(), checkInDate: "2027-08-01", checkOutDate: "2027-08-03", guestName: "Rosa\u0000Guest", guestEmail, numberOfGuests: "2" }),
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(controlCharacterMessage("Guest name"));

    const contactNul = await post("/contact", form({ ...contact, name: "Ro\u0000sa" }));
    expect(contactNul.status).toBe(400);
    expect(await contactNul.text()).toContain(controlCharacterMessage("Name"));

    expect((await fetch(`${server.url}/blog/%00`)).status).toBe(404);
    expect((await fetch(`${server.url}/%00`)).status).toBe(404);
    expect(server.stdout() + server.stderr()).not.toContain(guestEmail);
    expect(server.stdout()).not.toMatch(/"level":50/);
  });
});
