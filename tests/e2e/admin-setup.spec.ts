import { BACK_OFFICE_SCREENS } from "../../app/features/back-office/screens";
import { ADMIN_LANDING, changePasswordFromMenu, dismissToasts, INTERIM_PASSWORD, logOut, submitAdminLogin, toast } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { E2E_ADMIN } from "./test-accounts";

/**
 * The first administrator, from a fresh database whose server is configured with ADMIN_EMAIL and
 * ADMIN_INITIAL_PASSWORD: the account exists from the first start (no /admin-setup step), the
 * first login forces a new password in a dialog that cannot be dismissed, then the back-office is
 * usable. One story on purpose, in order: each step needs the account as the previous one left
 * it, on a database no other spec signs in to (a server of its own). Without the password
 * setting, /admin-setup is the way in: admin-setup-page.spec.ts.
 */
test.describe.configure({ mode: "serial" });
test.use({ ownServer: { reason: "the administrator the start made, as no other spec has touched it" } });

test("the configured administrator exists from the first start: /auth has nothing to point to, /admin-setup nothing to do", async ({ page, visit }) => {
  await visit("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("No administrator exists yet.")).toHaveCount(0);

  await visit("/admin-setup");
  await expect(page.getByText("An administrator already exists")).toBeVisible();
  // A stranger learns neither the configured address nor the settings' names, not even from the page's data.
  expect(await page.content()).not.toContain(E2E_ADMIN.email);
  expect(await page.content()).not.toMatch(/ADMIN_EMAIL|ADMIN_INITIAL_PASSWORD/);
  await expect(page.getByRole("button", { name: "Create Administrator" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to Admin Login" })).toHaveAttribute("href", "/auth");

  // The action itself refuses too, whatever the page shows.
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/admin-setup", { form: { email: "intruder@example.com" }, headers: { origin } });
  expect(response.status()).toBe(409);
});

test("the first login forces a new password in a dialog that cannot be dismissed", async ({ page, visit }) => {
  await visit("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");

  await submitAdminLogin(page, E2E_ADMIN.email, "wrong-password-entirely");
  await expect(toast(page, "Login Failed")).toContainText("Invalid email or password");
  await submitAdminLogin(page, "not-an-email", "whatever");
  await expect(toast(page, "Validation Error")).toContainText("Please enter a valid email address");

  await submitAdminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This is your first login");
  await dismissToasts(page);
  await expectAccessible(page, "/admin with the forced password dialog");

  // No close button; Escape and a click outside do nothing.
  await expect(dialog.getByRole("button", { name: /close/i })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.mouse.click(8, 300);
  await expect(dialog).toBeVisible();
  // Focus stays inside.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  // Any other back-office page shows the same dialog first.
  await page.goto("/admin/security");
  await expect(page).toHaveURL("/admin?redirectTo=%2Fadmin%2Fsecurity");
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("New password", { exact: true }).fill("abcde");
  await dialog.getByLabel("Confirm new password").fill("abcdX");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  // Inside the dialog, said once: the toast's title at its top, the words under the field.
  await expect(toast(page, "Validation Error")).toBeVisible();
  await expect(dialog.getByText("Passwords do not match").filter({ visible: true })).toHaveCount(1);
  await dialog.getByLabel("Confirm new password").fill("abcde");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Password must be at least 6 characters long").filter({ visible: true })).toHaveCount(1);
  await expect(toast(page, "Validation Error")).toBeVisible();

  // Long enough for the spec, but guessable: refused on the server.
  await dialog.getByLabel("New password", { exact: true }).fill("password123");
  await dialog.getByLabel("Confirm new password").fill("password123");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(toast(page, "Password Change Failed")).toBeVisible();
  await expect(dialog.getByText(/too common or easy to guess/).filter({ visible: true })).toHaveCount(1);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("New password", { exact: true }).fill(INTERIM_PASSWORD);
  await dialog.getByLabel("Confirm new password").fill(INTERIM_PASSWORD);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog).toBeHidden();
  // On to where the admin was going.
  await expect(page).toHaveURL("/admin/security");
  await expect(toast(page, "Password Changed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
});

test("then the back-office is in normal use: menu, change password from the menu, logout", async ({ page, visit }) => {
  // Four sign-ins and two password changes: 19 s alone, past 30 s beside the rest of the suite.
  test.setTimeout(60_000);
  // The old password is gone.
  await visit("/auth");
  await submitAdminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(toast(page, "Login Failed")).toBeVisible();
  await submitAdminLogin(page, E2E_ADMIN.email, INTERIM_PASSWORD);
  // /admin lands on the first screen the administrator may view.
  await expect(page).toHaveURL(ADMIN_LANDING.path);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_LANDING.heading })).toBeVisible();
  await dismissToasts(page);
  await expectAccessible(page, ADMIN_LANDING.path);

  const menu = page.getByRole("navigation", { name: "Back-office" });
  await expect(menu.getByRole("link", { name: ADMIN_LANDING.heading })).toHaveAttribute("aria-current", "page");
  // The screens that exist, in the spec's order (no dead entries for screens still to come), then the account's own.
  await expect(menu.getByRole("listitem")).toHaveText([...BACK_OFFICE_SCREENS.map((screen) => screen.label), "Security", "Change Password", "Logout"]);

  // On a phone the same menu slides out from the left.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Admin menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Back-office" });
  await expect(drawer.getByRole("link", { name: "Security" })).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await expectAccessible(page, "/admin with the menu open on a phone");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Admin menu" })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  // Already signed in: /auth goes straight to the back-office.
  await page.goto("/auth");
  await expect(page).toHaveURL(ADMIN_LANDING.path);

  // The menu's dialog asks for the current password and can be cancelled.
  await menu.getByRole("link", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByLabel("New password", { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByLabel("Confirm new password").fill(E2E_ADMIN.password);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();
  await dismissToasts(page);
  await expectAccessible(page, "/admin with the change-password dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(menu.getByRole("link", { name: "Change Password" })).toBeFocused();

  await changePasswordFromMenu(page, INTERIM_PASSWORD, E2E_ADMIN.password);
  await expect(page).toHaveURL(ADMIN_LANDING.path);

  await logOut(page);
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth");

  // A back-office address survives the detour through the login.
  await page.goto("/admin/security");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fsecurity");
  await submitAdminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin/security");
  await logOut(page);
});
