import type { Page } from "@playwright/test";
import { expect, expectAccessible, holdBack, reactOwns, test } from "./fixtures";
import { dismissToasts, toast } from "./toasts";

/**
 * Passkeys through Chromium's own WebAuthn stack, with a virtual authenticator (CDP) that holds
 * discoverable credentials and verifies its user. The server's rules (challenges, origin, RP ID,
 * counters, the doors) are proven in app/features/accounts/passkeys.test.ts; here: a customer and
 * a staff member add one on their security page, sign out, and sign in with it.
 *
 * Its own server: a relying party ID cannot be an IP address, so APP_URL is on localhost; and the
 * site requires 2FA of its staff, which a passkey satisfies.
 */
test.use({
  ownServer: { reason: "passkeys need an APP_URL on a host name; REQUIRE_ADMIN_2FA", settings: { APP_URL: "http://localhost:{port}", REQUIRE_ADMIN_2FA: "true" } },
  baseURL: async ({ server }, use) => use(server.platform.env.APP_URL),
});
test.describe.configure({ mode: "default" });

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function addPasskey(page: Page, name: string) {
  const section = page.getByTestId("passkeys");
  await expect(section).toContainText("No passkeys yet.");
  await section.getByLabel("Name").fill(name);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toast(page, "Passkey added")).toBeVisible();
  await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText(name);
  await expect(section).toContainText("Not used yet");
  await dismissToasts(page);
}

test("a customer adds a passkey on the Sign-in & security tab, signs out, and signs in with it", async ({ page, visit, signIn }) => {
  await addVirtualAuthenticator(page);
  await signIn.customer();
  await visit("/sponsor-profile?tab=security");
  await expect(page.getByRole("link", { name: "Sign-in & security" })).toHaveAttribute("aria-current", "page");
  await addPasskey(page, "Kitchen laptop");
  await expectAccessible(page, "/sponsor-profile?tab=security with a passkey");

  // Signed out (the Sign Out button has tests of its own).
  await page.context().clearCookies();
  // The other ways in come once the form is interactive; until their code is here the passkey
  // button, which cannot work without it, is disabled.
  const release = await holdBack(page, (url) => url.pathname.includes("/customer-other-ways-"));
  await visit(`/customer-auth?redirectTo=${encodeURIComponent("/sponsor-profile?tab=security")}`);
  const otherWays = page.getByRole("region", { name: "More ways to sign in" });
  const passkeyButton = otherWays.getByRole("button", { name: "Sign in with a passkey" });
  expect(await reactOwns(page, "form#login")).toBe(true);
  expect(await reactOwns(page, "[data-sign-in-way=passkey] button")).toBe(false);
  await expect(passkeyButton).toBeDisabled();
  release();
  await passkeyButton.click();
  await expect(page).toHaveURL("/sponsor-profile?tab=security");
  await expect(page.getByTestId("passkeys")).toContainText(/Kitchen laptop.*Last used/s);
});

test("a staff member's passkey reaches the back-office without the code step, and is refused at the customer door", async ({ page, visit, signIn }) => {
  await addVirtualAuthenticator(page);
  await signIn.admin({ twoFactor: true });
  await visit("/admin/security");
  await addPasskey(page, "Desk key");

  await page.context().clearCookies();
  await visit("/customer-auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(toast(page, "Login Failed")).toContainText("Admin accounts cannot be used for customer functions. Please use a customer account.");
  await expect(page).toHaveURL(/\/customer-auth/);

  await visit("/auth?redirectTo=/admin/bookings");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/admin/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await page.goto("/admin/security");
  await expect(page.getByTestId("passkeys")).toContainText(/Desk key.*Last used/s);
});
