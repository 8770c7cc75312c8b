import { ADMIN_LANDING, continueWithGoogleAs, currentCode, dismissToasts, logOut, nextCode, submitAdminLogin, toast, totpFor } from "./admin-helpers";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { sessions } from "../../app/platform/db/schema";
import { insertSession } from "../factories/accounts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Two-factor authentication end to end: set-up on /admin/security with a code computed here from
 * the secret on the page, then logins with an authenticator code, a backup code (once only) and
 * Google (which also has to give the code), and finally turning it off again. One story on
 * purpose: each step needs the state the previous one left. Codes are computed for the server's
 * clock, which the test moves to the next 30-second step when it needs a fresh code.
 */
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** axe on the page itself: toasts closed first (sonner's colours are the theme's to fix). */
async function checkAccessible(page: Page, label: string) {
  await dismissToasts(page);
  await expectAccessible(page, label);
}

test("an administrator turns on 2FA and every later login asks for a code, each usable once", async ({ page, server, signIn, visit }) => {
  test.setTimeout(90_000);
  const admin = await signIn.admin();
  const login = () => submitAdminLogin(page, admin.email, admin.password);

  // Signed in on a phone too: the Security page lists it beside this browser and signs it out by its own button.
  const db = server.platform.db;
  const { id: phoneSession } = await insertSession(db, admin.userId);
  await db.update(sessions).set({ userAgent: IPHONE }).where(eq(sessions.id, phoneSession));

  await visit("/admin");
  await expect(page).toHaveURL(ADMIN_LANDING.path);
  await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL("/admin/security");

  const signedIn = page.getByRole("region", { name: "Where you're signed in" });
  await expect(signedIn.getByTestId("session-row")).toHaveCount(2);
  await expect(signedIn.getByTestId("session-row").first()).toContainText("This device");
  const phoneRow = signedIn.getByTestId("session-row").filter({ hasNotText: "This device" });
  await expect(phoneRow).toContainText("iPhone");
  await phoneRow.getByRole("button", { name: /^Sign out / }).click();
  await expect(toast(page, "Signed out of that device")).toBeVisible();
  await expect(page).toHaveURL("/admin/security");
  await expect(signedIn.getByTestId("session-row")).toHaveCount(1);
  expect(await db.select().from(sessions).where(eq(sessions.id, phoneSession))).toEqual([]);
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(section).toContainText("Off");
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();

  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  await checkAccessible(page, "/admin/security during set-up");
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  const totp = totpFor(secret);

  // A wrong code does not turn it on.
  await section.getByLabel("Authenticator code").fill("000000");
  await section.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid verification code");

  await section.getByLabel("Authenticator code").fill(currentCode(totp, server));
  await section.getByRole("button", { name: "Verify and turn on" }).click();
  const codesPanel = section.getByTestId("backup-codes");
  await expect(codesPanel).toBeVisible();
  await expect(toast(page, "Two-factor authentication is on")).toBeVisible();
  const backupCodes = await codesPanel.getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  for (const backup of backupCodes) expect(backup).toMatch(/^[a-z0-9]{8}$/);
  await expect(section).toContainText("On");
  await checkAccessible(page, "/admin/security with the backup codes");

  // The codes are shown once.
  await page.reload();
  await expect(section.getByTestId("backup-codes")).toHaveCount(0);
  await expect(section).toContainText("10 backup codes left");

  // --- Login with the authenticator app.
  await logOut(page);
  await login();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await checkAccessible(page, "/auth code step");
  // Not signed in yet: the back-office sends the pending session back here.
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth");
  // Typed before React takes over, a code would be wiped by hydration.
  await waitForHydration(page);

  const codeField = page.getByLabel("Authenticator code");
  const verify = page.getByRole("button", { name: "Verify" });
  await codeField.fill("12345");
  await expect(verify).toBeDisabled();
  await codeField.fill("123456");
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid verification code");

  // The code that turned 2FA on is spent, for good.
  await dismissToasts(page);
  await codeField.fill(currentCode(totp, server));
  await verify.click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid verification code");
  // The next step's code works.
  await codeField.fill(nextCode(totp, server));
  await verify.click();
  await expect(page).toHaveURL(ADMIN_LANDING.path);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_LANDING.heading })).toBeVisible();

  // --- Cancel goes back to the password form; then a backup code.
  await logOut(page);
  await login();
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth");
  // Typed before React takes over, a code would be wiped by hydration.
  await waitForHydration(page);

  await login();
  await page.getByRole("link", { name: "Backup code" }).click();
  await expect(page).toHaveURL("/auth?method=backup");
  const backupField = page.getByLabel("Backup code");
  await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
  await backupField.fill(backupCodes[0]!.slice(0, 7));
  await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
  await backupField.fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(ADMIN_LANDING.path);

  // --- The same backup code a second time is refused.
  await logOut(page);
  await login();
  await page.getByRole("link", { name: "Backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid backup code");
  await expect(page.getByText("Invalid backup code", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await checkAccessible(page, "/auth code step with an error");
  // Another one still works.
  await page.getByLabel("Backup code").fill(backupCodes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(ADMIN_LANDING.path);

  // --- Google leads to the code step too.
  await logOut(page);
  await continueWithGoogleAs(page, admin.email);
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth");
  // Typed before React takes over, a code would be wiped by hydration.
  await waitForHydration(page);
  await page.getByLabel("Authenticator code").fill(nextCode(totp, server));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(ADMIN_LANDING.path);

  // --- Turning it off needs a current code; then logins ask for the password only.
  await page.goto("/admin/security");
  const turnOff = section.getByRole("form", { name: "Turn off" });
  await turnOff.getByLabel("Authenticator or backup code").fill(backupCodes[0]!);
  await turnOff.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid backup code");
  await turnOff.getByLabel("Authenticator or backup code").fill(backupCodes[2]!);
  await turnOff.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(toast(page, "Two-factor authentication is off")).toBeVisible();
  await expect(section).toContainText("Off");
  await logOut(page);
  await login();
  await expect(page).toHaveURL(ADMIN_LANDING.path);
  await logOut(page);
});
