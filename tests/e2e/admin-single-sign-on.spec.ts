import { eq } from "drizzle-orm";
import { generateTotpSecret } from "../../app/features/accounts/totp";
import { sealSecret } from "../../app/features/accounts/secret-box.server";
import { profiles, ssoProviders } from "../../app/platform/db/schema";
import { ssoCallbackPath } from "../../app/features/single-sign-on/sso-callback-path";
import { insertStaff } from "../factories/accounts";
import { OIDC_CLIENT, startOidcProvider, type TestOidcProvider } from "../setup/oidc-provider";
import { currentCode, nextCode, toast, totpFor } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Single sign-on as people meet it: an administrator registers the organisation's OpenID
 * provider (a real one, `oidc-provider`, on 127.0.0.1) in Role Permissions → Single Sign-On, at a
 * desk and on a phone; then a staff member of that domain signs in at /auth through it, and
 * gives the authenticator code that their account asks for after any first step. The
 * refusals (state, nonce, other domains, unknown addresses, a provider that is down) are proven
 * in app/features/single-sign-on/sso.test.ts.
 */
let provider: TestOidcProvider;
test.beforeAll(async ({ servers }) => {
  const server = await servers.shared();
  provider = await startOidcProvider({ redirectUris: [`${server.url}${ssoCallbackPath}`] });
});
// The worker's server is shared with later specs: with a provider left, /auth would show its
// "Work email" form beside the password form's "Email".
test.afterAll(async ({ servers }) => {
  const server = await servers.shared();
  await server.platform.db.delete(ssoProviders);
  await provider?.close();
});

test("an administrator registers the organisation's provider, and its staff sign in through it, then give their code", async ({ page, browser, server, signIn, visit, context }) => {
  test.setTimeout(90_000);
  const domain = `bees-${crypto.randomUUID().slice(0, 8)}.example.org`;
  const staff = await insertStaff(server.platform.db, { bookings: ["view"] }, { email: `keeper@${domain}` });
  // With an authenticator app: the provider's answer is the first step, the code step follows.
  const totpSecret = generateTotpSecret();
  await server.platform.db.update(profiles).set({ is2faEnabled: true, totpSecret: sealSecret(totpSecret, server.platform.authSecret, staff.userId) }).where(eq(profiles.id, staff.userId));
  await signIn.admin();

  await visit("/admin/single-sign-on");
  await expect(page.getByRole("heading", { level: 1, name: "Single Sign-On" })).toBeVisible();
  await page.getByRole("link", { name: "Add Provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Provider" });
  await expect(dialog).toContainText(`${server.url}${ssoCallbackPath}`);
  await dialog.getByLabel("E-mail domain").fill(domain);
  // A provider that is not there is said under the issuer, and nothing is saved.
  await dialog.getByLabel("Issuer").fill("http://127.0.0.1:9");
  await dialog.getByLabel("Client ID").fill(OIDC_CLIENT.id);
  await dialog.getByLabel("Client secret").fill(OIDC_CLIENT.secret);
  await dialog.getByRole("button", { name: "Add Provider" }).click();
  await expect(dialog.getByText(/discovery document \(http:\/\/127\.0\.0\.1:9\/\.well-known\/openid-configuration\) could not be read/).filter({ visible: true }).first()).toBeVisible();
  await expectAccessible(page, "Add Provider with an error");
  await dialog.getByLabel("Issuer").fill(provider.issuer);
  await dialog.getByLabel("Client secret").fill(OIDC_CLIENT.secret);
  await dialog.getByRole("button", { name: "Add Provider" }).click();
  await expect(toast(page, "Single sign-on provider added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: domain });
  await expect(row).toContainText(provider.issuer);
  const [saved] = await server.platform.db.select().from(ssoProviders).where(eq(ssoProviders.domain, domain));
  expect(saved?.clientSecretSealed).not.toContain(OIDC_CLIENT.secret);

  // Editing never shows the secret again; blank keeps it.
  await row.getByRole("cell").first().click();
  const edit = page.getByRole("dialog", { name: "Edit Provider" });
  await expect(edit.getByLabel("Client secret")).toHaveValue("");
  await expectAccessible(page, "Edit Provider");
  await edit.getByRole("link", { name: "Cancel" }).click();

  // On a phone: the list is cards, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/admin/single-sign-on");
  await expect(page.getByText(domain)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The staff member, in a browser signed in as nobody: the work address, the provider, the back-office.
  await context.clearCookies();
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Work email").fill(staff.email.toUpperCase());
  await page.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Authenticator code").fill(currentCode(totpFor(totpSecret), server));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\b/);
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await expectAccessible(page, "signed in through single sign-on");

  // Without JavaScript too: the post goes to the provider by way of our own page (the CSP's form-action).
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const plain = await noScript.newPage();
  await plain.goto("/auth");
  await plain.getByLabel("Work email").fill(staff.email);
  await plain.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await plain.getByLabel("Authenticator code").fill(nextCode(totpFor(totpSecret), server));
  await plain.getByRole("button", { name: "Verify" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await noScript.close();

  // An address of a domain without a provider is told so at the form.
  await context.clearCookies();
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Work email").fill("someone@no-sso.example.net");
  await page.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(page.getByText("Single sign-on is not set up for no-sso.example.net.", { exact: false }).filter({ visible: true }).first()).toBeVisible();
});
