import { eq } from "drizzle-orm";
import { hiveAdoptions, paymentHistory, sponsors } from "../../app/platform/db/schema";
import { insertCustomer } from "../factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../factories/sponsorships";
import { insertBooking, insertStayAsset } from "../factories/stays";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * A person's record as staff use it, at a desk and on a phone: reached from a booking's e-mail
 * and from the other lists, their stays, adoption, payment, hive and e-mails on one page, and the
 * actions from there (Book a stay with them filled in, Record Payment, Reset Password). Who sees
 * which part is proven in features/people/person.test.ts.
 */
test("a sponsor's record: reached from the lists, everything on one page, actions from there, on a desk and on a phone", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const maya = await insertCustomer(db, { email: uniqueEmail("maya"), name: "Maya Thornbury" });
  await db.update(sponsors).set({ companyName: "Thornbury Orchards", phoneNumber: "+1 360 555 0188" }).where(eq(sponsors.userId, maya.userId));
  const { location, asset } = await insertStayAsset(db);
  // Booked as a guest under her e-mail, before she had an account.
  const stay = await insertBooking(db, asset.id, { guestEmail: maya.email, guestName: "Maya Thornbury", location: location.name, checkInDate: "2031-12-10", checkOutDate: "2031-12-13", numberOfNights: 3, status: "confirmed" });
  const tier = await insertTier(db, { name: `Worker Bee ${crypto.randomUUID().slice(0, 6)}`, isActive: false });
  const hive = await insertHive(db, location.id);
  const adoption = await insertAdoption(db, maya, tier.id, { status: "active", hiveName: "Honey Haven", hiveId: hive.id, totalPaid: "22.55" });
  await db.insert(paymentHistory).values({ adoptionId: adoption.id, amount: "22.55", paymentMethod: "cash", paymentDate: "2026-02-01" });
  await signIn.admin();

  // From a booking's e-mail, to the account that has it.
  await visit(`/admin/bookings?q=${encodeURIComponent(maya.email)}`);
  await page.getByRole("link", { name: `${maya.email}, the guest's record` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/people/${maya.userId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Maya Thornbury" })).toBeVisible();
  const section = (name: string) => page.getByRole("region", { name, exact: true });
  await expect(section("Bookings 1")).toContainText(`TES-${stay.reference}`);
  await expect(section("Bookings 1")).toContainText("Dec 10–13, 2031 · 3 nights, 2 guests");
  await expect(section("Adoptions 1")).toContainText(tier.name);
  await expect(section("Adoptions 1")).toContainText(`Hive ${hive.name}`);
  await expect(section("Payments 1")).toContainText("$22.55 in all");
  await expect(section("Hives 1")).toContainText(hive.name);
  await expect(section("Sign-in")).toContainText("Two-factor");
  await expectAccessible(page, "a person's record");

  // Reset Password from the record (a sponsor's: the Sponsors permission), and she is told.
  await page.getByRole("link", { name: "Reset Password" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await reset.getByLabel("New password", { exact: true }).fill("Cedar-Wren-Harbor-47");
  await reset.getByLabel("Confirm new password").fill("Cedar-Wren-Harbor-47");
  await expectAccessible(page, "Reset Password on a person's record");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password Reset")).toContainText(maya.email);
  await expect(reset).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/people/${maya.userId}$`));
  await waitForMail(maya.email, /changed by an administrator/);
  // The e-mail and what was done are on the page now: its subject, never its body.
  await page.reload();
  await expect(section("E-mails sent")).toContainText("Delivered");
  await expect(section("Activity")).toContainText(`set a new password for Maya Thornbury`);

  // Book a stay: Bookings' own dialog, with her filled in.
  await page.getByRole("link", { name: "Book a stay" }).click();
  const booking = page.getByRole("dialog", { name: "Add Booking" });
  await expect(booking.getByLabel("Guest name")).toHaveValue("Maya Thornbury");
  await expect(booking.getByLabel("Guest email")).toHaveValue(maya.email);
  await expect(booking.getByLabel(/Phone/)).toHaveValue("+1 360 555 0188");
  await page.goBack();

  // Record Payment: Hive Adoptions' own dialog for her adoption.
  await page.getByRole("link", { name: "Record Payment", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Record Payment" })).toContainText(maya.email);

  // The other lists lead to her too.
  await visit(`/admin/sponsors?q=${encodeURIComponent(maya.email)}`);
  await page.getByRole("link", { name: `${maya.email}, the sponsor's record` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya Thornbury" })).toBeVisible();
  await visit(`/admin/hive-adoptions?q=${encodeURIComponent(maya.email)}`);
  await page.getByRole("button", { name: `Actions for the adoption of ${maya.email}` }).click();
  await page.getByRole("link", { name: "Sponsor's record" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya Thornbury" })).toBeVisible();

  // On a phone: one column, nothing wider than the screen, the actions in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(`/admin/users?q=${encodeURIComponent(maya.email)}`);
  await page.getByRole("button", { name: `Actions for ${maya.email}` }).click();
  await page.getByRole("link", { name: "Person's record" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya Thornbury" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "a person's record on a phone");
  for (const name of ["Book a stay", "Record Payment", "Reset Password"]) {
    const box = (await page.getByRole("link", { name, exact: true }).first().boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Payments" }).click();
  await expect(section("Payments 1")).toBeInViewport();
  expect(await db.select({ total: hiveAdoptions.totalPaid }).from(hiveAdoptions).where(eq(hiveAdoptions.id, adoption.id))).toEqual([{ total: "22.55" }]);
});
