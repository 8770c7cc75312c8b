import { hasContactEmail } from "~/features/accounts/no-email";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { isBackOfficeUser } from "~/features/accounts/roles.server";
import { failed, invalid, succeeded, type Result, isFailure, type Refusal } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { BACK_OFFICE_TIME_ZONE, formatMoney } from "~/features/back-office/format";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { todayIn } from "~/features/bookings/stay-dates";
import { retryOnDeadlock } from "~/platform/db/errors";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hives, hiveTiers, paymentHistory, profiles, securityAuditLog, sponsors, users } from "~/platform/db/schema";
import { enqueueTemplate, mailKeysAmong, withdrawHeldMail } from "~/platform/mail/outbox.server";
import { BulkDecisionSchema, DecisionSchema, UndoDecisionSchema } from "~/features/back-office/decisions";
import { decisionResult, eachRow, HOLD_SECONDS, undoResult, type Decided } from "~/features/back-office/decisions.server";
import { centsToNumeric, toCents } from "~/platform/money";
import { activationMailKey, changeToTell, followActiveAdoption, tellSponsor, type AdoptionFacts } from "./adoption-effects.server";
import { activationChanged, activationTooLate, ADOPTION_DECISION_WORDS, adoptionNotPending } from "./messages";
import { PAYMENT_METHOD_LABELS, type AdoptionStatusName, type PaymentMethodName } from "./adoption-options";
import { hasRoom, holdsPlace } from "./tier-places.server";
import type { AdoptionPaymentFilter } from "./payment-filter";
import { adoptionPaymentIs } from "./payment-filter.server";
import { AddAdoptionSchema, DeleteAdoptionSchema, EditAdoptionSchema, RecordPaymentSchema, type AdoptionFieldsInput } from "./admin-adoption.schema";

/** One hive adoption in the back-office. */
export type AdoptionRow = AdoptionFacts & {
  tierName: string;
  hiveId: string | null;
  /** The registry's name of the hive it is assigned to. */
  registryHive: string | null;
  paymentMethod: PaymentMethodName;
  totalPaid: string;
  notes: string | null;
};

const adoptionColumns = {
  id: hiveAdoptions.id,
  userId: hiveAdoptions.userId,
  email: hiveAdoptions.email,
  tierId: hiveAdoptions.tierId,
  tierName: hiveTiers.name,
  status: hiveAdoptions.status,
  paymentFrequency: hiveAdoptions.paymentFrequency,
  paymentMethod: hiveAdoptions.paymentMethod,
  hiveName: hiveAdoptions.hiveName,
  hiveId: hiveAdoptions.hiveId,
  registryHive: hives.name,
  startDate: hiveAdoptions.startDate,
  endDate: hiveAdoptions.endDate,
  totalPaid: hiveAdoptions.totalPaid,
  notes: hiveAdoptions.notes,
};

const SORTS = { created: hiveAdoptions.createdAt, email: hiveAdoptions.email, tier: hiveTiers.name, status: hiveAdoptions.status, start: hiveAdoptions.startDate, total: hiveAdoptions.totalPaid } as const;

function filtersOf(params: ListParams, now: Date): SQL | undefined {
  const { status, tier, payment } = params.filters;
  return and(
    params.q ? or(ilike(hiveAdoptions.email, containing(params.q)), ilike(hiveAdoptions.hiveName, containing(params.q))) : undefined,
    status ? eq(hiveAdoptions.status, status as AdoptionStatusName) : undefined,
    tier ? eq(hiveAdoptions.tierId, tier) : undefined,
    payment ? adoptionPaymentIs(payment as AdoptionPaymentFilter, now) : undefined,
  );
}

/** The adoptions with their tier's name, newest first (the spec). */
export async function listAdoptions({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "hive_adoptions", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? hiveAdoptions.createdAt;
  return pagedList(
    platform.db,
    {
      select: () => platform.db.select(adoptionColumns).from(hiveAdoptions).innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId)).leftJoin(hives, eq(hives.id, hiveAdoptions.hiveId)),
      where: filtersOf(params, new Date(platform.clock.now())),
      orderBy: [params.dir === "desc" ? desc(column) : asc(column), desc(hiveAdoptions.createdAt), asc(hiveAdoptions.id)],
    },
    params,
    page,
  );
}

export async function getAdoption({ platform, actor }: BackOfficeContext, id: string): Promise<AdoptionRow | null> {
  assertCan(actor, "hive_adoptions", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(adoptionColumns).from(hiveAdoptions).innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId)).leftJoin(hives, eq(hives.id, hiveAdoptions.hiveId)).where(eq(hiveAdoptions.id, id));
  return row ?? null;
}

export type PaymentRow = { id: string; amount: string; paymentMethod: PaymentMethodName; paymentDate: string; notes: string | null };

/** An adoption's payments, newest first. */
export async function listPayments({ platform, actor }: BackOfficeContext, adoptionId: string): Promise<PaymentRow[]> {
  assertCan(actor, "hive_adoptions", "view");
  if (!isRecordId(adoptionId)) return [];
  return platform.db
    .select({ id: paymentHistory.id, amount: paymentHistory.amount, paymentMethod: paymentHistory.paymentMethod, paymentDate: paymentHistory.paymentDate, notes: paymentHistory.notes })
    .from(paymentHistory)
    .where(eq(paymentHistory.adoptionId, adoptionId))
    .orderBy(desc(paymentHistory.paymentDate), desc(paymentHistory.createdAt));
}

/** The sponsor picker: customers whose e-mail contains what was typed (at most 8). */
export async function searchSponsorEmails({ platform, actor }: BackOfficeContext, typed: string): Promise<string[]> {
  assertCan(actor, "hive_adoptions", "view");
  const text = typed.trim().slice(0, 100);
  if (text.length < 2) return [];
  const rows = await platform.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(ilike(profiles.email, containing(text)), sql`not exists (select 1 from user_roles r where r.user_id = ${profiles.id} and r.role <> 'customer')`))
    .orderBy(asc(profiles.email))
    .limit(8);
  return rows.map((row) => row.email);
}

const GONE = "This adoption no longer exists.";
export const NO_SUCH_SPONSOR = "Nobody has an account with that e-mail. Ask them to sign up first, or check the spelling.";
export const STAFF_CANNOT_ADOPT = "That e-mail belongs to a back-office account. Adoptions are for sponsors' own accounts.";
export const TIER_GONE = "That tier no longer exists. Choose another.";
export const tierFull = (name: string, max: number) => `${name} is full: ${max} of ${max} places are pending or active. Raise its max adoptions in Hive Tiers, or choose another tier.`;

const labelOf = (row: { email: string; tierName: string }) => `${row.email}, ${row.tierName}`;

/** The audit trail's copy, and what decides whether an edit changed anything. */
const fieldsOf = (row: Pick<AdoptionRow, "userId" | "email" | "tierId" | "status" | "paymentFrequency" | "paymentMethod" | "hiveName" | "hiveId" | "startDate" | "endDate" | "totalPaid" | "notes">) => ({
  userId: row.userId,
  email: row.email,
  tierId: row.tierId,
  status: row.status,
  paymentFrequency: row.paymentFrequency,
  paymentMethod: row.paymentMethod,
  hiveName: row.hiveName,
  hiveId: row.hiveId,
  startDate: row.startDate,
  endDate: row.endDate,
  totalPaid: centsToNumeric(toCents(row.totalPaid)),
  notes: row.notes,
});

/** The account the dialog's e-mail names: a customer's (staff accounts do not adopt). */
async function sponsorOf(tx: Queryable, email: string): Promise<{ userId: string; email: string } | Refusal> {
  const [person] = await tx.select({ userId: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (!person) return failed(400, NO_SUCH_SPONSOR, { userEmail: [NO_SUCH_SPONSOR] });
  if (await isBackOfficeUser(tx, person.userId)) return failed(400, STAFF_CANNOT_ADOPT, { userEmail: [STAFF_CANNOT_ADOPT] });
  return person;
}

/**
 * Locks the tier (the adoption form locks it too) and, when the adoption comes to hold one of its
 * places, checks there is one left: max adoptions is kept whoever adds or reactivates adoptions.
 */
async function lockTier(tx: Queryable, tierId: string, takesPlace: boolean, adoptionId?: string): Promise<{ name: string } | Refusal> {
  const [tier] = isRecordId(tierId) ? await tx.select({ id: hiveTiers.id, name: hiveTiers.name, maxAdoptions: hiveTiers.maxAdoptions }).from(hiveTiers).where(eq(hiveTiers.id, tierId)).for("update") : [];
  if (!tier) return failed(400, TIER_GONE, { tierId: [TIER_GONE] });
  if (takesPlace && !(await hasRoom(tx, tier, adoptionId))) {
    const message = tierFull(tier.name, tier.maxAdoptions!);
    return failed(409, message, { tierId: [message] });
  }
  return tier;
}

export const HIVE_NOT_ACTIVE = "Choose an active hive: that one has failed, been retired or been deleted.";

/** A hive newly given to an adoption must be an active one of the registry. */
async function checkHive(tx: Queryable, hiveId: string | null, previous: string | null): Promise<Refusal | null> {
  if (hiveId === null || hiveId === previous) return null;
  const [hive] = isRecordId(hiveId) ? await tx.select({ status: hives.status }).from(hives).where(eq(hives.id, hiveId)).for("share") : [];
  return hive?.status === "active" ? null : failed(400, HIVE_NOT_ACTIVE, { hiveId: [HIVE_NOT_ACTIVE] });
}

const valuesOf = ({ userEmail: _email, ...fields }: AdoptionFieldsInput, sponsor: { userId: string; email: string }) => ({ ...fields, userId: sponsor.userId, email: sponsor.email });

/** An adoption recorded by staff (by phone, at an event): the sponsor told if it starts active. */
export async function addAdoption(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "create");
  const parsed = AddAdoptionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const fields = parsed.data;
  return retryOnDeadlock(() =>
    platform.db.transaction(async (tx) => {
      const sponsor = await sponsorOf(tx, fields.userEmail);
      if (isFailure(sponsor)) return sponsor;
      const tier = await lockTier(tx, fields.tierId, holdsPlace(fields.status));
      if (isFailure(tier)) return tier;
      const wrongHive = await checkHive(tx, fields.hiveId, null);
      if (wrongHive) return wrongHive;
      const values = valuesOf(fields, sponsor);
      const [row] = await tx.insert(hiveAdoptions).values(values).returning({ id: hiveAdoptions.id });
      const id = row!.id;
      const label = labelOf({ email: values.email, tierName: tier.name });
      await recordChange(tx, actor, { module: "hive_adoptions", action: "create", recordId: id, after: fieldsOf(values), details: { label } }, meta);
      await followActiveAdoption(tx, values);
      const change = changeToTell(null, values.status);
      if (change) await tellSponsor(tx, platform, { id, ...values }, change);
      return succeeded({ id }, "Adoption added", label);
    }),
  );
}

/** Changes an adoption. A status change does what changeToTell and followActiveAdoption say; saving it as it was does nothing. */
export async function updateAdoption(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "update");
  const parsed = EditAdoptionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return retryOnDeadlock(() =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const sponsor = await sponsorOf(tx, fields.userEmail);
      if (isFailure(sponsor)) return sponsor;
      const values = valuesOf(fields, sponsor);
      const before = fieldsOf(current);
      const after = fieldsOf(values);
      if (JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", current.email);
      // A place is checked when the adoption comes to hold one it did not: a new tier, or back from cancelled/expired.
      const takesNewPlace = holdsPlace(values.status) && (!holdsPlace(current.status) || current.tierId !== values.tierId);
      const tier = await lockTier(tx, values.tierId, takesNewPlace, id);
      if (isFailure(tier)) return tier;
      const wrongHive = await checkHive(tx, values.hiveId, current.hiveId);
      if (wrongHive) return wrongHive;
      await tx
        .update(hiveAdoptions)
        // A new end date deserves its own renewal reminder.
        .set({ ...values, ...(values.endDate !== current.endDate ? { renewalReminderSentAt: null } : {}), updatedAt: new Date() })
        .where(eq(hiveAdoptions.id, id));
      const label = labelOf({ email: values.email, tierName: tier.name });
      await recordChange(tx, actor, { module: "hive_adoptions", action: "update", recordId: id, before, after, details: { label } }, meta);
      await followActiveAdoption(tx, values);
      if (current.userId !== values.userId) await followActiveAdoption(tx, current);
      const change = changeToTell(current.status, values.status);
      if (change) await tellSponsor(tx, platform, { id, ...values }, change);
      return succeeded(null, "Adoption updated", label);
    }),
  );
}

/** Deletes an adoption and its payments (a record made by mistake). Nobody is e-mailed: cancelling is how an adoption ends with the sponsor. */
export async function deleteAdoption(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "delete");
  const parsed = DeleteAdoptionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.delete(hiveAdoptions).where(eq(hiveAdoptions.id, id)).returning();
    if (!current) return failed(404, GONE);
    const [tier] = await tx.select({ name: hiveTiers.name }).from(hiveTiers).where(eq(hiveTiers.id, current.tierId));
    const label = labelOf({ email: current.email, tierName: tier?.name ?? "" });
    await recordChange(tx, actor, { module: "hive_adoptions", action: "delete", recordId: id, before: fieldsOf(current), details: { label } }, meta);
    await followActiveAdoption(tx, current);
    return succeeded(null, "Adoption deleted", label);
  });
}

export const FUTURE_PAYMENT = "The payment date cannot be in the future";

/**
 * Record Payment: the payment_history row, the adoption's total paid and the sponsor's receipt
 * (amount, method, day and the total paid so far), in one transaction. The total is raised by the
 * amount in the database (not read, added and written back), so two people recording payments at
 * once both count, and each receipt gives the total as it stood after its own payment.
 */
export async function recordPayment(ctx: BackOfficeContext, input: unknown, now = new Date()): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "update");
  const parsed = RecordPaymentSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { adoptionId, ...payment } = parsed.data;
  if (!isRecordId(adoptionId)) return failed(404, GONE);
  if (payment.paymentDate > todayIn(BACK_OFFICE_TIME_ZONE, now)) return failed(400, FUTURE_PAYMENT, { paymentDate: [FUTURE_PAYMENT] });
  return platform.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(hiveAdoptions)
      .set({ totalPaid: sql`${hiveAdoptions.totalPaid} + ${payment.amount}::numeric`, updatedAt: new Date() })
      .where(eq(hiveAdoptions.id, adoptionId))
      .returning({ email: hiveAdoptions.email, totalPaid: hiveAdoptions.totalPaid, tierId: hiveAdoptions.tierId, hiveName: hiveAdoptions.hiveName });
    if (!updated) return failed(404, GONE);
    const [row] = await tx.insert(paymentHistory).values({ adoptionId, ...payment }).returning({ id: paymentHistory.id });
    const [tier] = await tx.select({ name: hiveTiers.name }).from(hiveTiers).where(eq(hiveTiers.id, updated.tierId));
    if (hasContactEmail(updated.email)) await enqueueTemplate(
      tx,
      "payment-receipt",
      {
        receiptNumber: row!.id,
        tierName: tier?.name ?? "",
        hiveName: updated.hiveName,
        amount: formatMoney(payment.amount),
        paymentMethod: PAYMENT_METHOD_LABELS[payment.paymentMethod],
        paymentDate: payment.paymentDate,
        totalPaid: formatMoney(updated.totalPaid),
        profileUrl: `${platform.env.APP_URL}/sponsor-profile?tab=adoptions`,
      },
      { to: updated.email, idempotencyKey: `payment-receipt:${row!.id}` },
    );
    const amount = centsToNumeric(toCents(payment.amount));
    const totalPaid = centsToNumeric(toCents(updated.totalPaid));
    const previous = centsToNumeric(toCents(updated.totalPaid) - toCents(payment.amount));
    await recordChange(
      tx,
      actor,
      {
        module: "hive_adoptions",
        action: "update",
        event: "payment_recorded",
        recordId: adoptionId,
        before: { totalPaid: previous },
        after: { totalPaid, payment: { id: row!.id, ...payment, amount } },
        details: { label: `${updated.email}, $${amount}` },
      },
      meta,
    );
    return succeeded(null, "Payment recorded", `$${amount} from ${updated.email}. Total paid: $${totalPaid}. A receipt is on its way to them.`);
  });
}

/**
 * Activate, for an adoption waiting for it (pending): active, the sponsor's tier and "member
 * since" following (followActiveAdoption), and the e-mail an activation sends from Edit, held for
 * the Undo, with an audit row, in one transaction. It keeps the place it already held in its tier.
 */
async function activateOne(ctx: BackOfficeContext, id: string, decision: string): Promise<Result<Decided>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "update");
  if (!isRecordId(id)) return failed(404, GONE);
  return retryOnDeadlock(() =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const [tier] = await tx.select({ name: hiveTiers.name }).from(hiveTiers).where(eq(hiveTiers.id, current.tierId));
      const label = labelOf({ email: current.email, tierName: tier?.name ?? "" });
      if (current.status !== "pending") return failed(409, adoptionNotPending(label, current.status));
      // What "member since" was, for an Undo to put back.
      const [sponsor] = await tx.select({ memberSince: sponsors.memberSince }).from(sponsors).where(eq(sponsors.userId, current.userId));
      await tx.update(hiveAdoptions).set({ status: "active", updatedAt: new Date() }).where(eq(hiveAdoptions.id, id));
      const before = fieldsOf(current);
      await recordChange(
        tx,
        actor,
        { module: "hive_adoptions", action: "update", recordId: id, before, after: { ...before, status: "active" }, details: { label, decision: "activate", decisionId: decision, memberSinceBefore: sponsor?.memberSince ?? null } },
        meta,
      );
      const activated = { ...current, status: "active" as const };
      await followActiveAdoption(tx, activated);
      await tellSponsor(tx, platform, activated, "activated", { decision, holdSeconds: HOLD_SECONDS });
      return succeeded({ id, label });
    }),
  );
}

/** Activate, from a pending adoption's row or its dialog. */
export async function activateAdoption(ctx: BackOfficeContext, input: unknown) {
  assertCan(ctx.actor, "hive_adoptions", "update");
  const parsed = DecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const decision = crypto.randomUUID();
  return decisionResult(decision, await eachRow([parsed.data.id], (id) => activateOne(ctx, id, decision)), ADOPTION_DECISION_WORDS.activate);
}

/** Activate for the ticked rows: each in a transaction of its own through the same command (permission and audit row per row). */
export async function activateAdoptions(ctx: BackOfficeContext, input: unknown) {
  assertCan(ctx.actor, "hive_adoptions", "update");
  const parsed = BulkDecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const decision = crypto.randomUUID();
  return decisionResult(decision, await eachRow(parsed.data.ids, (id) => activateOne(ctx, id, decision)), ADOPTION_DECISION_WORDS.activate);
}

/**
 * Undo of an activation, while the sponsor's e-mail has not left: the e-mail withdrawn, the
 * adoption pending again, the sponsor's tier following and "member since" put back as it was
 * (unless another activation has set it since), audited.
 */
export async function undoActivation(ctx: BackOfficeContext, input: unknown) {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_adoptions", "update");
  const parsed = UndoDecisionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { decision, ids } = parsed.data;
  const undoOne = (id: string): Promise<Result<Decided>> => {
    assertCan(actor, "hive_adoptions", "update");
    if (!isRecordId(id)) return Promise.resolve(failed(404, GONE));
    return retryOnDeadlock(() =>
      platform.db.transaction(async (tx) => {
        const [current] = await tx.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, id)).for("update");
        if (!current) return failed(404, GONE);
        const [tier] = await tx.select({ name: hiveTiers.name }).from(hiveTiers).where(eq(hiveTiers.id, current.tierId));
        const label = labelOf({ email: current.email, tierName: tier?.name ?? "" });
        const key = activationMailKey("activated", id, decision);
        if (current.status !== "active" || (await mailKeysAmong(tx, [key])).length === 0) return failed(409, activationChanged(label));
        if ((await withdrawHeldMail(tx, [key])).length === 0) return failed(409, activationTooLate(label));
        await tx.update(hiveAdoptions).set({ status: "pending", updatedAt: new Date() }).where(eq(hiveAdoptions.id, id));
        const [activation] = await tx
          .select({ details: securityAuditLog.eventDetails })
          .from(securityAuditLog)
          .where(and(eq(securityAuditLog.recordId, id), sql`${securityAuditLog.eventDetails}->>'decisionId' = ${decision}`, sql`${securityAuditLog.eventDetails}->>'decision' = 'activate'`));
        const memberSinceBefore = (activation?.details.memberSinceBefore as string | null | undefined) ?? null;
        await followActiveAdoption(tx, { ...current, status: "pending" });
        // "Member since" back as it was, if this activation was what set it.
        await tx
          .update(sponsors)
          .set({ memberSince: memberSinceBefore, updatedAt: new Date() })
          .where(and(eq(sponsors.userId, current.userId), eq(sponsors.memberSince, current.startDate), memberSinceBefore === null ? undefined : sql`${sponsors.memberSince} <> ${memberSinceBefore}`));
        const before = fieldsOf(current);
        await recordChange(tx, actor, { module: "hive_adoptions", action: "update", recordId: id, before, after: { ...before, status: "pending" }, details: { label, undo: "activate", decisionId: decision } }, meta);
        return succeeded({ id, label });
      }),
    );
  };
  return undoResult(await eachRow(ids, undoOne), ADOPTION_DECISION_WORDS.undo);
}
