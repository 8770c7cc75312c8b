import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { openPortalBooking } from "./stays-helpers";

/**
 * Every form submitted empty says what is wrong in the site's words: never a validation
 * library's own text. (Wrong types and every schema are swept in features/form-messages.test.ts.)
 */
const LIBRARY_TEXT = [/Invalid input/, /expected (string|number|boolean|date|array|object)/i, /^Required$/m, /Too (small|big):/, /received undefined/];

async function expectSiteWords(page: Page, what: string) {
  // Messages show in the fields, the form's error box and the toasts: wait for them to render.
  await expect(page.locator("[aria-invalid='true'], [data-sonner-toast], [data-flash-toast], [role='alert']").first()).toBeVisible();
  const text = await page.locator("body").innerText();
  for (const pattern of LIBRARY_TEXT) expect(text, `${what}: ${pattern}`).not.toMatch(pattern);
  await expectAccessible(page, `${what}, submitted empty`);
}

for (const width of [390, 1280]) {
  test(`at ${width} px, the visitor's forms, submitted empty`, async ({ page, visit }) => {
    await page.setViewportSize({ width, height: 900 });
    await visit("/customer-auth");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByText("Please enter a valid email address")).toBeVisible();
    await expectSiteWords(page, "login");

    await visit("/customer-auth?tab=signup");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByText("Please enter a valid email address")).toBeVisible();
    await expectSiteWords(page, "sign-up");

    await visit("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectSiteWords(page, "contact");

    await visit("/forgot-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectSiteWords(page, "forgot password");

    await visit("/auth");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectSiteWords(page, "admin login");

    await openPortalBooking(page);
    await page.getByRole("button", { name: "Request Booking" }).click();
    await expectSiteWords(page, "portal booking");
  });
}

test("the back-office's dialogs, submitted empty", async ({ page, signIn, visit }) => {
  // Eight screens, each visited and checked with axe twice.
  test.setTimeout(90_000);
  await signIn.admin();
  const dialogs = [
    ["/admin/locations", "Add Location", "Add Location", "Add Location"],
    ["/admin/assets", "Add Asset", "Add Asset", "Add Asset"],
    ["/admin/hive-tiers", "Add Tier", "Add Tier", "Add Tier"],
    ["/admin/bookings", "Add Booking", "Add Booking", "Add Booking"],
    ["/admin/hive-adoptions", "Add Adoption", "Add Adoption", "Add Adoption"],
    ["/admin/pages", "New Page", "New Page", "Create Page"],
    ["/admin/posts", "New Post", "New Post", "Save Post"],
    ["/admin/menu-items", "Add Menu Item", "Add Menu Item", "Add Menu Item"],
  ] as const;
  for (const [path, open, title, submit] of dialogs) {
    await visit(path);
    await page.getByRole("link", { name: open }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByRole("button", { name: submit }).click();
    await expectSiteWords(page, title);
  }
});
