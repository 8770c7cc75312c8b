import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
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

const PHONE = { width: 390, height: 900 };
const DESK = { width: 1280, height: 900 };

/**
 * Each form is opened and sent once, on a phone; its messages are then read and checked with axe
 * at 390 px and again widened to 1280 px (the same answer, laid out for the desk).
 */
async function expectSiteWordsAtBothWidths(page: Page, what: string) {
  await expectSiteWords(page, `${what} at 390 px`);
  await page.setViewportSize(DESK);
  await expectSiteWords(page, `${what} at 1280 px`);
  await page.setViewportSize(PHONE);
}

test("at 390 and 1280 px, the sign-in forms, submitted empty", async ({ page, visit }) => {
  await page.setViewportSize(PHONE);
  await visit("/customer-auth");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("form", { has: page.getByRole("button", { name: "Login", exact: true }) }).getByText("Please enter a valid email address")).toBeVisible();
  await expectSiteWordsAtBothWidths(page, "login");

  await visit("/customer-auth?tab=signup");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.locator("form", { has: page.getByRole("button", { name: "Sign Up", exact: true }) }).getByText("Please enter a valid email address")).toBeVisible();
  await expectSiteWordsAtBothWidths(page, "sign-up");

  await visit("/forgot-password");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expectSiteWordsAtBothWidths(page, "forgot password");

  await visit("/auth");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expectSiteWordsAtBothWidths(page, "admin login");
});

test("at 390 and 1280 px, the contact and booking forms, submitted empty", async ({ page, visit }) => {
  await page.setViewportSize(PHONE);
  await visit("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectSiteWordsAtBothWidths(page, "contact");

  await openPortalBooking(page);
  await page.getByRole("button", { name: "Request Booking" }).click();
  await expectSiteWordsAtBothWidths(page, "portal booking");
});

test("the back-office's dialogs, submitted empty", async ({ page, signIn }) => {
  // Eight screens: each list is checked with axe by its own spec (and at 390 px by
  // admin-lists-fit), so here only the dialog with its messages is.
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
    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole("link", { name: open }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByRole("button", { name: submit }).click();
    await expectSiteWords(page, title);
  }
});
