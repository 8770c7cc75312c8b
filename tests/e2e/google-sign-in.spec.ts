import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { ADMIN_REFUSED_MESSAGE } from "../../app/features/accounts/messages";
import { accounts, userRoles, users } from "../../app/platform/db/schema";
import { followVerificationLink, toast, uniqueEmail } from "./customer-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { ADMIN_LANDING } from "./admin-helpers";
import { OIDC_ISSUER } from "./google-provider";

/**
 * Google sign-in end to end, against the local OpenID provider of global-setup.ts: the button,
 * the redirect to the provider, Better Auth's callback with its state, PKCE and nonce checks,
 * and what the app makes of the identity.
 */

/** Clicks "Continue with Google" as the Google account `hint` (see google-provider.ts). */
async function signInWithGoogleAs(page: Page, hint: string) {
  await page.route(`${OIDC_ISSUER}/authorize?**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("login_hint", hint);
    await route.continue({ url: url.toString() });
  });
  await page.getByRole("button", { name: "Continue with Google" }).click();
}

test.describe("Google sign-in", () => {
  test("without JavaScript, the button still reaches Google (by way of our own page: the CSP's form-action blocks an off-site redirect of a post)", async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    const email = uniqueEmail("google-nojs");
    await page.goto("/customer-auth?redirectTo=/sponsor-profile");
    // The passkey button cannot work without JavaScript: it is disabled (and a <noscript> says why).
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeDisabled();
    await signInWithGoogleAs(page, email);
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(page.getByRole("region", { name: "Account" })).toContainText(email);
    // The page in between sends nobody anywhere by itself.
    await page.goto("/continue-to-sign-in");
    await expect(page).toHaveURL("/");
    await context.close();
  });

  test("a new Google user lands signed in as a customer, the e-mail already verified", async ({ page, visit, server }) => {
    const email = uniqueEmail("google-new");
    await visit("/customer-auth?redirectTo=/sponsor-profile");
    await signInWithGoogleAs(page, email);
    await expect(page).toHaveURL("/sponsor-profile");
    const account = page.getByRole("region", { name: "Account" });
    await expect(account).toContainText(email);
    await expect(account.getByText("Verified", { exact: true })).toBeVisible();
    // The header knows who is signed in too.
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    // Google's tokens were checked and let go: none is kept.
    const [user] = await server.platform.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const stored = await server.platform.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(stored.map((row) => [row.providerId, row.accessToken, row.refreshToken, row.idToken])).toEqual([["google", null, null, null]]);
  });

  test("joins an existing password account only once that account's e-mail is verified", async ({ page, browser, signIn }) => {
    // A password account, made in another browser: this one arrives signed out.
    const elsewhere = await browser.newContext();
    const { email } = await signIn.customer({}, elsewhere);
    await elsewhere.close();

    // Unverified here: whoever signed up with this address may not own it, so Google may not join it.
    await page.goto("/customer-auth?redirectTo=/sponsor-profile");
    await waitForHydration(page);
    await signInWithGoogleAs(page, email);
    await expect(page).toHaveURL(/\/customer-auth\?.*error=account_not_linked/);
    await expect(toast(page, "Google Sign-in Failed")).toContainText("verify your e-mail");
    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL(/\/customer-auth/);

    // Verified by the real e-mailed link (not signed in: the profile sends it to the login page).
    await followVerificationLink(page, email);
    await expect(page).toHaveURL("/customer-auth?redirectTo=%2Fsponsor-profile");
    await expect(toast(page, "Email Verified")).toBeVisible();
    await waitForHydration(page);
    await signInWithGoogleAs(page, email);
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(page.getByRole("region", { name: "Account" })).toContainText(email);
  });

  test("a Google identity whose e-mail Google has not verified does not join an account", async ({ page, browser, signIn }) => {
    const elsewhere = await browser.newContext();
    const { email } = await signIn.customer({ verified: true }, elsewhere);
    await elsewhere.close();

    await page.goto("/customer-auth?redirectTo=/sponsor-profile");
    await waitForHydration(page);
    await signInWithGoogleAs(page, `unverified:${email}`);
    await expect(toast(page, "Google Sign-in Failed")).toBeVisible();
    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL(/\/customer-auth/);
  });
});

/** An administrator at the customer door: the test grants the role in the database. */
test.describe("Google sign-in of an administrator", () => {
  test("is refused with the admin-barred message and left signed out", async ({ page, server, signIn }) => {
    const { email } = await signIn.customer();
    await page.goto("/sponsor-profile");
    const { db } = server.platform;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user!.id));
    await db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, user!.id));

    // The sponsor profile bars administrators.
    await page.reload();
    await expect(page.getByText(ADMIN_REFUSED_MESSAGE)).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/customer-auth?redirectTo=/sponsor-profile");
    await waitForHydration(page);
    await signInWithGoogleAs(page, email);
    await expect(toast(page, "Google Sign-in Failed")).toContainText(ADMIN_REFUSED_MESSAGE);
    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL(/\/customer-auth/);
  });
});

// `?google=done` is only a return from Google when this browser started that sign-in at that
// door (a signed cookie says so): sent as a plain link, it ends nobody's session.
test.describe("a link that only looks like Google's return", () => {
  test("to the admin login leaves a customer signed in", async ({ page, signIn }) => {
    const { email } = await signIn.customer();
    await page.goto("/auth?google=done");
    await expect(page.getByRole("status").filter({ hasText: `You are signed in as ${email}` })).toBeVisible();
    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL("/sponsor-profile");
  });

  test("to the customer page leaves an administrator signed in", async ({ page, signIn }) => {
    await signIn.admin();
    await page.goto("/customer-auth?google=done");
    await expect(page.getByText("Google Sign-in Failed")).toHaveCount(0);
    await page.goto("/admin");
    await expect(page).toHaveURL(ADMIN_LANDING.path);
  });
});
