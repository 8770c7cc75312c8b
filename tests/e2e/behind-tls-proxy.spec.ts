import { ADMIN_LANDING, nextCode, submitAdminLogin, totpFor } from "./admin-helpers";
import { signUp, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";
import { freeStay, openPortalBooking, pickPortalStay } from "./stays-helpers";
import { freePort } from "../setup/server-process";
import { startTlsProxy, type TlsProxy } from "../setup/tls-proxy";

/**
 * The deployment of docs/deployment.md, end to end: nginx terminates TLS (tests/setup/tls-proxy.ts)
 * and speaks http to the built app, whose APP_URL is the https address. Forms are posted
 * from https, through the proxy, as every visitor's are in production.
 */
const PROXY_PORT = await freePort();
const PUBLIC = `https://localhost:${PROXY_PORT}`;

const OWN_SERVER = { reason: "served at an https address, through nginx", settings: { APP_URL: PUBLIC } };

test.use({
  ownServer: OWN_SERVER,
  baseURL: PUBLIC,
  ignoreHTTPSErrors: true,
});
test.describe.configure({ mode: "default" });

let proxy: TlsProxy | undefined;

test.beforeAll(async ({ servers }, testInfo) => {
  const server = await servers.ownFor(testInfo.file, OWN_SERVER.settings);
  proxy = await startTlsProxy({ appPort: new URL(server.url).port, port: PROXY_PORT });
});

test.afterAll(() => proxy?.stop());

test("a visitor signs up, books a stay and writes to the team, over https through the proxy", async ({ page, context }) => {
  // HSTS on every answer: the page and a script of its bundle (which carries no other page header).
  const document = await page.request.get("/customer-auth");
  expect(document.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  const script = /\/assets\/[\w.-]+\.js/.exec(await document.text())![0];
  const bundle = await page.request.get(script, { headers: { "accept-encoding": "br" } });
  expect(bundle.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(bundle.headers()["content-encoding"]).toBe("br");
  expect(bundle.headers()["referrer-policy"]).toBeUndefined();

  const email = uniqueEmail("tls");
  await signUp(page, email);
  const cookies = await context.cookies(PUBLIC);
  expect(cookies.find((c) => c.name === "__Secure-apiary.session_token")?.secure).toBe(true);

  await waitForHydration(page);
  const assetId = await openPortalBooking(page);
  await waitForHydration(page);
  const stay = await freeStay(page.request, assetId, 2);
  await pickPortalStay(page, stay.checkIn, 2);
  await page.getByLabel("Guest name").fill("Secure Guest");
  await page.getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Booking request submitted!")).toBeVisible();
  const mail = await waitForMail(email, /Your booking request at Stanwood/);
  expect(mail.text).toContain(`${PUBLIC}/`);

  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Secure Visitor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Subject").fill(`Over TLS ${Date.now()}`);
  await page.getByRole("textbox", { name: "Message" }).fill("Does the form work behind the proxy?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page, "Message sent!")).toBeVisible();
  await expectAccessible(page, "/contact over https");
});

test("an administrator signs in with the password and an authenticator code, over https through the proxy", async ({ page, browser, server, signIn }) => {
  const elsewhere = await browser.newContext();
  const admin = await signIn.admin({ twoFactor: true }, elsewhere);
  await elsewhere.close();
  const totp = totpFor(admin.totpSecret!);

  await page.goto("/auth");
  await waitForHydration(page);
  await submitAdminLogin(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await waitForHydration(page);
  // The code of the fixture's own sign-in is spent: the next step's.
  await page.getByLabel("Authenticator code").fill(nextCode(totp, server));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${PUBLIC}${ADMIN_LANDING.path}`);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_LANDING.heading })).toBeVisible();
});
