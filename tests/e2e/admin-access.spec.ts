import { dismissToasts, submitAdminLogin, toast } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/** Who may not enter the back-office, and what they see. */

test("without a session the back-office sends you to the admin login", async ({ page }) => {
  for (const path of ["/admin", "/admin/"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/auth");
  }
  await page.goto("/admin/security");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fsecurity");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
});

test("a signed-in customer is refused at /admin with Access Denied and signed out", async ({ page, signIn }) => {
  await signIn.customer();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

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

test("a link to /admin from another site shows Access Denied and leaves a customer signed in", async ({ page, signIn, baseURL }) => {
  await signIn.customer();
  // A page of no origin of ours (about:blank with content) links to the back-office: the browser calls that cross-site.
  await page.setContent(`<a href="${baseURL}/admin">Our back-office</a>`);
  const [response] = await Promise.all([page.waitForResponse(`${baseURL}/admin`), page.getByRole("link", { name: "Our back-office" }).click()]);
  expect(response.status()).toBe(403);
  expect(await response.request().headerValue("sec-fetch-site")).toBe("cross-site");
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
});

test("a customer's password is refused at /auth with Access Denied", async ({ page, context, browser, signIn, visit }) => {
  // The account is made in another browser: this one arrives signed out, as at a shared computer.
  const elsewhere = await browser.newContext();
  const customer = await signIn.customer({}, elsewhere);
  await elsewhere.close();

  await visit("/auth");
  await submitAdminLogin(page, customer.email, customer.password);
  await expect(toast(page, "Access Denied")).toContainText("You don't have admin privileges.");
  await expect(page).toHaveURL("/auth");
  // No session was left behind.
  expect((await context.cookies()).filter((c) => c.name.includes("session_token"))).toEqual([]);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
});

test("a customer who is signed in sees that at /auth", async ({ page, signIn, visit }) => {
  const { email } = await signIn.customer();
  await visit("/auth");
  await expect(page.getByRole("status")).toContainText(`You are signed in as ${email}, a customer account`);
});
