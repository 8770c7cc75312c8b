import { eq } from "drizzle-orm";
import { createFirstAdmin } from "../../app/features/accounts/admin-setup.server";
import { profiles } from "../../app/platform/db/schema";
import { dismissToasts, freshCode, submitAdminLogin, toast, totpFor } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { startInProcessServer, type InProcessServer } from "./in-process-server";

/**
 * REQUIRE_ADMIN_2FA=true: an administrator without 2FA can open nothing but /admin/security
 * until it is on, and cannot turn it off. A server of its own (in this process) with the
 * setting on and a database of its own.
 */
const ADMIN = { email: "guardian@apiary.test", password: "Harvest-Lupine-Beacon-93" };

test.describe("when the site requires 2FA of administrators", () => {
  let running: InProcessServer;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    running = await startInProcessServer(testInfo.project.name, { REQUIRE_ADMIN_2FA: "true" });
    const created = await createFirstAdmin(running.platform.db, ADMIN, { via: "script" });
    if (!created.ok) throw new Error(created.message);
    // The forced first-login change has its own tests; this administrator has done it.
    await running.platform.db.update(profiles).set({ firstLogin: false }).where(eq(profiles.id, created.userId));
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  test("every back-office page leads to /admin/security until 2FA is on, and it cannot be turned off", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${running.url}/auth`);
    await waitForHydration(page);
    await submitAdminLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(`${running.url}/admin/security`);
    const notice = page.getByTestId("two-factor-required");
    await expect(notice).toContainText("Two-factor authentication is required");
    await dismissToasts(page);
    await expectAccessible(page, "/admin/security, 2FA required");

    await page.goto(`${running.url}/admin`);
    await expect(page).toHaveURL(`${running.url}/admin/security`);

    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
    const { code } = await freshCode(totpFor(secret), 0, page);
    await section.getByLabel("Authenticator code").fill(code);
    await section.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(toast(page, "Two-factor authentication is on")).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(section).toContainText("cannot be turned off");
    await expect(section.getByRole("button", { name: "Turn off two-factor authentication" })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(`${running.url}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  });
});
