import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { hiveAdoptions, outboxMessages, paymentHistory, securityAuditLog, sponsors } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { ADMIN_ADOPTION_MESSAGES } from "./admin-adoption.schema";
import { UNDO_SECONDS } from "~/features/back-office/decisions";
import { activateAdoption, activateAdoptions, addAdoption, deleteAdoption, FUTURE_PAYMENT, listAdoptions, listPayments, NO_SUCH_SPONSOR, recordPayment, searchSponsorEmails, STAFF_CANNOT_ADOPT, tierFull, undoActivation, updateAdoption } from "./admin-adoptions.server";
import { activationTooLate, adoptionNotPending } from "./messages";
import { adoptionsScreen } from "./adoptions.screen";

describe.each(testEngines())("Hive Adoptions commands on $name", ({ open, name: engine }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const mailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
  const adoptionOf = async (id: string) => (await t.db.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, id)))[0]!;
  const sponsorOf = async (userId: string) => (await t.db.select().from(sponsors).where(eq(sponsors.userId, userId)))[0];
  const form = (email: string, tierId: string, changes: Record<string, string> = {}) => ({
    userEmail: email,
    tierId,
    status: "pending",
    paymentFrequency: "monthly",
    paymentMethod: "credit_card",
    hiveName: "",
    startDate: "2026-05-01",
    endDate: "",
    totalPaid: "0",
    notes: "",
    ...changes,
  });
  const formOf = (row: typeof hiveAdoptions.$inferSelect, changes: Record<string, string> = {}) =>
    form(row.email, row.tierId, { id: row.id, status: row.status, paymentFrequency: row.paymentFrequency, paymentMethod: row.paymentMethod, hiveName: row.hiveName ?? "", startDate: row.startDate, endDate: row.endDate ?? "", totalPaid: row.totalPaid, notes: row.notes ?? "", ...changes });
  const added = async (admin: BackOfficeContext["actor"], input: Record<string, string>) => {
    const result = await addAdoption(as(admin), input);
    if (!result.ok) throw new Error(result.message);
    return adoptionOf(result.value.id);
  };

  it("refuses a customer and a staff role without the flag", async () => {
    const viewer = await insertStaff(t.db, { hive_adoptions: ["view"] });
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    const params = parseListParams(new URLSearchParams(), adoptionsScreen.list);
    await expect(listAdoptions(as(await insertCustomer(t.db)), params)).rejects.toThrow(ForbiddenError);
    await expect(listAdoptions(as(viewer), params)).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(addAdoption(as(viewer), form(sponsor.email, tier.id))).rejects.toThrow("You don't have permission to add hive adoptions.");
    await expect(updateAdoption(as(viewer), { id: crypto.randomUUID(), ...form(sponsor.email, tier.id) })).rejects.toThrow("You don't have permission to change hive adoptions.");
    await expect(recordPayment(as(viewer), { adoptionId: crypto.randomUUID(), amount: "10", paymentDate: "2026-01-01" })).rejects.toThrow("You don't have permission to change hive adoptions.");
    await expect(deleteAdoption(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete hive adoptions.");
    await expect(searchSponsorEmails(as(await insertCustomer(t.db)), "sponsor")).rejects.toThrow(ForbiddenError);
  });

  it("adds an adoption with the spec's defaults for an account found by e-mail; refuses unknown and staff e-mails", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    const row = await added(admin, { userEmail: ` ${sponsor.email.toUpperCase()} `, tierId: tier.id, startDate: "2026-05-01" });
    expect(row).toMatchObject({ userId: sponsor.userId, email: sponsor.email, status: "pending", paymentFrequency: "monthly", paymentMethod: "credit_card", totalPaid: "0.00", hiveName: null, endDate: null });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, row.id));
    expect(audit).toMatchObject({ eventType: "record_created", module: "hive_adoptions", eventDetails: { label: `${sponsor.email}, ${tier.name}` } });
    // Pending: nobody is told yet, and the profile has no tier.
    expect(await mailsTo(sponsor.email)).toEqual([]);
    expect((await sponsorOf(sponsor.userId))?.tierId).toBeNull();

    expect(await addAdoption(as(admin), form("nobody@example.com", tier.id))).toMatchObject({ ok: false, fieldErrors: { userEmail: [NO_SUCH_SPONSOR] } });
    expect(await addAdoption(as(admin), form(admin.email, tier.id))).toMatchObject({ ok: false, fieldErrors: { userEmail: [STAFF_CANNOT_ADOPT] } });
    expect(await addAdoption(as(admin), form(sponsor.email, tier.id, { startDate: "2026-05-01", endDate: "2026-04-01" }))).toMatchObject({ ok: false, fieldErrors: { endDate: [ADMIN_ADOPTION_MESSAGES.endBeforeStart] } });
    expect(await addAdoption(as(admin), form(sponsor.email, tier.id, { totalPaid: "12.345" }))).toMatchObject({ ok: false, fieldErrors: { totalPaid: [ADMIN_ADOPTION_MESSAGES.totalPaid] } });
    expect(await searchSponsorEmails(as(admin), sponsor.email.slice(2, 14))).toEqual([sponsor.email]);
    expect(await searchSponsorEmails(as(admin), admin.email)).toEqual([]);
  });

  it("activating sets the sponsor's tier and member since, and e-mails them; cancelling e-mails them and clears the tier", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}`, priceMonthly: "25.00" });
    const sponsor = await insertCustomer(t.db);
    const row = await added(admin, form(sponsor.email, tier.id, { hiveName: "Buzz Lightyear", startDate: "2026-03-15" }));

    expect(await updateAdoption(as(admin), formOf(row, { status: "active" }))).toMatchObject({ ok: true, toast: { title: "Adoption updated" } });
    expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: tier.id, memberSince: "2026-03-15" });
    const [activated] = await mailsTo(sponsor.email);
    expect(activated).toMatchObject({ template: "adoption-update", subject: `Your ${tier.name} adoption is active` });
    expect(activated!.text).toContain("Buzz Lightyear");
    expect(activated!.text).toContain("$25 per month");
    expect(activated!.text).toContain("/sponsor-profile?tab=adoptions");

    // Saved again as it is: nothing written, nobody told.
    expect(await updateAdoption(as(admin), formOf(await adoptionOf(row.id)))).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    expect(await mailsTo(sponsor.email)).toHaveLength(1);

    expect(await updateAdoption(as(admin), formOf(await adoptionOf(row.id), { status: "cancelled" }))).toMatchObject({ ok: true });
    const sponsorRow = await sponsorOf(sponsor.userId);
    expect(sponsorRow).toMatchObject({ tierId: null, memberSince: "2026-03-15" });
    const mails = await mailsTo(sponsor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${tier.name} adoption is active`, `Your ${tier.name} adoption is cancelled`]);
  });

  it("the tier follows the most recent active adoption; a first activation creates the sponsor record", async () => {
    const admin = await insertUser(t.db);
    const [older, newer] = [await insertTier(t.db), await insertTier(t.db)];
    const sponsor = await insertCustomer(t.db, { sponsor: false });
    const first = await added(admin, form(sponsor.email, older.id, { status: "active", startDate: "2025-01-10" }));
    expect(await sponsorOf(sponsor.userId)).toMatchObject({ email: sponsor.email, tierId: older.id, memberSince: "2025-01-10" });
    const second = await added(admin, form(sponsor.email, newer.id, { status: "active", startDate: "2026-02-01" }));
    // Member since the first activation; the tier of the newest active one.
    expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: newer.id, memberSince: "2025-01-10" });
    expect(await deleteAdoption(as(admin), { id: second.id })).toMatchObject({ ok: true, toast: { title: "Adoption deleted" } });
    expect((await sponsorOf(sponsor.userId))?.tierId).toBe(older.id);
    await updateAdoption(as(admin), formOf(first, { status: "expired" }));
    expect((await sponsorOf(sponsor.userId))?.tierId).toBeNull();
  });

  it("keeps max adoptions: a full tier refuses a new place, and a cancelled adoption frees one", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db, { maxAdoptions: 1 });
    const [one, two] = [await insertCustomer(t.db), await insertCustomer(t.db)];
    const first = await added(admin, form(one.email, tier.id, { status: "active" }));
    expect(await addAdoption(as(admin), form(two.email, tier.id))).toMatchObject({ ok: false, status: 409, message: tierFull(tier.name, 1) });
    // Recording a cancelled one takes no place.
    const history = await added(admin, form(two.email, tier.id, { status: "cancelled" }));
    expect(await updateAdoption(as(admin), formOf(history, { status: "pending" }))).toMatchObject({ ok: false, status: 409 });
    // The holder itself can still be edited.
    expect(await updateAdoption(as(admin), formOf(first, { hiveName: "Queen's Court" }))).toMatchObject({ ok: true });
    await updateAdoption(as(admin), formOf(await adoptionOf(first.id), { status: "cancelled" }));
    expect(await updateAdoption(as(admin), formOf(history, { status: "active" }))).toMatchObject({ ok: true });
  });

  it("records a payment and its history; totals add up when two people record at once", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    const row = await added(admin, form(sponsor.email, tier.id, { totalPaid: "10.10" }));
    const payments = ["25.00", "0.10", "19.99", "5", "100.01"];
    const results = await Promise.all(payments.map((amount, i) => recordPayment(as(admin), { adoptionId: row.id, amount, paymentMethod: "cash", paymentDate: `2026-06-0${i + 1}`, notes: i === 0 ? "Receipt 17" : "" })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await adoptionOf(row.id)).totalPaid).toBe("160.20");
    const history = await listPayments(as(admin), row.id);
    expect(history.map((payment) => [payment.paymentDate, payment.amount])).toEqual([
      ["2026-06-05", "100.01"],
      ["2026-06-04", "5.00"],
      ["2026-06-03", "19.99"],
      ["2026-06-02", "0.10"],
      ["2026-06-01", "25.00"],
    ]);
    expect(history.at(-1)).toMatchObject({ paymentMethod: "cash", notes: "Receipt 17" });
    const audits = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, row.id), eq(securityAuditLog.eventType, "payment_recorded")));
    expect(audits).toHaveLength(5);
    // Each receipt has the total as it stood after its own payment: the last one to commit, all of it.
    const totals = (await mailsTo(sponsor.email)).filter((mail) => mail.template === "payment-receipt").map((mail) => /Total paid to date\s+\$([\d.]+)/.exec(mail.text)![1]);
    expect(totals).toHaveLength(5);
    expect(new Set(totals).size).toBe(5);
    expect(totals).toContain("160.20");

    expect(await recordPayment(as(admin), { adoptionId: row.id, amount: "0", paymentDate: "2026-06-01" })).toMatchObject({ ok: false, fieldErrors: { amount: [ADMIN_ADOPTION_MESSAGES.amount] } });
    expect(await recordPayment(as(admin), { adoptionId: row.id, amount: "10", paymentDate: "2026-06-01" }, new Date("2026-05-31T12:00:00Z"))).toMatchObject({ ok: false, fieldErrors: { paymentDate: [FUTURE_PAYMENT] } });
    expect(await recordPayment(as(admin), { adoptionId: crypto.randomUUID(), amount: "10", paymentDate: "2026-06-01" })).toMatchObject({ ok: false, status: 404 });
    expect((await adoptionOf(row.id)).totalPaid).toBe("160.20");

    expect(await deleteAdoption(as(admin), { id: row.id })).toMatchObject({ ok: true });
    expect(await t.db.select().from(paymentHistory).where(eq(paymentHistory.adoptionId, row.id))).toEqual([]);
  });

  it("e-mails the sponsor a receipt through the outbox with the payment, in the same transaction: amount, method, day and the total so far", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}` });
    const sponsor = await insertCustomer(t.db);
    const row = await added(admin, form(sponsor.email, tier.id, { totalPaid: "40", hiveName: "Buzz" }));
    const before = (await mailsTo(sponsor.email)).length;
    const result = await recordPayment(as(admin), { adoptionId: row.id, amount: "25", paymentMethod: "crypto", paymentDate: "2026-06-02", notes: "Kept to ourselves" });
    expect(result).toMatchObject({ ok: true, toast: { title: "Payment recorded", description: `$25.00 from ${sponsor.email}. Total paid: $65.00. A receipt is on its way to them.` } });
    const [payment] = await listPayments(as(admin), row.id);
    const receipts = (await mailsTo(sponsor.email)).slice(before);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ template: "payment-receipt", subject: "Receipt for your $25.00 payment", idempotencyKey: `payment-receipt:${payment!.id}`, status: "pending" });
    expect(receipts[0]!.text).toMatch(/Amount\s+\$25\.00/);
    expect(receipts[0]!.text).toMatch(/Paid on\s+Tuesday, June 2, 2026/);
    expect(receipts[0]!.text).toMatch(/Payment method\s+Crypto/);
    expect(receipts[0]!.text).toMatch(new RegExp(`Adoption\\s+Buzz, ${tier.name}`));
    expect(receipts[0]!.text).toMatch(/Total paid to date\s+\$65\.00/);
    expect(receipts[0]!.text).toContain(payment!.id);
    // The team's notes stay in the back-office.
    expect(receipts[0]!.text).not.toContain("Kept to ourselves");

    // Refused, or rolled back with its payment: no receipt.
    await recordPayment(as(admin), { adoptionId: row.id, amount: "10", paymentDate: "2026-06-03" }, new Date("2026-06-01T12:00:00Z"));
    await t.db
      .transaction(async (tx) => {
        await recordPayment({ ...as(admin), platform: { ...platform, db: tx as never } }, { adoptionId: row.id, amount: "7", paymentDate: "2026-06-03" });
        tx.rollback();
      })
      .catch(() => {});
    expect(await mailsTo(sponsor.email)).toHaveLength(before + 1);
    expect((await adoptionOf(row.id)).totalPaid).toBe("65.00");
  });

  it.runIf(engine === "postgres")("two admins activating the last place at once: exactly one wins", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db, { maxAdoptions: 1 });
    const rows = await Promise.all([insertCustomer(t.db), insertCustomer(t.db)].map(async (customer) => insertAdoption(t.db, await customer, tier.id, { status: "cancelled" })));
    const results = await Promise.all(rows.map((row) => updateAdoption(as(admin), formOf(row, { status: "active" }))));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409, message: tierFull(tier.name, 1) });
  });

  describe("one-click Activate", () => {
    const auditsOf = (id: string) => t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, id), eq(securityAuditLog.eventType, "record_updated"))).orderBy(securityAuditLog.createdAt);
    const sent = (to: string) => t.db.update(outboxMessages).set({ status: "sent", attempts: 1, sentAt: new Date() }).where(eq(outboxMessages.to, to));

    it("is refused to a customer and to staff who may only view adoptions, one row or many, and its Undo too", async () => {
      const tier = await insertTier(t.db);
      const sponsor = await insertCustomer(t.db);
      const row = await insertAdoption(t.db, sponsor, tier.id);
      const viewer = await insertStaff(t.db, { hive_adoptions: ["view"] });
      for (const actor of [viewer, await insertCustomer(t.db)]) {
        await expect(activateAdoption(as(actor), { id: row.id })).rejects.toThrow(ForbiddenError);
        await expect(activateAdoptions(as(actor), { ids: [row.id] })).rejects.toThrow(ForbiddenError);
        await expect(undoActivation(as(actor), { decision: crypto.randomUUID(), ids: [row.id] })).rejects.toThrow(ForbiddenError);
      }
      expect(await adoptionOf(row.id)).toMatchObject({ status: "pending" });
      expect(await mailsTo(sponsor.email)).toEqual([]);
    });

    it("makes a pending adoption active: the sponsor's tier and member since follow, audited, the e-mail held for the Undo", async () => {
      const admin = await insertUser(t.db);
      const tier = await insertTier(t.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}` });
      const sponsor = await insertCustomer(t.db);
      const row = await insertAdoption(t.db, sponsor, tier.id, { startDate: "2026-04-01" });
      const label = `${sponsor.email}, ${tier.name}`;
      const result = await activateAdoption(as(admin), { id: row.id });
      expect(result).toMatchObject({
        ok: true,
        toast: { title: "Adoption activated", description: `${label}. Their profile shows the tier, and they are e-mailed.`, action: { label: "Undo", fields: { intent: "undo", ids: [row.id] }, seconds: UNDO_SECONDS } },
      });
      expect(await adoptionOf(row.id)).toMatchObject({ status: "active" });
      expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: tier.id, memberSince: "2026-04-01" });
      const [audit] = await auditsOf(row.id);
      expect(audit).toMatchObject({ before: expect.objectContaining({ status: "pending" }), after: expect.objectContaining({ status: "active" }), eventDetails: expect.objectContaining({ label, decision: "activate" }) });
      const [mail] = await mailsTo(sponsor.email);
      expect(mail).toMatchObject({ template: "adoption-update", subject: `Your ${tier.name} adoption is active`, status: "pending", attempts: 0 });
      const [held] = await t.db.select({ later: sql<boolean>`${outboxMessages.nextAttemptAt} > now() + make_interval(secs => ${UNDO_SECONDS})` }).from(outboxMessages).where(eq(outboxMessages.id, mail!.id));
      expect(held!.later).toBe(true);
      expect(await activateAdoption(as(admin), { id: row.id })).toEqual({ ok: false, status: 409, message: adoptionNotPending(label, "active"), fieldErrors: undefined });
    });

    it("in bulk: each row its own transaction and audit row; one no longer pending is skipped and said", async () => {
      const admin = await insertUser(t.db);
      const tier = await insertTier(t.db);
      const [a, b, c] = [await insertCustomer(t.db), await insertCustomer(t.db), await insertCustomer(t.db)];
      const rows = [await insertAdoption(t.db, a, tier.id), await insertAdoption(t.db, b, tier.id)];
      const cancelled = await insertAdoption(t.db, c, tier.id, { status: "cancelled" });
      const result = await activateAdoptions(as(admin), { ids: [...rows.map((row) => row.id), cancelled.id] });
      expect(result).toMatchObject({ ok: true, toast: { title: "2 adoptions activated", detail: adoptionNotPending(`${c.email}, ${tier.name}`, "cancelled") } });
      for (const [row, sponsor] of [[rows[0]!, a], [rows[1]!, b]] as const) {
        expect(await adoptionOf(row.id)).toMatchObject({ status: "active" });
        expect(await auditsOf(row.id)).toHaveLength(1);
        expect(await mailsTo(sponsor.email)).toMatchObject([{ template: "adoption-update" }]);
      }
      expect(await adoptionOf(cancelled.id)).toMatchObject({ status: "cancelled" });
      expect(await mailsTo(c.email)).toEqual([]);
    });

    it("Undo while the e-mail is held: pending again, the tier and member since as they were, the e-mail gone; refused once it went", async () => {
      const admin = await insertUser(t.db);
      const tier = await insertTier(t.db);
      const sponsor = await insertCustomer(t.db);
      const row = await insertAdoption(t.db, sponsor, tier.id, { startDate: "2026-04-01" });
      const before = await sponsorOf(sponsor.userId);
      const activated = await activateAdoption(as(admin), { id: row.id });
      if (!activated.ok) throw new Error(activated.message);
      const label = `${sponsor.email}, ${tier.name}`;
      expect(await undoActivation(as(admin), activated.toast!.action!.fields)).toMatchObject({ ok: true, toast: { title: "Activation undone", description: `${label} is pending again. The sponsor was not e-mailed.` } });
      expect(await adoptionOf(row.id)).toMatchObject({ status: "pending" });
      expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: before?.tierId ?? null, memberSince: before?.memberSince ?? null });
      expect(await mailsTo(sponsor.email)).toEqual([]);
      expect((await auditsOf(row.id)).map((audit) => audit.after?.status)).toEqual(["active", "pending"]);

      // Activated again, and this time the e-mail goes before the Undo: the activation stands.
      const again = await activateAdoption(as(admin), { id: row.id });
      if (!again.ok) throw new Error(again.message);
      await sent(sponsor.email);
      expect(await undoActivation(as(admin), again.toast!.action!.fields)).toEqual({ ok: false, status: 409, message: activationTooLate(label), fieldErrors: undefined });
      expect(await adoptionOf(row.id)).toMatchObject({ status: "active" });
      expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: tier.id, memberSince: "2026-04-01" });
    });

    it("Undo keeps a member since that an earlier activation set", async () => {
      const admin = await insertUser(t.db);
      const tier = await insertTier(t.db);
      const sponsor = await insertCustomer(t.db);
      await insertAdoption(t.db, sponsor, tier.id, { status: "expired", startDate: "2024-01-01" });
      await t.db.update(sponsors).set({ memberSince: "2024-01-01" }).where(eq(sponsors.userId, sponsor.userId));
      const row = await insertAdoption(t.db, sponsor, tier.id, { startDate: "2026-04-01" });
      const activated = await activateAdoption(as(admin), { id: row.id });
      if (!activated.ok) throw new Error(activated.message);
      expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: tier.id, memberSince: "2024-01-01" });
      expect(await undoActivation(as(admin), activated.toast!.action!.fields)).toMatchObject({ ok: true });
      expect(await sponsorOf(sponsor.userId)).toMatchObject({ tierId: null, memberSince: "2024-01-01" });
    });
  });
});
