import type { BrowserContext, Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { expect } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

/** An address no earlier run used: the PostgreSQL server's database outlives a test run. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${randomInt(1e6)}@example.com`;
}

/**
 * Gives the browser its own client address (the e2e servers trust one proxy hop), so sign-ups
 * and sign-ins of one test never count against another's per-address limits.
 */
export async function useOwnClientAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
}

export { dismissToasts, toast } from "./toasts";

export const PASSWORD = "Hive-Meadow-Lantern-31";

/** Signs up through the form and waits for the landing page (the sponsor profile unless told). */
export async function signUp(page: Page, email: string, password = PASSWORD, redirectTo = "/sponsor-profile") {
  await page.goto(`/customer-auth?tab=signup&redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(redirectTo);
}

/** Logs in through the form on the page that is open (a /customer-auth page). */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Opens the confirmation link of the newest verification e-mail to `email`. */
export async function followVerificationLink(page: Page, email: string) {
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  const origin = new URL(page.url()).origin;
  await page.goto(linkIn(mail, `${origin}/api/auth/verify-email`));
}
