import { and, asc, desc, eq, gt, ilike, lte, or, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, failedAs, invalid, succeeded, type Result, isFailure, type Refusal } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { retryOnDeadlock, SqlState, sqlStateOf } from "~/platform/db/errors";
import { assets, bookings, locations } from "~/platform/db/schema";
import { enqueueMail, mailKeysAmong, renderTemplate, withdrawHeldMail } from "~/platform/mail/index.server";
import { formatUsd, toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { formatDay } from "~/platform/day-format";
import { BulkDecisionSchema, DecisionSchema, UndoDecisionSchema } from "~/features/back-office/decisions";
import { decisionResult, eachRow, HOLD_SECONDS, undoResult, type Decided } from "~/features/back-office/decisions.server";
import { AddBookingSchema, DeleteBookingSchema, EditBookingSchema, type BookingFieldsInput } from "./admin-booking.schema";
import { BOOKING_DECISION_WORDS, changedSince, notPending, tooLateToUndo } from "./messages";
import type { BookingStatusName } from "./booking-options";
import { bookingCode, newReference, referenceTaken } from "./booking-code";
import { bookingCalendarAttachment } from "./booking-calendar.server";
import { stayPath, stayToken } from "./stay-link.server";
import { nightsHolder } from "~/features/calendar-sync/calendar-sync.server";
import { stayRange } from "~/features/calendar-sync/stay-range";
import { arrivingOn, departingOn } from "./stay-days.server";

/** One booking in the back-office. */
export type BookingRow = {
  id: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  /** The location's name as the booking keeps it (the spec's text column). */
  location: string;
  locationId: string;
  assetId: string;
  assetName: string;
  /** The short code's random part (booking-code.ts). */
  reference: string;
  checkInDate: string;
  checkOutDate: string;
  status: BookingStatusName;
  totalAmount: string;
  numberOfGuests: number;
  numberOfNights: number;
  experienceType: string;
};

const bookingColumns = {
  id: bookings.id,
  guestName: bookings.guestName,
  guestEmail: bookings.guestEmail,
  guestPhone: bookings.guestPhone,
  location: bookings.location,
  locationId: assets.locationId,
  assetId: bookings.assetId,
  assetName: assets.name,
  reference: bookings.reference,
  checkInDate: bookings.checkInDate,
  checkOutDate: bookings.checkOutDate,
  status: bookings.status,
  totalAmount: bookings.totalAmount,
  numberOfGuests: bookings.numberOfGuests,
  numberOfNights: bookings.numberOfNights,
  experienceType: bookings.experienceType,
};

const SORTS = { created: bookings.createdAt, guest: bookings.guestName, check_in: bookings.checkInDate, check_out: bookings.checkOutDate, status: bookings.status, total: bookings.totalAmount } as const;

/** A booking code typed or pasted into the search ("STA-3F9A0C", or its six digits alone) finds its booking. */
function referenceIn(q: string): SQL | undefined {
  const digits = /^(?:[A-Za-z]{1,3}-)?([0-9A-Fa-f]{6})$/.exec(q.trim())?.[1];
  return digits ? eq(bookings.reference, digits.toUpperCase()) : undefined;
}

/** Search by guest name or e-mail, or a booking code; stays that share a night with [from, to]; who arrives or leaves on a day. */
function filtersOf(params: ListParams): SQL | undefined {
  const { status, location, asset, from, to, arriving, departing } = params.filters;
  return and(
    params.q ? or(ilike(bookings.guestName, containing(params.q)), ilike(bookings.guestEmail, containing(params.q)), referenceIn(params.q)) : undefined,
    status ? eq(bookings.status, status as BookingStatusName) : undefined,
    location ? eq(assets.locationId, location) : undefined,
    asset ? eq(bookings.assetId, asset) : undefined,
    from ? gt(bookings.checkOutDate, from) : undefined,
    to ? lte(bookings.checkInDate, to) : undefined,
    arriving ? arrivingOn(arriving) : undefined,
    departing ? departingOn(departing) : undefined,
  );
}

/** The bookings, newest first by default (the spec), with their asset's name. */
export async function listBookings({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "bookings", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? bookings.createdAt;
  return pagedList(
    platform.db,
    {
      select: () => platform.db.select(bookingColumns).from(bookings).innerJoin(assets, eq(assets.id, bookings.assetId)),
      where: filtersOf(params),
      orderBy: [params.dir === "desc" ? desc(column) : asc(column), desc(bookings.createdAt), asc(bookings.id)],
    },
    params,
    page,
  );
}

export async function getBooking({ platform, actor }: BackOfficeContext, id: string): Promise<BookingRow | null> {
  assertCan(actor, "bookings", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(bookingColumns).from(bookings).innerJoin(assets, eq(assets.id, bookings.assetId)).where(eq(bookings.id, id));
  return row ?? null;
}

/** Every asset with its location and nightly price: the dialog's choices and its price arithmetic. */
export async function listBookableAssets(db: Queryable) {
  return db
    .select({ id: assets.id, name: assets.name, locationId: assets.locationId, locationName: locations.name, pricePerNight: assets.pricePerNight, status: assets.status })
    .from(assets)
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .orderBy(asc(locations.name), asc(assets.name));
}

const GONE = "This booking no longer exists.";
export const ASSET_GONE = "That asset no longer exists. Choose another.";
export const ASSET_ELSEWHERE = "That asset is not at the chosen location. Choose one of its assets.";
export const BOOKING_CONFLICT = "Booking Conflict";

/**
 * Said when the exclusion constraint refused the stay: who holds those nights, so staff can call
 * the right guest, or which other site's calendar blocks them.
 */
export const conflictWith = (other: { guestName: string | null; source?: string | null; checkInDate: string; checkOutDate: string } | null) =>
  !other
    ? "Another booking holds some of these nights on this asset. Choose other dates or another asset."
    : other.guestName
      ? `${other.guestName} is booked on this asset from ${formatDay(other.checkInDate)} to ${formatDay(other.checkOutDate)}. Choose other dates or another asset.`
      : `Blocked by the ${other.source ?? "other site's"} calendar, ${stayRange(other.checkInDate, other.checkOutDate)}. Choose other dates or another asset.`;

/** What the audit trail keeps of a booking, and what decides whether an edit changed anything. */
const fieldsOf = (row: Pick<BookingRow, "assetId" | "guestName" | "guestEmail" | "guestPhone" | "checkInDate" | "checkOutDate" | "numberOfGuests" | "numberOfNights" | "totalAmount" | "status">) => ({
  assetId: row.assetId,
  guestName: row.guestName,
  guestEmail: row.guestEmail,
  guestPhone: row.guestPhone ?? null,
  checkInDate: row.checkInDate,
  checkOutDate: row.checkOutDate,
  numberOfGuests: row.numberOfGuests,
  numberOfNights: row.numberOfNights,
  totalAmount: (toCents(row.totalAmount) / 100).toFixed(2),
  status: row.status,
});

/** The booking's columns from the dialog (the location follows from the asset). */
const valuesOf = ({ locationId: _location, ...fields }: BookingFieldsInput) => ({ ...fields, guestPhone: fields.guestPhone ?? null });

const labelOf = (row: { guestName: string; checkInDate: string; checkOutDate: string }) => `${row.guestName}, ${formatDay(row.checkInDate)} – ${formatDay(row.checkOutDate)}`;

type Stay = ReturnType<typeof fieldsOf> & { id: string; reference: string; location: string; assetName: string; experienceType: string };

/**
 * The one e-mail a save sends the guest, or none: a stay just confirmed gets the confirmation
 * (send-booking-confirmation), anything else that changed gets send-booking-update with the
 * status (a cancellation is an update to cancelled). A booking recorded as cancelled, or changed
 * while it stays cancelled, concerns no stay of the guest's: nothing is sent.
 */
async function guestMail(platform: Pick<Platform, "env" | "authSecret">, stay: Stay, previous: Stay | null, decision: string = crypto.randomUUID()) {
  if (stay.status === "cancelled" && (previous === null || previous.status === "cancelled")) return null;
  const manageUrl = stay.status === "cancelled" ? undefined : `${platform.env.APP_URL}${stayPath(stayToken(stay.id, stay.checkOutDate, platform.authSecret))}`;
  const payload = {
    bookingId: stay.id,
    reference: bookingCode(stay.location, stay.reference),
    assetName: stay.assetName,
    guestName: stay.guestName,
    guestEmail: stay.guestEmail,
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    numberOfGuests: stay.numberOfGuests,
    numberOfNights: stay.numberOfNights,
    location: stay.location,
    totalAmount: formatUsd(toCents(stay.totalAmount)),
    manageUrl,
  };
  const calendar = bookingCalendarAttachment({ bookingId: stay.id, assetName: stay.assetName, location: stay.location, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, manageUrl, status: stay.status });
  const key = `${stay.id}:${decision}`;
  if (stay.status === "confirmed" && previous?.status !== "confirmed") {
    return { template: "stay-confirmed", to: stay.guestEmail, idempotencyKey: `stay-confirmed:${key}`, attachments: [calendar], ...(await renderTemplate("stay-confirmed", payload)) };
  }
  const update = await renderTemplate("booking-update", { ...payload, status: stay.status, isUpdate: previous !== null });
  return { template: "booking-update", to: stay.guestEmail, idempotencyKey: `booking-update:${key}`, attachments: [calendar], ...update };
}

type Target = { id: string; name: string; locationId: string; locationName: string };

/** Locks the asset the stay is for (one booking write per asset at a time, as on the site), checking it is at the chosen location. */
async function lockTarget(tx: Queryable, fields: { assetId: string; locationId: string }): Promise<Target | Refusal> {
  const [asset] = await tx
    .select({ id: assets.id, name: assets.name, locationId: assets.locationId, locationName: locations.name })
    .from(assets)
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .where(eq(assets.id, fields.assetId))
    .for("no key update", { of: assets });
  if (!asset) return failed(400, ASSET_GONE, { assetId: [ASSET_GONE] });
  if (asset.locationId !== fields.locationId) return failed(400, ASSET_ELSEWHERE, { assetId: [ASSET_ELSEWHERE] });
  return asset;
}


/** Runs a booking write; the exclusion constraint's refusal becomes Booking Conflict naming the stay in the way. */
async function refusingOverlaps<T>(db: Queryable, stay: { assetId: string; checkInDate: string; checkOutDate: string; id?: string }, write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await retryOnDeadlock(write, { retryIf: referenceTaken });
  } catch (error) {
    if (sqlStateOf(error) !== SqlState.exclusionViolation) throw error;
    const holder = await nightsHolder(db, stay.assetId, stay.checkInDate, stay.checkOutDate, stay.id);
    return failedAs(BOOKING_CONFLICT, 409, conflictWith(holder && { guestName: holder.guestName, source: holder.source, checkInDate: holder.checkIn, checkOutDate: holder.checkOut }));
  }
}

const checkIds = (fields: { locationId: string; assetId: string }) =>
  isRecordId(fields.locationId) && isRecordId(fields.assetId) ? null : failed(400, ASSET_GONE, { assetId: [ASSET_GONE] });

/** A booking recorded by staff (a phone or walk-in booking): experience rv_glamping (the spec's default), the guest told by e-mail. */
export async function addBooking(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "bookings", "create");
  const parsed = AddBookingSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const fields = parsed.data;
  const wrongIds = checkIds(fields);
  if (wrongIds) return wrongIds;
  const id = crypto.randomUUID();
  return refusingOverlaps(platform.db, fields, () =>
    platform.db.transaction(async (tx) => {
      const target = await lockTarget(tx, fields);
      if (isFailure(target)) return target;
      const values = valuesOf(fields);
      // Drawn in here: a retry after a taken reference draws another.
      const reference = newReference();
      await tx.insert(bookings).values({ id, ...values, reference, location: target.locationName, experienceType: "rv_glamping" });
      const stay = { id, reference, ...fieldsOf(values), location: target.locationName, assetName: target.name, experienceType: "rv_glamping" };
      await recordChange(tx, actor, { module: "bookings", action: "create", recordId: id, after: fieldsOf(values), details: { label: labelOf(values) } }, meta);
      const mail = await guestMail(platform, stay, null);
      if (mail) await enqueueMail(tx, mail);
      return succeeded({ id }, "Booking added", labelOf(values));
    }),
  );
}

/** Changes a booking. Saving it as it was writes nothing and e-mails nobody. */
export async function updateBooking(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "bookings", "update");
  const parsed = EditBookingSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  const wrongIds = checkIds(fields);
  if (wrongIds) return wrongIds;
  return refusingOverlaps(platform.db, { ...fields, id }, () =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select(bookingColumns).from(bookings).innerJoin(assets, eq(assets.id, bookings.assetId)).where(eq(bookings.id, id)).for("update", { of: bookings });
      if (!current) return failed(404, GONE);
      const before = fieldsOf(current);
      const values = valuesOf(fields);
      const after = fieldsOf(values);
      if (JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", labelOf(current));
      const target = await lockTarget(tx, fields);
      if (isFailure(target)) return target;
      // The booking keeps the location's name it was made at, unless it moves to another asset.
      const location = values.assetId === current.assetId ? current.location : target.locationName;
      await tx
        .update(bookings)
        .set({ ...values, location, updatedAt: new Date() })
        .where(eq(bookings.id, id));
      await recordChange(tx, actor, { module: "bookings", action: "update", recordId: id, before, after, details: { label: labelOf(values) } }, meta);
      const previous = { id, reference: current.reference, ...before, location: current.location, assetName: current.assetName, experienceType: current.experienceType };
      const mail = await guestMail(platform, { id, reference: current.reference, ...after, location, assetName: target.name, experienceType: current.experienceType }, previous);
      if (mail) await enqueueMail(tx, mail);
      return succeeded(null, "Booking updated", labelOf(values));
    }),
  );
}

/** Deletes a booking record. The guest is not e-mailed: cancelling is how a stay is called off with them (the dialog says so). */
export async function deleteBooking(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "bookings", "delete");
  const parsed = DeleteBookingSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.delete(bookings).where(eq(bookings.id, id)).returning();
    if (!current) return failed(404, GONE);
    await recordChange(tx, actor, { module: "bookings", action: "delete", recordId: id, before: fieldsOf(current), details: { label: labelOf(current) } }, meta);
    return succeeded(null, "Booking deleted", labelOf(current));
  });
}

/**
 * A decision on a request still waiting for one (pending): confirmed or cancelled, with the
 * guest's e-mail the same change sends from Edit, held for the Undo (`HOLD_SECONDS`), and an
 * audit row, in one transaction. A booking someone decided meanwhile is left as it is.
 */
async function decideBooking(ctx: BackOfficeContext, id: string, status: "confirmed" | "cancelled", decision: string): Promise<Result<Decided>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "bookings", "update");
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.select(bookingColumns).from(bookings).innerJoin(assets, eq(assets.id, bookings.assetId)).where(eq(bookings.id, id)).for("update", { of: bookings });
    if (!current) return failed(404, GONE);
    const label = labelOf(current);
    if (current.status !== "pending") return failed(409, notPending(label, current.status));
    await tx.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, id));
    const before = fieldsOf(current);
    const after = { ...before, status };
    await recordChange(tx, actor, { module: "bookings", action: "update", recordId: id, before, after, details: { label, decision: status === "confirmed" ? "confirm" : "decline", decisionId: decision } }, meta);
    const stay = { id, reference: current.reference, location: current.location, assetName: current.assetName, experienceType: current.experienceType };
    const mail = await guestMail(platform, { ...stay, ...after }, { ...stay, ...before }, decision);
    if (mail) await enqueueMail(tx, { ...mail, holdSeconds: HOLD_SECONDS });
    return succeeded({ id, label });
  });
}

/** The guest e-mails a decision on `id` may have held: the confirmation, or the cancellation. */
const heldMailsOf = (id: string, decision: string) => [`stay-confirmed:${id}:${decision}`, `booking-update:${id}:${decision}`];

/** Confirm, from a pending booking's row or its dialog. */
export async function confirmBooking(ctx: BackOfficeContext, input: unknown) {
  assertCan(ctx.actor, "bookings", "update");
  const parsed = DecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const decision = crypto.randomUUID();
  return decisionResult(decision, await eachRow([parsed.data.id], (id) => decideBooking(ctx, id, "confirmed", decision)), BOOKING_DECISION_WORDS.confirm);
}

/** Decline (cancel), from a pending booking's row or its dialog. */
export async function declineBooking(ctx: BackOfficeContext, input: unknown) {
  assertCan(ctx.actor, "bookings", "update");
  const parsed = DecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const decision = crypto.randomUUID();
  return decisionResult(decision, await eachRow([parsed.data.id], (id) => decideBooking(ctx, id, "cancelled", decision)), BOOKING_DECISION_WORDS.decline);
}

/**
 * Confirm or Decline for the ticked rows: each row in a transaction of its own, through the same
 * decision as its own button (the permission asserted and an audit row written for each), so a
 * row someone decided meanwhile is skipped and said while the others go ahead.
 */
export function decideBookings(status: "confirmed" | "cancelled") {
  return async (ctx: BackOfficeContext, input: unknown) => {
    assertCan(ctx.actor, "bookings", "update");
    const parsed = BulkDecisionSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    const decision = crypto.randomUUID();
    const rows = await eachRow(parsed.data.ids, (id) => decideBooking(ctx, id, status, decision));
    return decisionResult(decision, rows, status === "confirmed" ? BOOKING_DECISION_WORDS.confirm : BOOKING_DECISION_WORDS.decline);
  };
}

/**
 * Undo, from the toast of a decision: for each of its rows whose e-mail no worker has taken yet,
 * the e-mail is withdrawn and the booking is pending again, audited. A row whose guest has been
 * e-mailed, or that changed since, stays as it is; a declined request whose nights were booked
 * meanwhile is a Booking Conflict.
 */
export async function undoBookingDecision(ctx: BackOfficeContext, input: unknown) {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "bookings", "update");
  const parsed = UndoDecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { decision, ids } = parsed.data;
  const undoOne = async (id: string): Promise<Result<Decided>> => {
    assertCan(actor, "bookings", "update");
    if (!isRecordId(id)) return failed(404, GONE);
    const [stay] = await platform.db.select({ assetId: bookings.assetId, checkInDate: bookings.checkInDate, checkOutDate: bookings.checkOutDate }).from(bookings).where(eq(bookings.id, id));
    if (!stay) return failed(404, GONE);
    return refusingOverlaps(platform.db, { ...stay, id }, () =>
      platform.db.transaction(async (tx) => {
        const [current] = await tx.select(bookingColumns).from(bookings).innerJoin(assets, eq(assets.id, bookings.assetId)).where(eq(bookings.id, id)).for("update", { of: bookings });
        if (!current) return failed(404, GONE);
        const label = labelOf(current);
        // The decision's e-mail says what it decided; the booking must still be as it left it.
        const [mail] = await mailKeysAmong(tx, heldMailsOf(id, decision));
        const decided = mail?.startsWith("stay-confirmed:") ? "confirmed" : "cancelled";
        if (!mail || current.status !== decided) return failed(409, changedSince(label));
        if ((await withdrawHeldMail(tx, [mail])).length === 0) return failed(409, tooLateToUndo(label));
        await tx.update(bookings).set({ status: "pending", updatedAt: new Date() }).where(eq(bookings.id, id));
        const before = fieldsOf(current);
        await recordChange(tx, actor, { module: "bookings", action: "update", recordId: id, before, after: { ...before, status: "pending" }, details: { label, undo: decided === "confirmed" ? "confirm" : "decline", decisionId: decision } }, meta);
        return succeeded({ id, label });
      }),
    );
  };
  return undoResult(await eachRow(ids, undoOne), BOOKING_DECISION_WORDS.undo);
}
