import { addDays, todayIn } from "../../app/features/bookings/stay-dates";
import { insertAsset, insertBooking, insertLocation } from "../factories/stays";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * Bookings as the front desk uses them: a phone booking added in the dialog (the spec's defaults
 * and messages, nights and total following the dates and price, a Booking Conflict naming the
 * guest in the way, a discount), confirmed from its bar in the occupancy calendar (the guest's
 * e-mail), a booking made on the site arriving live in the list and today's arrivals, an empty
 * night opening Add Booking for it, and a delete. The rules: features/bookings/admin-bookings.test.ts.
 */
test("the front desk adds a phone booking around a conflict, confirms it, sees a site booking arrive, and deletes one", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `Heron Bay ${tag}` });
  const rv = await insertAsset(db, location.id, { name: `Heron RV ${tag}`, pricePerNight: "125.50" });
  await insertAsset(db, (await insertLocation(db)).id, { name: `Elsewhere RV ${tag}` });
  await insertBooking(db, rv.id, { guestName: `Ana Ruiz ${tag}`, guestEmail: uniqueEmail("ana"), checkInDate: "2031-07-10", checkOutDate: "2031-07-13", numberOfNights: 3, status: "confirmed" });
  const guestEmail = uniqueEmail("bo");

  await signIn.admin();
  await visit(`/admin/bookings?q=${tag}&calendar=${location.id}&month=2031-07`);
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  const calendar = page.getByRole("region", { name: `Occupancy at ${location.name}, July 2031` });
  const rvNights = calendar.getByRole("row", { name: new RegExp(`^${rv.name}`) });
  await expect(rvNights.getByRole("link", { name: `Ana Ruiz ${tag}, Jul 10 – Jul 13, 2 guests, confirmed: edit` })).toBeVisible();

  await page.getByRole("link", { name: "Add Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Booking" });
  // The spec's defaults: 2 guests, 1 night, pending.
  await expect(dialog.getByLabel("Guests")).toHaveValue("2");
  await expect(dialog.getByLabel("Nights")).toHaveValue("1");
  await expect(dialog.getByLabel("Status")).toHaveValue("pending");
  await dialog.getByRole("button", { name: "Add Booking" }).click();
  await expect(dialog.getByText("Please select both location and asset").first()).toBeVisible();
  await expect(dialog.getByText("Guest name is required")).toBeVisible();
  await expectAccessible(page, "Add Booking with errors");

  // Only the chosen location's assets; nights and total follow the dates and the price.
  await dialog.getByLabel("Location").selectOption({ label: location.name });
  await expect(dialog.getByLabel("Asset").getByRole("option")).toHaveText(["Choose an asset", rv.name]);
  await dialog.getByLabel("Asset").selectOption({ label: rv.name });
  await dialog.getByLabel("Check-in").fill("2031-07-12");
  await expect(dialog.getByLabel("Check-out")).toHaveValue("2031-07-13");
  await expect(dialog.getByLabel("Total amount ($)")).toHaveValue("125.50");
  await dialog.getByLabel("Nights").fill("3");
  await expect(dialog.getByLabel("Check-out")).toHaveValue("2031-07-15");
  await expect(dialog.getByLabel("Total amount ($)")).toHaveValue("376.50");
  await expect(dialog.getByText("3 nights × $125.50 = $376.50. Change it for a discount.")).toBeVisible();
  await dialog.getByLabel("Guest name").fill(`Bo Lind ${tag}`);
  await dialog.getByLabel("Guest email").fill(guestEmail);
  await dialog.getByRole("button", { name: "Add Booking" }).click();
  await expect(toast(page, "Booking Conflict").filter({ hasText: `Ana Ruiz ${tag} is booked on this asset from Jul 10, 2031 to Jul 13, 2031.` })).toBeVisible();

  // A day later it fits (Ana leaves on the 13th); a discount on the total.
  await dialog.getByLabel("Check-in").fill("2031-07-13");
  await expect(dialog.getByLabel("Nights")).toHaveValue("2");
  await expect(dialog.getByLabel("Total amount ($)")).toHaveValue("251.00");
  await dialog.getByLabel("Total amount ($)").fill("200");
  await dialog.getByRole("button", { name: "Add Booking" }).click();
  await expect(toast(page, "Booking added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: guestEmail });
  await expect
    .poll(() => row.getByRole("cell").allInnerTexts())
    .toEqual([`Bo Lind ${tag}`, guestEmail, location.name, rv.name, "Jul 13, 2031", "Jul 15, 2031", "Pending", "$200.00", "Confirm\nDecline\nActions"]);
  const added = await waitForMail(guestEmail, /^Your booking at /);
  expect(added.text).toMatch(/Total\s+\$200/);

  // Its bar in the calendar opens Edit; confirming e-mails the guest with the calendar file.
  await rvNights.getByRole("link", { name: `Bo Lind ${tag}, Jul 13 – Jul 15, 2 guests, pending: edit` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Booking" });
  await expect(edit.getByLabel("Total amount ($)")).toHaveValue("200.00");
  await edit.getByLabel("Status").selectOption("confirmed");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Booking updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(6)).toHaveText("Confirmed");
  await expect(rvNights.getByRole("link", { name: `Bo Lind ${tag}, Jul 13 – Jul 15, 2 guests, confirmed: edit` })).toBeVisible();
  const confirmed = await waitForMail(guestEmail, /is confirmed$/);
  // One file to open (the mark in the header is an inline image, not one).
  const files = confirmed.attachments.filter((file) => file.contentDisposition !== "inline");
  expect(files.map((file) => file.filename)).toEqual(["stay.ics"]);
  expect(files[0]!.content.toString("utf8")).toContain("STATUS:CONFIRMED");

  // A guest arriving today books on the site meanwhile: the list and today's arrivals show it without a reload.
  const today = todayIn(location.timeZone);
  await insertBooking(db, rv.id, { guestName: `Cy Moss ${tag}`, guestEmail: uniqueEmail("cy"), guestPhone: "+1 360 555 0142", checkInDate: today, checkOutDate: addDays(today, 2), numberOfNights: 2 });
  const siteRow = page.getByRole("row").filter({ hasText: `Cy Moss ${tag}` });
  await expect(siteRow).toBeVisible();
  await expect(page.getByText("Showing 1–3 of 3")).toBeVisible();
  await expect(calendar.getByRole("listitem").filter({ hasText: `Cy Moss ${tag}` })).toContainText(`${rv.name} · 2 guests+1 360 555 0142`);

  // An empty night opens Add Booking for that asset and night.
  await calendar.locator(`td[data-asset="${rv.id}"][data-night="2031-07-20"]`).filter({ visible: true }).click();
  const prefilled = page.getByRole("dialog", { name: "Add Booking" });
  await expect(prefilled.getByLabel("Asset")).toHaveValue(rv.id);
  await expect(prefilled.getByLabel("Check-in")).toHaveValue("2031-07-20");
  await expect(prefilled.getByLabel("Check-out")).toHaveValue("2031-07-21");
  await expect(prefilled.getByLabel("Total amount ($)")).toHaveValue("125.50");
  await prefilled.getByRole("link", { name: "Cancel" }).click();

  await siteRow.getByRole("button", { name: `Actions for the booking of Cy Moss ${tag}` }).click();
  await siteRow.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Booking" });
  await expect(confirm.getByText("Are you sure you want to delete this booking?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Booking deleted")).toBeVisible();
  await expect(siteRow).toHaveCount(0);
});
