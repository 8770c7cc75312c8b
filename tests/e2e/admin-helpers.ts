import type { BrowserContext, Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { expect, waitForHydration } from "./fixtures";
import { OIDC_ISSUER } from "./google-provider";
import { E2E_ADMIN } from "./test-accounts";

/** The back-office's browser tests: sign-in steps, TOTP codes, toasts. */

/** What the first-login change sets before the tests change it back to E2E_ADMIN's password. */
export const INTERIM_PASSWORD = "Juniper-Pollen-Compass-58";

/** Its own client address per test (the e2e servers trust one proxy hop): rate limits stay per test. */
export async function useOwnClientAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${randomInt(1e6)}@example.com`;
}

import { dismissToasts, toast } from "./toasts";

export { dismissToasts, toast } from "./toasts";

/** Fills the admin login form on /auth (already open) and submits it. */
export async function submitAdminLogin(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole("navigation", { name: "Back-office" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/auth");
}

/**
 * Makes sure E2E_ADMIN exists, has replaced its initial password (the forced first-login change)
 * and signs in with E2E_ADMIN.password again, whatever ran before on this server. Ends signed out.
 */
export async function prepareAdmin(page: Page) {
  await page.goto("/admin-setup");
  await waitForHydration(page);
  const create = page.getByRole("button", { name: "Create Administrator" });
  if (await create.isVisible()) {
    await create.click();
    await expect(page.getByText("The administrator account has been created.")).toBeVisible();
  }
  await page.goto("/auth");
  await waitForHydration(page);
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin/);
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  if (await dialog.isVisible()) {
    await dialog.getByLabel("New password", { exact: true }).fill(INTERIM_PASSWORD);
    await dialog.getByLabel("Confirm new password").fill(INTERIM_PASSWORD);
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(dialog).toBeHidden();
    await changePasswordFromMenu(page, INTERIM_PASSWORD, E2E_ADMIN.password);
  }
  await logOut(page);
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

const STEP_MS = 30_000;

/**
 * A code from a 30-second step later than `afterStep` (a code works once, and a step's code once
 * used is spent), with at least a few seconds of the step left so it cannot expire on the way.
 */
export async function freshCode(totp: TOTP, afterStep: number, page: Page) {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const left = STEP_MS - (now % STEP_MS);
    if (step > afterStep && left > 5_000) return { code: totp.generate({ timestamp: now }), step };
    await page.waitForTimeout(left + 100);
  }
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
