import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { TEST_PASSWORD } from "./sign-in";

/** The customer door's forms, for the specs whose subject they are (others use the signIn fixture). */

export { uniqueEmail } from "./sign-in";
export { dismissToasts, toast } from "./toasts";

export const PASSWORD = TEST_PASSWORD;

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
