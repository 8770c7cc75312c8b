import { submitAdminLogin, toast } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { E2E_ADMIN } from "./test-accounts";

/**
 * Without ADMIN_INITIAL_PASSWORD no administrator is made at start-up: /auth says so and points
 * to /admin-setup, which creates the configured address's account once, with a password shown
 * once, to be replaced at first login. One story on a database without an administrator (a
 * server of its own).
 */
test.use({ ownServer: { reason: "a database without an administrator", settings: { ADMIN_INITIAL_PASSWORD: "" } } });
test.describe.configure({ mode: "default" });

test("/auth points to /admin-setup, which creates the administrator once, with a password shown once", async ({ page, visit }) => {
  await visit("/auth");
  const notice = page.getByRole("note", { name: "No administrator exists yet." });
  await expect(notice).toBeVisible();
  await notice.getByRole("link", { name: "Admin Setup" }).click();

  await expect(page).toHaveURL("/admin-setup");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Setup" })).toBeVisible();
  // A stranger learns neither the configured address nor the settings' names, not even from the page's data.
  await expect(page.getByText("The administrator's email address is set in the site's configuration.")).toBeVisible();
  expect(await page.content()).not.toContain(E2E_ADMIN.email);
  expect(await page.content()).not.toMatch(/ADMIN_EMAIL|ADMIN_INITIAL_PASSWORD/);
  await page.getByRole("button", { name: "Create Administrator" }).click();

  const created = page.getByRole("status").filter({ hasText: "The administrator account has been created." });
  await expect(created).toBeVisible();
  await expect(created.getByTestId("admin-email")).toHaveText(E2E_ADMIN.email);
  const password = (await created.getByTestId("admin-password").textContent()) ?? "";
  expect(password).toMatch(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/);
  await expect(created).toContainText("The default password must be changed at first login.");
  // The toast too, before axe looks: its code loads when the first toast comes, so it can appear
  // after the page has settled, and axe would judge it half faded in.
  await expect(toast(page, "Administrator created")).toContainText(`You can now log in as ${E2E_ADMIN.email}.`);
  await expectAccessible(page, "/admin-setup, created");

  await page.goto("/admin-setup");
  await expect(page.getByText("An administrator already exists")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Administrator" })).toHaveCount(0);

  // /auth no longer points there, and the password shown works once, to be replaced.
  await page.goto("/auth");
  await expect(page.getByText("No administrator exists yet.")).toHaveCount(0);
  await submitAdminLogin(page, E2E_ADMIN.email, password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("dialog", { name: "Change Password" })).toContainText("This is your first login");
});
