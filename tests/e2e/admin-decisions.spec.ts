import { and, eq, inArray, sql } from "drizzle-orm";
import { OUTBOX_CHANNEL } from "../../app/platform/mail/worker.server";
import { outboxMessages } from "../../app/platform/db/schema";
import { insertAdoption, insertTier } from "../factories/sponsorships";
import { insertAsset, insertBooking, insertLocation } from "../factories/stays";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { mailsTo, waitForMail } from "./mailbox";
import type { TestServer } from "./test-server";

/**
 * Decisions in one click, as the front desk makes them at the desk and on a phone: Confirm and
 * Decline from a request's row, its dialog and the bulk bar over the ticked rows; Undo while the
 * guest's e-mail is held; the e-mails that then arrive (held a few seconds for the Undo first).
 * The rules (permission and audit per row, what Undo may take back): the Vitest files of
 * features/bookings and features/adoptions.
 */
async function requests(server: { platform: { db: Parameters<typeof insertLocation>[0] } }, names: string[]) {
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `Heron Bay ${tag}` });
  const asset = await insertAsset(db, location.id, { name: `Heron RV ${tag}` });
  const rows = [];
  for (const name of names) rows.push(await insertBooking(db, asset.id, { guestName: `${name} ${tag}`, guestEmail: uniqueEmail(name.toLowerCase()), location: location.name }));
  return { tag, rows };
}

// The guest's e-mail leaves once its hold is over (releaseHeldMail) and the mail worker looks.
const MAIL_WAIT = 20_000;

/**
 * Ends the hold of the e-mails still waiting for `addresses` now, instead of sitting out its
 * seconds once the Undo this story needed is past: how long a decision's e-mail is held is
 * proven in features/bookings/admin-bookings.test.ts, that a held message is never sent before
 * it is due and is sent once it is, in platform/mail/outbox.test.ts. A message Undo withdrew is
 * gone, so nothing releases it.
 */
async function releaseHeldMail(server: TestServer, addresses: string[]) {
  const db = server.platform.db;
  await db.update(outboxMessages).set({ nextAttemptAt: sql`now()` }).where(and(inArray(outboxMessages.to, addresses), eq(outboxMessages.status, "pending")));
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

test("at the desk: confirm from a row, decline two at once and undo it before the guests hear, decline one from its row", async ({ page, server, signIn, visit }) => {
  test.setTimeout(75_000);
  const { tag, rows } = await requests(server, ["Maya", "Bo", "Cy"]);
  const [maya, bo, cy] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
  await signIn.admin();
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(`/admin/bookings?q=${tag}`);
  const row = (guest: { guestName: string }) => page.getByRole("row").filter({ hasText: guest.guestName });

  await row(maya).getByRole("button", { name: `Confirm the booking of ${maya.guestName}` }).click();
  await expect(toast(page, "Booking confirmed")).toContainText("The guest is e-mailed the confirmation with a calendar file.");
  await expect(row(maya).getByRole("cell").nth(6)).toHaveText("Confirmed");
  await expect(row(maya).getByRole("button", { name: /^Confirm / })).toHaveCount(0);

  // Two at once from the bulk bar (only pending requests can be ticked), then taken back with Undo while their e-mails are held.
  await expect(row(maya).getByRole("checkbox")).toHaveCount(0);
  const boTick = row(bo).getByRole("checkbox", { name: `Select the booking of ${bo.guestName}` });
  const cyTick = row(cy).getByRole("checkbox", { name: `Select the booking of ${cy.guestName}` });
  await boTick.check();
  await cyTick.check();
  const bar = page.getByRole("form", { name: "Bulk actions" });
  await expect(bar).toContainText("2 selected");
  await bar.getByRole("button", { name: "Decline selected" }).click();
  const declined = toast(page, "2 requests declined");
  await expect(declined).toBeVisible();
  await expect(row(bo).getByRole("cell").nth(6)).toHaveText("Cancelled");
  await expect(row(cy).getByRole("cell").nth(6)).toHaveText("Cancelled");
  await expectAccessible(page, "Bookings with a decision's Undo");
  await declined.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "2 decisions undone")).toContainText("No guest was e-mailed.");
  await expect(row(bo).getByRole("cell").nth(6)).toHaveText("Pending");
  await expect(row(cy).getByRole("cell").nth(6)).toHaveText("Pending");
  // Back as requests, not ticked any more.
  await expect(boTick).not.toBeChecked();
  await expect(cyTick).not.toBeChecked();

  // One of them declined for good, from its row.
  await row(bo).getByRole("button", { name: `Decline the booking of ${bo.guestName}` }).click();
  await expect(toast(page, "Request declined")).toContainText("the guest is e-mailed");
  await expect(row(bo).getByRole("cell").nth(6)).toHaveText("Cancelled");

  // The e-mails, once held long enough: Maya's confirmation with its calendar file, Bo's one cancellation, nothing for Cy.
  await releaseHeldMail(server, [maya.guestEmail, bo.guestEmail, cy.guestEmail]);
  const confirmed = await waitForMail(maya.guestEmail, /is confirmed$/, MAIL_WAIT);
  expect(confirmed.attachments.filter((file) => file.contentDisposition !== "inline").map((file) => file.filename)).toEqual(["stay.ics"]);
  const boMail = await waitForMail(bo.guestEmail, /^Your booking at /, MAIL_WAIT);
  expect(boMail.text).toMatch(/Status\s+Cancelled/);
  expect(await mailsTo(bo.guestEmail, /./)).toHaveLength(1);
  expect(await mailsTo(cy.guestEmail, /./)).toEqual([]);
});

test("on a phone: confirm from a request's dialog, activate an adoption from its row", async ({ page, server, signIn, visit }) => {
  test.setTimeout(75_000);
  const { tag, rows } = await requests(server, ["Dee"]);
  const dee = rows[0]!;
  const tier = await insertTier(server.platform.db, { name: `Meadow Friend ${tag}`, priceMonthly: "25.00", isActive: false });
  await signIn.admin();
  const customer = await signIn.customer({ verified: true }, await page.context().browser()!.newContext({ baseURL: server.url }));
  await insertAdoption(server.platform.db, { kind: "customer", userId: customer.userId, email: customer.email, name: "", emailVerified: true }, tier.id);
  await page.setViewportSize({ width: 390, height: 844 });

  await visit(`/admin/bookings?q=${tag}&dialog=edit&id=${dee.id}`);
  const dialog = page.getByRole("dialog", { name: "Edit Booking" });
  await expect(dialog.getByText("This request is waiting for a decision.")).toBeVisible();
  await dialog.getByRole("button", { name: `Confirm the booking of ${dee.guestName}` }).click();
  await expect(toast(page, "Booking confirmed")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await visit(`/admin/hive-adoptions?q=${encodeURIComponent(customer.email)}`);
  await page.getByRole("button", { name: `Activate the adoption of ${customer.email}` }).click();
  await expect(toast(page, "Adoption activated")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: customer.email }).getByText("Active", { exact: true })).toBeVisible();
  await expectAccessible(page, "Hive Adoptions after Activate, on a phone");

  await releaseHeldMail(server, [dee.guestEmail, customer.email]);
  await waitForMail(dee.guestEmail, /is confirmed$/, MAIL_WAIT);
  await waitForMail(customer.email, /adoption is active$/, MAIL_WAIT);
});
