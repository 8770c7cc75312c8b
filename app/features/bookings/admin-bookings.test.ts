import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { bookings, outboxMessages, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { ADMIN_BOOKING_MESSAGES } from "./admin-booking.schema";
import { DECISION_MESSAGES, UNDO_SECONDS } from "~/features/back-office/decisions";
import { HOLD_SECONDS } from "~/features/back-office/decisions.server";
import { formatDay } from "~/platform/day-format";
import { addBooking, ASSET_ELSEWHERE, BOOKING_CONFLICT, confirmBooking, conflictWith, decideBookings, declineBooking, deleteBooking, listBookings, undoBookingDecision, updateBooking } from "./admin-bookings.server";
import { changedSince, notPending, tooLateToUndo } from "./messages";
import { BOOKING_MESSAGES } from "./booking-messages";
import { bookingsScreen } from "./bookings.screen";

describe.each(testEngines())("Bookings commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const list = (actor: BackOfficeContext["actor"], query: string) => listBookings(as(actor), parseListParams(new URLSearchParams(query), bookingsScreen.list));
  const email = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.com`;

  /** A location with one RV at $125.50 a night, and the dialog's fields for a stay on it. */
  async function place() {
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id, { pricePerNight: "125.50" });
    const form = (changes: Record<string, string> = {}) => ({
      locationId: location.id,
      assetId: asset.id,
      guestName: "Ana Ruiz",
      guestEmail: email("ana"),
      guestPhone: "",
      numberOfGuests: "2",
      numberOfNights: "3",
      totalAmount: "376.50",
      status: "pending",
      checkInDate: "2031-06-03",
      checkOutDate: "2031-06-06",
      ...changes,
    });
    return { location, asset, form };
  }

  const mailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
  const icsOf = (mail: typeof outboxMessages.$inferSelect) => Buffer.from(mail.attachments[0]!.content, "base64").toString("utf8");
  const bookingOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const formOf = (row: typeof bookings.$inferSelect, locationId: string, changes: Record<string, string> = {}) => ({
    id: row.id,
    locationId,
    assetId: row.assetId,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    guestPhone: row.guestPhone ?? "",
    numberOfGuests: String(row.numberOfGuests),
    numberOfNights: String(row.numberOfNights),
    totalAmount: row.totalAmount,
    status: row.status,
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    ...changes,
  });

  it("refuses a customer and a staff role without the flag", async () => {
    const { form } = await place();
    const viewer = await insertStaff(t.db, { bookings: ["view"] });
    await expect(list(await insertCustomer(t.db), "")).rejects.toThrow(ForbiddenError);
    await expect(list(viewer, "")).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(addBooking(as(viewer), form())).rejects.toThrow("You don't have permission to add bookings.");
    await expect(updateBooking(as(viewer), { id: crypto.randomUUID(), ...form() })).rejects.toThrow("You don't have permission to change bookings.");
    await expect(deleteBooking(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete bookings.");
  });

  it("says what is missing or wrong, in the spec's words where it has them", async () => {
    const admin = await insertUser(t.db);
    const { form, location } = await place();
    const other = await insertAsset(t.db, (await insertLocation(t.db)).id);
    const errors = async (changes: Record<string, string>) => {
      const result = await addBooking(as(admin), form(changes));
      if (result.ok) throw new Error("accepted");
      return result.fieldErrors;
    };
    expect(await errors({ locationId: "", assetId: "" })).toEqual({ locationId: [ADMIN_BOOKING_MESSAGES.locationAndAsset], assetId: [ADMIN_BOOKING_MESSAGES.locationAndAsset] });
    expect(await errors({ guestName: " ", guestEmail: "nope" })).toEqual({ guestName: [BOOKING_MESSAGES.guestName], guestEmail: [BOOKING_MESSAGES.guestEmail] });
    expect(await errors({ numberOfGuests: "0" })).toEqual({ numberOfGuests: [ADMIN_BOOKING_MESSAGES.guests] });
    expect(await errors({ numberOfNights: "0" })).toEqual({ numberOfNights: [ADMIN_BOOKING_MESSAGES.nights] });
    expect(await errors({ totalAmount: "-1" })).toEqual({ totalAmount: [ADMIN_BOOKING_MESSAGES.total] });
    expect(await errors({ totalAmount: "10.001" })).toEqual({ totalAmount: [ADMIN_BOOKING_MESSAGES.total] });
    expect(await errors({ checkOutDate: "2031-06-03" })).toEqual({ checkOutDate: [ADMIN_BOOKING_MESSAGES.checkOutAfterCheckIn] });
    expect(await errors({ numberOfNights: "2" })).toEqual({ numberOfNights: [ADMIN_BOOKING_MESSAGES.nightsMatchDates(3)] });
    expect(await errors({ checkInDate: "2031-02-30" })).toMatchObject({ checkInDate: [ADMIN_BOOKING_MESSAGES.checkIn] });
    // An asset of another location than the one chosen.
    expect(await addBooking(as(admin), form({ assetId: other.id, locationId: location.id }))).toMatchObject({ ok: false, status: 400, fieldErrors: { assetId: [ASSET_ELSEWHERE] } });
    expect(await t.db.select().from(bookings).where(eq(bookings.assetId, other.id))).toEqual([]);
  });

  it("adds a booking as rv_glamping at the asset's location, audits it and sends send-booking-update (isUpdate false)", async () => {
    const admin = await insertUser(t.db);
    const { form, location, asset } = await place();
    const fields = form({ guestPhone: "+1 360 555 0100", totalAmount: "350" });
    const result = await addBooking(as(admin), fields);
    if (!result.ok) throw new Error(result.message);
    expect(result.toast).toMatchObject({ title: "Booking added", description: "Ana Ruiz, Jun 03, 2031 – Jun 06, 2031" });
    expect(await bookingOf(result.value.id)).toMatchObject({
      assetId: asset.id,
      location: location.name,
      experienceType: "rv_glamping",
      status: "pending",
      guestPhone: "+1 360 555 0100",
      numberOfNights: 3,
      totalAmount: "350.00",
      userId: null,
    });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, result.value.id));
    expect(audit).toMatchObject({ eventType: "record_created", module: "bookings", after: expect.objectContaining({ guestName: "Ana Ruiz", totalAmount: "350.00", status: "pending" }) });

    const [mail, ...more] = await mailsTo(fields.guestEmail);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: "booking-update", subject: `Your booking at ${location.name}` });
    expect(mail!.text).toContain("We have booked your stay, Ana Ruiz");
    expect(mail!.text).toMatch(/Status\s+Pending/);
    expect(mail!.text).toContain("$350");
    expect(mail!.text).toContain("Tuesday, June 3, 2031");
    expect(mail!.text).toMatch(/Guests\s+2 guests/);
    const ics = icsOf(mail!);
    expect(ics).toContain(`UID:booking-${result.value.id}@apiary`);
    expect(ics).toContain("STATUS:TENTATIVE");
    expect(ics).toContain("DTEND;VALUE=DATE:20310606");
  });

  it("a booking added as confirmed gets the confirmation with a confirmed calendar event", async () => {
    const admin = await insertUser(t.db);
    const { form, location } = await place();
    const fields = form({ status: "confirmed" });
    expect(await addBooking(as(admin), fields)).toMatchObject({ ok: true });
    const [mail, ...more] = await mailsTo(fields.guestEmail);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: "stay-confirmed", subject: `Your stay at ${location.name} is confirmed` });
    expect(icsOf(mail!)).toContain("STATUS:CONFIRMED");
  });

  it("refuses an overlap with Booking Conflict naming the other guest; cancelled stays and the check-out day don't block", async () => {
    const admin = await insertUser(t.db);
    const { form } = await place();
    expect(await addBooking(as(admin), form({ guestName: "Ana Ruiz" }))).toMatchObject({ ok: true });
    const clash = form({ guestName: "Bo Lind", checkInDate: "2031-06-05", checkOutDate: "2031-06-07", numberOfNights: "2" });
    expect(await addBooking(as(admin), clash)).toEqual({
      ok: false,
      status: 409,
      title: BOOKING_CONFLICT,
      message: conflictWith({ guestName: "Ana Ruiz", checkInDate: "2031-06-03", checkOutDate: "2031-06-06" }),
      fieldErrors: undefined,
    });
    expect(conflictWith({ guestName: "Ana Ruiz", checkInDate: "2031-06-03", checkOutDate: "2031-06-06" })).toBe(
      "Ana Ruiz is booked on this asset from Jun 03, 2031 to Jun 06, 2031. Choose other dates or another asset.",
    );
    expect(await mailsTo(clash.guestEmail)).toEqual([]);
    // Starting on Ana's check-out day is fine; a cancelled booking doesn't hold its nights.
    expect(await addBooking(as(admin), form({ checkInDate: "2031-06-06", checkOutDate: "2031-06-07", numberOfNights: "1" }))).toMatchObject({ ok: true });
    expect(await addBooking(as(admin), form({ status: "cancelled", checkInDate: "2031-06-01", checkOutDate: "2031-06-08", numberOfNights: "7" }))).toMatchObject({ ok: true });
  });

  it("two admins saving overlapping stays at once: exactly one wins, the other hears Booking Conflict", async () => {
    const [first, second] = [await insertUser(t.db), await insertUser(t.db)];
    const { form } = await place();
    const results = await Promise.all([addBooking(as(first), form({ guestName: "First" })), addBooking(as(second), form({ guestName: "Second", checkInDate: "2031-06-04", checkOutDate: "2031-06-05", numberOfNights: "1" }))]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409, title: BOOKING_CONFLICT, message: expect.stringMatching(/^(First|Second) is booked on this asset/) });
  });

  it("an edit ignores the booking itself; one that changes nothing writes and sends nothing", async () => {
    const admin = await insertUser(t.db);
    const { form, location } = await place();
    const added = await addBooking(as(admin), form());
    if (!added.ok) throw new Error(added.message);
    const row = await bookingOf(added.value.id);
    const mailsBefore = (await mailsTo(row.guestEmail)).length;

    expect(await updateBooking(as(admin), formOf(row, location.id))).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    expect(await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, row.id), eq(securityAuditLog.eventType, "record_updated")))).toEqual([]);
    expect(await mailsTo(row.guestEmail)).toHaveLength(mailsBefore);

    // One more night over its own old dates: no conflict with itself.
    const longer = formOf(row, location.id, { checkOutDate: "2031-06-07", numberOfNights: "4", totalAmount: "480.00", numberOfGuests: "3" });
    expect(await updateBooking(as(admin), longer)).toMatchObject({ ok: true, toast: { title: "Booking updated" } });
    expect(await bookingOf(row.id)).toMatchObject({ checkOutDate: "2031-06-07", numberOfNights: 4, totalAmount: "480.00", numberOfGuests: 3 });
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, row.id), eq(securityAuditLog.eventType, "record_updated")));
    expect(audit).toMatchObject({ before: expect.objectContaining({ numberOfNights: 3, totalAmount: "376.50" }), after: expect.objectContaining({ numberOfNights: 4, totalAmount: "480.00" }) });
    const update = (await mailsTo(row.guestEmail)).at(-1)!;
    expect(update).toMatchObject({ template: "booking-update", subject: `Your booking at ${location.name} was updated` });
    expect(update.text).toMatch(/Length of stay\s+4 nights/);
    expect(update.text).toMatch(/Guests\s+3 guests/);
  });

  it("confirming sends the confirmation; cancelling sends a cancellation that removes the event (METHOD:CANCEL, same UID); edits while cancelled send nothing", async () => {
    const admin = await insertUser(t.db);
    const { form, location } = await place();
    const added = await addBooking(as(admin), form());
    if (!added.ok) throw new Error(added.message);
    const row = await bookingOf(added.value.id);
    const uid = `UID:booking-${row.id}@apiary`;

    expect(await updateBooking(as(admin), formOf(row, location.id, { status: "confirmed" }))).toMatchObject({ ok: true });
    const confirmed = (await mailsTo(row.guestEmail)).at(-1)!;
    expect(confirmed).toMatchObject({ template: "stay-confirmed", subject: `Your stay at ${location.name} is confirmed` });
    expect(confirmed.text).toContain("Your stay is confirmed, Ana Ruiz!");
    expect(icsOf(confirmed)).toContain(uid);
    expect(icsOf(confirmed)).toContain("STATUS:CONFIRMED");

    expect(await updateBooking(as(admin), formOf(row, location.id, { status: "cancelled" }))).toMatchObject({ ok: true });
    const cancelled = (await mailsTo(row.guestEmail)).at(-1)!;
    expect(cancelled).toMatchObject({ template: "booking-update", subject: `Your booking at ${location.name} is cancelled` });
    expect(cancelled.text).toMatch(/Status\s+Cancelled/);
    const ics = icsOf(cancelled);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(uid);
    // A newer SEQUENCE than the confirmation's, or calendars ignore the cancellation.
    const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)?.[1]);
    expect(sequence(ics)).toBeGreaterThanOrEqual(sequence(icsOf(confirmed)));

    const count = (await mailsTo(row.guestEmail)).length;
    expect(await updateBooking(as(admin), formOf(row, location.id, { status: "cancelled", numberOfGuests: "4" }))).toMatchObject({ ok: true, toast: { title: "Booking updated" } });
    expect(await mailsTo(row.guestEmail)).toHaveLength(count);
  });

  it("deletes a booking with an audit row and no e-mail; a gone booking is a clear 404", async () => {
    const admin = await insertUser(t.db);
    const { asset } = await place();
    const stay = await insertBooking(t.db, asset.id, { guestEmail: email("cy"), guestName: "Cy Moss" });
    expect(await deleteBooking(as(admin), { id: stay.id })).toMatchObject({ ok: true, toast: { title: "Booking deleted" } });
    expect(await t.db.select().from(bookings).where(eq(bookings.id, stay.id))).toEqual([]);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, stay.id));
    expect(audit).toMatchObject({ eventType: "record_deleted", module: "bookings", before: expect.objectContaining({ guestName: "Cy Moss" }) });
    expect(await mailsTo(stay.guestEmail)).toEqual([]);
    expect(await deleteBooking(as(admin), { id: stay.id })).toEqual({ ok: false, status: 404, message: "This booking no longer exists.", fieldErrors: undefined });
    expect(await updateBooking(as(admin), { id: stay.id, locationId: asset.locationId, assetId: asset.id, guestName: "X", guestEmail: "x@example.com", numberOfGuests: "1", numberOfNights: "1", totalAmount: "0", status: "pending", checkInDate: "2031-01-01", checkOutDate: "2031-01-02" })).toMatchObject({ ok: false, status: 404 });
  });

  it("lists newest first; searches guest name and e-mail; filters status, location, asset and stay dates", async () => {
    const admin = await insertUser(t.db);
    const tag = `zz${crypto.randomUUID().slice(0, 6)}`;
    const location = await insertLocation(t.db);
    const [one, two] = [await insertAsset(t.db, location.id), await insertAsset(t.db, location.id)];
    const older = await insertBooking(t.db, one.id, { guestEmail: `${tag}.a@example.com`, guestName: "Dee", checkInDate: "2032-03-01", checkOutDate: "2032-03-04", numberOfNights: 3, createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertBooking(t.db, two.id, { guestEmail: "eve@example.com", guestName: `Eve ${tag}`, status: "confirmed", checkInDate: "2032-03-10", checkOutDate: "2032-03-12", numberOfNights: 2 });
    const names = async (query: string) => (await list(admin, `q=${tag}&${query}`)).rows.map((row) => row.guestName);
    expect(await names("")).toEqual([newer.guestName, older.guestName]);
    expect((await list(admin, `q=${tag}`)).rows[0]).toMatchObject({ assetName: two.name, location: "Test Meadow", checkInDate: "2032-03-10", status: "confirmed" });
    expect(await names("status=pending")).toEqual(["Dee"]);
    expect(await names(`location=${location.id}&asset=${one.id}`)).toEqual(["Dee"]);
    expect(await names(`location=${crypto.randomUUID()}`)).toEqual([]);
    // Stays sharing a night with the days asked: Dee leaves on the 4th, so the 4th itself is not hers.
    expect(await names("from=2032-03-04&to=2032-03-10")).toEqual([newer.guestName]);
    expect(await names("from=2032-03-03&to=2032-03-03")).toEqual(["Dee"]);
    expect(await names("sort=check_in&dir=asc")).toEqual(["Dee", newer.guestName]);
    expect((await list(admin, `q=${tag}`)).total).toBe(2);
    // The code a guest reads out over the phone finds their booking, with or without its letters.
    expect((await list(admin, `q=TES-${older.reference}`)).rows.map((row) => row.guestName)).toEqual(["Dee"]);
    expect((await list(admin, `q=${older.reference.toLowerCase()}`)).rows.map((row) => row.guestName)).toEqual(["Dee"]);
  });

  describe("one-click decisions", () => {
    /** A pending request on an asset of its own. */
    async function pending(changes: Partial<typeof bookings.$inferInsert> = {}) {
      const location = await insertLocation(t.db);
      const asset = await insertAsset(t.db, location.id);
      return insertBooking(t.db, asset.id, { guestEmail: email("req"), guestName: "Ana Ruiz", location: location.name, status: "pending", ...changes });
    }
    const auditsOf = (id: string) => t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, id), eq(securityAuditLog.eventType, "record_updated"))).orderBy(securityAuditLog.createdAt);
    /** Seconds until the worker may send it. */
    const heldFor = async (id: number) => (await t.db.select({ seconds: sql<number>`extract(epoch from ${outboxMessages.nextAttemptAt} - now())::float` }).from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!.seconds;
    /** The worker took it (its hold over, or sent): what the outbox looks like once an e-mail has gone. */
    const sent = (to: string) => t.db.update(outboxMessages).set({ status: "sent", attempts: 1, sentAt: new Date() }).where(eq(outboxMessages.to, to));

    it("are refused to a customer and to staff who may only view bookings, one row or many, and their Undo too", async () => {
      const booking = await pending();
      const viewer = await insertStaff(t.db, { bookings: ["view"] });
      for (const actor of [viewer, await insertCustomer(t.db)]) {
        await expect(confirmBooking(as(actor), { id: booking.id })).rejects.toThrow(ForbiddenError);
        await expect(declineBooking(as(actor), { id: booking.id })).rejects.toThrow(ForbiddenError);
        await expect(decideBookings("confirmed")(as(actor), { ids: [booking.id] })).rejects.toThrow(ForbiddenError);
        await expect(undoBookingDecision(as(actor), { decision: crypto.randomUUID(), ids: [booking.id] })).rejects.toThrow(ForbiddenError);
      }
      await expect(confirmBooking(as(viewer), { id: booking.id })).rejects.toThrow("You don't have permission to change bookings.");
      expect(await bookingOf(booking.id)).toMatchObject({ status: "pending" });
      expect(await mailsTo(booking.guestEmail)).toEqual([]);
      // A front desk role that may change bookings may decide.
      const frontDesk = await insertStaff(t.db, { bookings: ["view", "update"] });
      expect(await confirmBooking(as(frontDesk), { id: booking.id })).toMatchObject({ ok: true });
    });

    it("Confirm: the request is confirmed, audited, and the guest's confirmation is held for the Undo the toast offers", async () => {
      const admin = await insertUser(t.db);
      const booking = await pending();
      const result = await confirmBooking(as(admin), { id: booking.id });
      if (!result.ok) throw new Error(result.message);
      const label = `Ana Ruiz, ${formatDay(booking.checkInDate)} – ${formatDay(booking.checkOutDate)}`;
      expect(result.toast).toMatchObject({
        title: "Booking confirmed",
        description: `${label}. The guest is e-mailed the confirmation with a calendar file.`,
        variant: "success",
        action: { label: "Undo", fields: { intent: "undo", decision: expect.stringMatching(/^[0-9a-f-]{36}$/), ids: [booking.id] }, seconds: UNDO_SECONDS },
      });
      expect(await bookingOf(booking.id)).toMatchObject({ status: "confirmed" });
      const [audit] = await auditsOf(booking.id);
      expect(audit).toMatchObject({ module: "bookings", userId: admin.userId, before: expect.objectContaining({ status: "pending" }), after: expect.objectContaining({ status: "confirmed" }), eventDetails: { label, decision: "confirm" } });
      const [mail, ...more] = await mailsTo(booking.guestEmail);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ template: "stay-confirmed", status: "pending", attempts: 0 });
      expect(icsOf(mail!)).toContain("STATUS:CONFIRMED");
      // Held past the toast's Undo, not much longer.
      expect(await heldFor(mail!.id)).toBeGreaterThan(UNDO_SECONDS);
      expect(await heldFor(mail!.id)).toBeLessThanOrEqual(HOLD_SECONDS);
      // Decided already: a second click says so and changes nothing.
      expect(await confirmBooking(as(admin), { id: booking.id })).toEqual({ ok: false, status: 409, message: notPending(label, "confirmed"), fieldErrors: undefined });
      expect(await confirmBooking(as(admin), { id: crypto.randomUUID() })).toMatchObject({ ok: false, status: 404 });
      expect(await confirmBooking(as(admin), {})).toMatchObject({ ok: false, status: 400 });
      expect(await mailsTo(booking.guestEmail)).toHaveLength(1);
    });

    it("Decline: the request is cancelled, its nights free again, and the guest is told", async () => {
      const admin = await insertUser(t.db);
      const booking = await pending();
      const result = await declineBooking(as(admin), { id: booking.id });
      expect(result).toMatchObject({ ok: true, toast: { title: "Request declined", action: { label: "Undo" } } });
      expect(await bookingOf(booking.id)).toMatchObject({ status: "cancelled" });
      const [mail] = await mailsTo(booking.guestEmail);
      expect(mail).toMatchObject({ template: "booking-update", status: "pending" });
      expect(mail!.text).toMatch(/Status\s+Cancelled/);
      expect(icsOf(mail!)).toContain("METHOD:CANCEL");
      const [audit] = await auditsOf(booking.id);
      expect(audit).toMatchObject({ after: expect.objectContaining({ status: "cancelled" }), eventDetails: expect.objectContaining({ decision: "decline" }) });
      // Another guest may take those nights.
      await expect(insertBooking(t.db, booking.assetId, { guestEmail: email("next"), checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate })).resolves.toMatchObject({ status: "pending" });
    });

    it("in bulk: each ticked row in a transaction of its own, with its own audit row and e-mail; a row decided meanwhile is skipped and said", async () => {
      const admin = await insertUser(t.db);
      const rows = [await pending({ guestName: "One" }), await pending({ guestName: "Two" }), await pending({ guestName: "Three" })];
      const decided = await pending({ guestName: "Four", status: "confirmed" });
      const result = await decideBookings("confirmed")(as(admin), { ids: [...rows.map((row) => row.id), decided.id, rows[0]!.id] });
      if (!result.ok) throw new Error(result.message);
      expect(result.value.decided.sort()).toEqual(rows.map((row) => row.id).sort());
      expect(result.toast).toMatchObject({
        title: "3 bookings confirmed",
        detail: notPending(`Four, ${formatDay(decided.checkInDate)} – ${formatDay(decided.checkOutDate)}`, "confirmed"),
        action: { fields: { intent: "undo", ids: rows.map((row) => row.id) } },
      });
      for (const row of rows) {
        expect(await bookingOf(row.id)).toMatchObject({ status: "confirmed" });
        const audits = await auditsOf(row.id);
        expect(audits).toHaveLength(1);
        expect(audits[0]!.eventDetails).toMatchObject({ decision: "confirm", decisionId: result.toast!.action!.fields.decision });
        expect(await mailsTo(row.guestEmail)).toMatchObject([{ template: "stay-confirmed" }]);
      }
      expect(await auditsOf(decided.id)).toEqual([]);
      // Nothing left to decide: refused, with the reason.
      expect(await decideBookings("cancelled")(as(admin), { ids: [decided.id] })).toMatchObject({ ok: false, status: 409 });
      expect(await decideBookings("cancelled")(as(admin), { ids: [] })).toMatchObject({ ok: false, status: 400, fieldErrors: { ids: [DECISION_MESSAGES.none] } });
      expect(await decideBookings("cancelled")(as(admin), { ids: Array.from({ length: 51 }, () => crypto.randomUUID()) })).toMatchObject({ ok: false, fieldErrors: { ids: [DECISION_MESSAGES.tooMany] } });
    });

    it("Undo, while the e-mail has not left: pending again, the e-mail withdrawn, audited; too late once it went, or once the booking changed", async () => {
      const admin = await insertUser(t.db);
      const booking = await pending();
      const label = `Ana Ruiz, ${formatDay(booking.checkInDate)} – ${formatDay(booking.checkOutDate)}`;
      const undoOf = (result: Awaited<ReturnType<typeof confirmBooking>>) => {
        if (!result.ok) throw new Error(result.message);
        return result.toast!.action!.fields;
      };
      const confirmed = undoOf(await confirmBooking(as(admin), { id: booking.id }));
      expect(await undoBookingDecision(as(admin), confirmed)).toMatchObject({ ok: true, toast: { title: "Decision undone", description: `${label} is pending again. The guest was not e-mailed.` } });
      expect(await bookingOf(booking.id)).toMatchObject({ status: "pending" });
      expect(await mailsTo(booking.guestEmail)).toEqual([]);
      const audits = await auditsOf(booking.id);
      expect(audits.map((audit) => [audit.before?.status, audit.after?.status, audit.eventDetails.decision ?? audit.eventDetails.undo])).toEqual([
        ["pending", "confirmed", "confirm"],
        ["confirmed", "pending", "confirm"],
      ]);
      // Twice: nothing left to take back.
      expect(await undoBookingDecision(as(admin), confirmed)).toEqual({ ok: false, status: 409, message: changedSince(label), fieldErrors: undefined });

      // Once the e-mail has gone, the decision stands.
      const declined = undoOf(await declineBooking(as(admin), { id: booking.id }));
      await sent(booking.guestEmail);
      expect(await undoBookingDecision(as(admin), declined)).toEqual({ ok: false, status: 409, message: tooLateToUndo(label), fieldErrors: undefined });
      expect(await bookingOf(booking.id)).toMatchObject({ status: "cancelled" });

      // Changed in Edit since the decision: left as it is, and its e-mail still goes.
      const other = await pending({ guestName: "Bo" });
      const decision = undoOf(await confirmBooking(as(admin), { id: other.id }));
      await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, other.id));
      expect(await undoBookingDecision(as(admin), decision)).toMatchObject({ ok: false, status: 409 });
      expect(await mailsTo(other.guestEmail)).toMatchObject([{ template: "stay-confirmed", status: "pending" }]);
      // A decision id that is not one.
      expect(await undoBookingDecision(as(admin), { decision: "nope", ids: [other.id] })).toMatchObject({ ok: false, status: 400, fieldErrors: { decision: [DECISION_MESSAGES.decision] } });
    });

    it("Undo of a decline whose nights were booked meanwhile is a Booking Conflict, and the cancellation still goes", async () => {
      const admin = await insertUser(t.db);
      const booking = await pending();
      const result = await declineBooking(as(admin), { id: booking.id });
      if (!result.ok) throw new Error(result.message);
      await insertBooking(t.db, booking.assetId, { guestEmail: email("took"), guestName: "Cy Moss", checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate });
      expect(await undoBookingDecision(as(admin), result.toast!.action!.fields)).toMatchObject({ ok: false, status: 409, title: BOOKING_CONFLICT, message: expect.stringMatching(/^Cy Moss is booked on this asset/) });
      expect(await bookingOf(booking.id)).toMatchObject({ status: "cancelled" });
      expect(await mailsTo(booking.guestEmail)).toMatchObject([{ template: "booking-update", status: "pending" }]);
    });

    it("Undo of a bulk decision takes back every row whose e-mail is still held and says which it could not", async () => {
      const admin = await insertUser(t.db);
      const [one, two] = [await pending({ guestName: "One" }), await pending({ guestName: "Two" })];
      const result = await decideBookings("cancelled")(as(admin), { ids: [one.id, two.id] });
      if (!result.ok) throw new Error(result.message);
      expect(result.toast).toMatchObject({ title: "2 requests declined" });
      await sent(two.guestEmail);
      const undone = await undoBookingDecision(as(admin), result.toast!.action!.fields);
      expect(undone).toMatchObject({ ok: true, toast: { title: "Decision undone", detail: tooLateToUndo(`Two, ${formatDay(two.checkInDate)} – ${formatDay(two.checkOutDate)}`) } });
      expect((await bookingOf(one.id)).status).toBe("pending");
      expect((await bookingOf(two.id)).status).toBe("cancelled");
    });
  });
});
