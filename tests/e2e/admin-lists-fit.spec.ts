import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { BACK_OFFICE_SCREENS } from "../../app/features/back-office/screens";
import { bookings } from "../../app/platform/db/schema";
import { insertAdoption, insertTier } from "../factories/sponsorships";
import { insertAsset, insertBooking, insertLocation } from "../factories/stays";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The back-office as staff meet it on a 390 px phone and a 1280 px desk: every list fits (cards on
 * the phone, with their status and actions in sight; no table wider than its frame at the desk),
 * messages never cover an open dialog, and the occupancy calendar keeps and remembers its
 * location. The remembered location's rules: features/bookings/occupancy.test.ts.
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** Every part of the element lies within the viewport's width. */
async function expectWithinWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, "shown").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * Every row's Actions button on screen lies within the width, measured in one step in the page: a
 * list of locators taken first could point at a button the layout has just hidden (the phone's
 * cards give way to the desk's table when the window widens).
 */
async function expectActionsWithinWidth(page: Page, width: number, label: string) {
  const outside = await page.getByRole("button", { name: /^Actions for / }).evaluateAll((buttons, limit) =>
    buttons
      .map((button) => ({ name: button.getAttribute("aria-label") ?? button.textContent ?? "", box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > limit))
      .map(({ name, box }) => `${name} (${Math.round(box.left)}–${Math.round(box.right)})`),
  width);
  expect(outside, `${label}: Actions buttons outside ${width} px`).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("every back-office screen fits a phone without sideways scrolling, every row's actions in sight, and no list runs past its frame at the desk", async ({ page, server, signIn, visit }) => {
  test.setTimeout(120_000);
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(server.platform.db, { name: `Wrenfield ${tag}` });
  const asset = await insertAsset(server.platform.db, location.id, { name: `Wren RV ${tag}` });
  // A long address with no place to break but the @: the row must still fit.
  await insertBooking(server.platform.db, asset.id, { guestName: `Ottoline Featherstonehaugh-Wright ${tag}`, guestEmail: `ottoline.featherstonehaugh-wright.${tag}@hedgerow-holiday-lettings.example.com`, location: location.name });
  await signIn.admin();
  const paths = [...BACK_OFFICE_SCREENS.map((screen) => screen.path), "/admin/role-permissions?view=list", "/admin/security"];

  // One visit per screen (axe runs on it at 390 px), then the same page widened to the desk.
  for (const path of paths) {
    await page.setViewportSize(PHONE);
    await visit(path);
    expect(await noSidewaysScroll(page), `${path} scrolls sideways at 390 px`).toBe(true);
    await expectActionsWithinWidth(page, PHONE.width, path);
    // One menu button: the back-office's own.
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Admin menu" })).toBeVisible();

    await page.setViewportSize(DESK);
    await expect(page.getByRole("navigation", { name: "Back-office" })).toBeVisible();
    const overflow = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>("section[aria-label$=' list'] table")].map((table) => table.scrollWidth - table.parentElement!.clientWidth));
    expect(overflow.every((pixels) => pixels <= 0), `${path}: a list wider than its frame at 1280 px (${overflow.join(", ")})`).toBe(true);
    await expectActionsWithinWidth(page, DESK.width, path);
  }
});

test("on a phone Bookings and Hive Adoptions are cards: title, status, facts and actions inside the screen, ticking and the row menu working", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `Kestrel Hill ${tag}` });
  const asset = await insertAsset(db, location.id, { name: `Kestrel RV ${tag}` });
  const guest = `Philippa Longbottom-Ashworth ${tag}`;
  await insertBooking(db, asset.id, { guestName: guest, guestEmail: uniqueEmail("philippa.longbottom-ashworth"), location: location.name, status: "pending" });
  const tier = await insertTier(db, { name: `Meadow Keeper ${tag}`, isActive: false });
  const customer = await signIn.customer({ verified: true }, await page.context().browser()!.newContext({ baseURL: server.url }));
  await insertAdoption(db, { kind: "customer", userId: customer.userId, email: customer.email, name: "", emailVerified: true }, tier.id);
  await signIn.admin();
  await page.setViewportSize(PHONE);

  await visit(`/admin/bookings?q=${tag}`);
  const card = page.getByRole("row").filter({ hasText: guest });
  for (const part of [
    card.getByRole("link", { name: `Edit the booking of ${guest}` }),
    card.getByText("Pending", { exact: true }),
    // A fact's label is its column's header (shown by CSS, part of the cell's name).
    card.getByRole("cell", { name: /^Check-in/ }),
    card.getByRole("cell", { name: /^Total/ }),
    card.getByRole("button", { name: `Confirm the booking of ${guest}` }),
    card.getByRole("button", { name: `Decline the booking of ${guest}` }),
    card.getByRole("button", { name: `Actions for the booking of ${guest}` }),
    card.getByRole("checkbox", { name: `Select the booking of ${guest}` }),
  ]) {
    await expect(part).toBeVisible();
    await expectWithinWidth(part, PHONE.width);
  }
  // The status beside the title, on the card's first line.
  const [title, status] = [await card.getByRole("link", { name: `Edit the booking of ${guest}` }).boundingBox(), await card.getByText("Pending", { exact: true }).boundingBox()];
  expect(status!.y).toBeLessThan(title!.y + title!.height);
  expect(status!.x).toBeGreaterThan(title!.x);

  await card.getByRole("checkbox", { name: `Select the booking of ${guest}` }).check();
  await expect(page.getByRole("form", { name: "Bulk actions" })).toContainText("1 selected");
  await card.getByRole("button", { name: `Actions for the booking of ${guest}` }).click();
  const edit = page.getByRole("link", { name: "Edit", exact: true });
  await expect(edit).toBeVisible();
  await expectWithinWidth(edit, PHONE.width);
  await edit.click();
  await expect(page.getByRole("dialog", { name: "Edit Booking" })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  await visit(`/admin/hive-adoptions?q=${encodeURIComponent(customer.email)}`);
  const adoption = page.getByRole("row").filter({ hasText: customer.email });
  for (const part of [adoption.getByText("Pending", { exact: true }), adoption.getByRole("cell", { name: /^Tier/ }), adoption.getByRole("button", { name: `Activate the adoption of ${customer.email}` }), adoption.getByRole("button", { name: /^Actions for / })]) {
    await expect(part).toBeVisible();
    await expectWithinWidth(part, PHONE.width);
  }
  expect(await noSidewaysScroll(page)).toBe(true);
});

test("a message never covers an open dialog: a refusal is said once inside it, the next save clears it and says it worked", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `Larkspur ${tag}` });
  const asset = await insertAsset(db, location.id, { name: `Lark RV ${tag}` });
  await insertBooking(db, asset.id, { guestName: `Ana Ruiz ${tag}`, guestEmail: uniqueEmail("ana"), location: location.name, checkInDate: "2031-08-10", checkOutDate: "2031-08-13", numberOfNights: 3, status: "confirmed" });
  const mine = await insertBooking(db, asset.id, { guestName: `Bo Lind ${tag}`, guestEmail: uniqueEmail("bo"), location: location.name, checkInDate: "2031-08-20", checkOutDate: "2031-08-22", numberOfNights: 2, status: "confirmed" });
  await signIn.admin();

  for (const size of [PHONE, DESK]) {
    await page.setViewportSize(size);
    await visit(`/admin/bookings?q=${tag}&dialog=edit&id=${mine.id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Booking" });
    await dialog.getByLabel("Check-in").fill("2031-08-11");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const conflict = toast(page, "Booking Conflict");
    await expect(conflict).toContainText(`Ana Ruiz ${tag} is booked on this asset`);
    // Inside the dialog, under its title; said once (the form's own line steps aside), no toast over it.
    await expect(dialog.locator("[data-dialog-toast]")).toHaveCount(1);
    await expect(dialog.getByText(`Ana Ruiz ${tag} is booked on this asset`, { exact: false }).filter({ visible: true })).toHaveCount(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    const [titleBox, messageBox] = [await dialog.getByRole("heading", { name: "Edit Booking" }).boundingBox(), await conflict.boundingBox()];
    expect(messageBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height);

    // Fixed and saved: the success toast, and no red one left behind.
    await dialog.getByLabel("Check-in").fill("2031-08-24");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, "Booking updated")).toBeVisible();
    await expect(toast(page, "Booking Conflict")).toHaveCount(0);

    // A toast showing as a dialog opens moves into it rather than lie over it.
    await page.getByRole("link", { name: `Edit the booking of Bo Lind ${tag}` }).click();
    const reopened = page.getByRole("dialog", { name: "Edit Booking" });
    await expect(reopened).toBeVisible();
    const dialogBox = (await reopened.boundingBox())!;
    for (const shown of await page.locator("[data-sonner-toast]:not([data-removed='true'])").all()) {
      const box = await shown.boundingBox();
      if (!box) continue;
      const overlaps = box.x < dialogBox.x + dialogBox.width && dialogBox.x < box.x + box.width && box.y < dialogBox.y + dialogBox.height && dialogBox.y < box.y + box.height;
      expect(overlaps, "a toast over the open dialog").toBe(false);
    }
    await reopened.getByRole("link", { name: "Cancel" }).click();
    await expect(reopened).toHaveCount(0);
    // Back where it was, for the next size.
    await db.update(bookings).set({ checkInDate: "2031-08-20", checkOutDate: "2031-08-22", numberOfNights: 2 }).where(eq(bookings.id, mine.id));
  }
});

test("the occupancy calendar keeps its location through a save and a reload, opens on the one chosen last, and shows a phone two weeks", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `zz Thornfield ${tag}` });
  const asset = await insertAsset(db, location.id, { name: `Thorn RV ${tag}` });
  const stay = await insertBooking(db, asset.id, { guestName: `Ivy Stone ${tag}`, guestEmail: uniqueEmail("ivy"), location: location.name, checkInDate: "2031-09-10", checkOutDate: "2031-09-12", numberOfNights: 2, status: "pending" });
  await signIn.admin();
  await page.setViewportSize(DESK);

  await visit("/admin/bookings?month=2031-09");
  await page.getByRole("navigation", { name: "Location shown" }).getByRole("link", { name: location.name }).click();
  const calendar = page.getByRole("region", { name: `Occupancy at ${location.name}, September 2031` });
  await expect(calendar).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`calendar=${location.id}`));

  // A save from the calendar's bar comes back to the same location and month.
  await calendar.getByRole("link", { name: new RegExp(`^Ivy Stone ${tag}, .*: edit$`) }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Booking" });
  await dialog.getByLabel("Guests").fill("3");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Booking updated")).toBeVisible();
  await expect(calendar).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(calendar).toBeVisible();

  // Opened afresh, with nothing in the address, on the location chosen last.
  await visit("/admin/bookings");
  await expect(page.getByRole("region", { name: new RegExp(`^Occupancy at ${location.name},`) })).toBeVisible();

  // On a phone: fourteen nights across the screen, a week at a time.
  await page.setViewportSize(PHONE);
  await visit(`/admin/bookings?month=2031-09&calendar=${location.id}`);
  const phone = page.getByRole("region", { name: `Occupancy at ${location.name}, September 2031` });
  const nights = phone.locator("table:visible thead th");
  await expect(nights).toHaveCount(14);
  for (const night of [nights.first(), nights.last()]) await expectWithinWidth(night, PHONE.width);
  await expect(phone.getByText("Sep 1 – Sep 14", { exact: true })).toBeVisible();
  const bar = phone.getByRole("link", { name: new RegExp(`^Ivy Stone ${tag}, .*: edit$`) });
  await expect(bar).toBeVisible();
  await expectWithinWidth(bar, PHONE.width);
  await phone.getByRole("button", { name: /^Later nights/ }).click();
  await expect(phone.getByText("Sep 8 – Sep 21", { exact: true })).toBeVisible();
  await phone.getByRole("button", { name: /^Later nights/ }).click();
  await expect(phone.getByText("Sep 15 – Sep 28", { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(stay.id).toBeTruthy();
});
