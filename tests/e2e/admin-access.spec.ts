import type { Page } from "@playwright/test";
import { dismissToasts, submitAdminLogin, toast, uniqueEmail, useOwnClientAddress } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/** Who may not enter the back-office, and what they see. */
const PASSWORD = "Bramble-Nectar-Willow-64";

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

async function signUpCustomer(page: Page, email: string) {
  await page.goto("/customer-auth?tab=signup&redirectTo=/");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}

test("without a session the back-office sends you to the admin login", async ({ page }) => {
  for (const path of ["/admin", "/admin/"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/auth");
  }
  await page.goto("/admin/security");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fsecurity");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
});

test("a signed-in customer is refused at /admin with Access Denied and signed out", async ({ page }) => {
  await signUpCustomer(page, uniqueEmail("not-admin"));

  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have admin privileges.", { exact: true }).first()).toBeVisible();
  await expect(toast(page, "Access Denied")).toContainText("You don't have admin privileges.");
  await expect(page.getByRole("link", { name: "Admin login" })).toHaveAttribute("href", "/auth");
  // Signed out, and the header already says so.
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await dismissToasts(page);
  await expectAccessible(page, "Access Denied");

  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth");
});

test("a customer's password is refused at /auth with Access Denied", async ({ page, visit }) => {
  const email = uniqueEmail("customer-at-admin-door");
  await signUpCustomer(page, email);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");

  await visit("/auth");
  await submitAdminLogin(page, email, PASSWORD);
  await expect(toast(page, "Access Denied")).toContainText("You don't have admin privileges.");
  await expect(page).toHaveURL("/auth");
  // No session was left behind.
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
});

test("a customer who is signed in sees that at /auth", async ({ page, visit }) => {
  const email = uniqueEmail("customer-visits-auth");
  await signUpCustomer(page, email);
  await visit("/auth");
  await expect(page.getByRole("status")).toContainText(`You are signed in as ${email}, a customer account`);
});
