import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { BACK_OFFICE_SCREENS } from "../../app/features/back-office/screens";
import { expect } from "./fixtures";
import { OIDC_ISSUER } from "./google-provider";
import type { TestServer } from "./test-server";
import { dismissToasts, toast } from "./toasts";

/** The back-office's browser tests: the admin door's forms, TOTP codes, toasts. */

export { uniqueEmail } from "./sign-in";
export { dismissToasts, toast } from "./toasts";

/** Where /admin lands an administrator: the first screen of the menu (the spec's Bookings, once it exists). */
export const ADMIN_LANDING = { path: BACK_OFFICE_SCREENS[0]!.path, heading: BACK_OFFICE_SCREENS[0]!.heading };

/** What the first-login change sets before the tests change it back to E2E_ADMIN's password. */
export const INTERIM_PASSWORD = "Juniper-Pollen-Compass-58";

/** Fills the admin login form on /auth (already open) and submits it. */
export async function submitAdminLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole("navigation", { name: "Back-office" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/auth");
}

/** "Change Password" from the back-office menu. */
export async function changePasswordFromMenu(page: Page, current: string, next: string) {
  await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  await dismissToasts(page);
  await dialog.getByLabel("Current password").fill(current);
  await dialog.getByLabel("New password", { exact: true }).fill(next);
  await dialog.getByLabel("Confirm new password").fill(next);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Password Changed")).toBeVisible();
}

export function totpFor(secret: string) {
  return new TOTP({ issuer: "Apiary", algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, "")) });
}

/**
 * What the authenticator app shows at the server's time. A code works once: for the next one,
 * `nextCode` moves the server's clock to the next 30-second step instead of waiting for it.
 */
export function currentCode(totp: TOTP, server: TestServer) {
  return totp.generate({ timestamp: server.clock.now() });
}

export function nextCode(totp: TOTP, server: TestServer) {
  server.clock.advance(30_000);
  return currentCode(totp, server);
}

/** Clicks "Continue with Google" as the Google account `email` (see google-provider.ts). */
export async function continueWithGoogleAs(page: Page, email: string) {
  await page.route(`${OIDC_ISSUER}/authorize?**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("login_hint", email);
    await route.continue({ url: url.toString() });
  });
  await page.getByRole("button", { name: "Continue with Google" }).click();
}
