import { insertUser } from "../factories/accounts";
import { currentCode, dismissToasts, submitAdminLogin, toast, totpFor, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { TEST_PASSWORD } from "./sign-in";

/**
 * REQUIRE_ADMIN_2FA=true: an administrator without 2FA can open nothing but /admin/security
 * until it is on, and cannot turn it off.
 */
test.use({ ownServer: { reason: "REQUIRE_ADMIN_2FA", settings: { REQUIRE_ADMIN_2FA: "true" } } });
test.describe.configure({ mode: "default" });

test.describe("when the site requires 2FA of administrators", () => {
  test("every back-office page leads to /admin/security until 2FA is on, and it cannot be turned off", async ({ page, server }) => {
    // Past the forced first-login change, which has tests of its own.
    const admin = await insertUser(server.platform.db, { email: uniqueEmail("guardian"), password: TEST_PASSWORD, role: "admin" });
    await page.goto("/auth");
    await waitForHydration(page);
    await submitAdminLogin(page, admin.email, TEST_PASSWORD);
    await expect(page).toHaveURL("/admin/security");
    const notice = page.getByTestId("two-factor-required");
    await expect(notice).toContainText("Two-factor authentication is required");
    await dismissToasts(page);
    await expectAccessible(page, "/admin/security, 2FA required");

    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/security");

    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
    await section.getByLabel("Authenticator code").fill(currentCode(totpFor(secret), server));
    await section.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(toast(page, "Two-factor authentication is on")).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(section).toContainText("cannot be turned off");
    await expect(section.getByRole("button", { name: "Turn off two-factor authentication" })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "User Management" }).click();
    await expect(page).toHaveURL("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  });
});
