import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMyBookings } from "~/features/bookings/my-bookings.server";
import { bookings, hiveAdoptions, outboxMessages, profiles, securityAuditLog, sessions, sponsors, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertSession } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { insertBooking, insertStayAsset } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import { confirmEmailChange, EMAIL_CHANGE_LINK_MS, EMAIL_UNDO_MS, requestEmailChange, undoEmailChange } from "./email-change.server";
import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_MS } from "./fresh-proof.server";
import { EMAIL_TAKEN_MESSAGE } from "./messages";
import { placeholderEmail } from "./no-email";
import { EMAIL_CHANGE_LINK_EXPIRED, EMAIL_UNCHANGED_MESSAGE } from "./security-tab/account-change-messages";

describe.each(testEngines())("changing one's e-mail address (PUT /user) on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  let n = 0;
  const newEmail = (label: string) => `${label}-${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const meta = () => testMeta();
  const freshSession = async (userId: string) => {
    const { id, createdAt } = await insertSession(t.db, userId, { createdAt: new Date(platform.clock.now()) });
    return { id, token: "", userId, createdAt };
  };
  async function linkIn(to: string, param: "confirm" | "undo") {
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.id)).limit(1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const url = new URL(new RegExp(`https?://\\S+email-change\\?${param}=[^\\s\\])]+`).exec(mail.text)![0]);
    return { subject: mail.subject, token: url.searchParams.get(param)! };
  }
  const emailOf = async (userId: string) => (await t.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId)))[0]!;

  it("changes only when the link to the new address is followed; the old address is told and can undo within 7 days, which ends every session", async () => {
    const customer = await insertCustomer(t.db, { email: newEmail("old") });
    const session = await freshSession(customer.userId);
    await freshSession(customer.userId); // another device, ended by the undo
    const tier = await insertTier(t.db);
    await insertAdoption(t.db, customer, tier.id);
    const { asset } = await insertStayAsset(t.db);
    // Booked as a guest under the (verified) old address before: the account's, and it must stay so.
    await insertBooking(t.db, asset.id, { guestEmail: customer.email.toUpperCase(), userId: null });
    const to = newEmail("new");

    expect(await requestEmailChange(platform, customer, session, { email: to }, meta())).toMatchObject({ ok: true, value: { email: to } });
    expect((await emailOf(customer.userId)).email).toBe(customer.email);
    const confirm = await linkIn(to, "confirm");
    expect(confirm.subject).toBe("Confirm your new Apiary email address");

    expect(await confirmEmailChange(platform, confirm.token, meta())).toMatchObject({ ok: true, value: { email: to } });
    expect(await emailOf(customer.userId)).toEqual({ email: to, verified: true });
    expect((await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, customer.userId)))[0]!.email).toBe(to);
    expect((await t.db.select({ email: sponsors.email }).from(sponsors).where(eq(sponsors.userId, customer.userId)))[0]!.email).toBe(to);
    expect((await t.db.select({ email: hiveAdoptions.email }).from(hiveAdoptions).where(eq(hiveAdoptions.userId, customer.userId))).map((a) => a.email)).toEqual([to]);
    // The guest booking follows the account, not the address.
    expect(await listMyBookings(t.db, { ...customer, email: to })).toHaveLength(1);
    expect((await t.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.assetId, asset.id)))[0]!.userId).toBe(customer.userId);
    // The link works once.
    expect(await confirmEmailChange(platform, confirm.token, meta())).toMatchObject({ ok: false, status: 410, message: EMAIL_CHANGE_LINK_EXPIRED });

    const undo = await linkIn(customer.email, "undo");
    expect(undo.subject).toBe("Your Apiary email address was changed");
    platform.clock.advance(EMAIL_UNDO_MS - 60_000);
    expect(await undoEmailChange(platform, undo.token, meta())).toMatchObject({ ok: true, value: { email: customer.email } });
    expect(await emailOf(customer.userId)).toEqual({ email: customer.email, verified: true });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
    expect(await listMyBookings(t.db, customer)).toHaveLength(1);
    const audit = await t.db.select({ type: securityAuditLog.eventType }).from(securityAuditLog).where(eq(securityAuditLog.userId, customer.userId));
    expect(audit.map((a) => a.type)).toEqual(expect.arrayContaining(["email_change_requested", "email_changed", "email_change_undone"]));
  });

  it("the undo link is over after 7 days on the platform's clock, and the confirmation link after 24 hours", async () => {
    const customer = await insertCustomer(t.db, { email: newEmail("late") });
    const to = newEmail("later");
    await requestEmailChange(platform, customer, await freshSession(customer.userId), { email: to }, meta());
    await confirmEmailChange(platform, (await linkIn(to, "confirm")).token, meta());
    const undo = await linkIn(customer.email, "undo");
    platform.clock.advance(EMAIL_UNDO_MS + 1_000);
    expect(await undoEmailChange(platform, undo.token, meta())).toMatchObject({ ok: false, status: 410, message: EMAIL_CHANGE_LINK_EXPIRED });
    expect((await emailOf(customer.userId)).email).toBe(to);

    const again = newEmail("again");
    await requestEmailChange(platform, { ...customer, email: to }, await freshSession(customer.userId), { email: again }, meta());
    platform.clock.advance(EMAIL_CHANGE_LINK_MS + 1_000);
    expect(await confirmEmailChange(platform, (await linkIn(again, "confirm")).token, meta())).toMatchObject({ ok: false, status: 410 });
    expect((await emailOf(customer.userId)).email).toBe(to);
  });

  it("refuses an address another account has (asked, or taken since the link was sent), one's own address, and a stale session", async () => {
    const customer = await insertCustomer(t.db, { email: newEmail("mine") });
    const someone = await insertCustomer(t.db, { email: newEmail("theirs") });
    const session = await freshSession(customer.userId);
    expect(await requestEmailChange(platform, customer, session, { email: someone.email.toUpperCase() }, meta())).toMatchObject({ ok: false, status: 409, fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
    expect(await requestEmailChange(platform, customer, session, { email: customer.email }, meta())).toMatchObject({ ok: false, fieldErrors: { email: [EMAIL_UNCHANGED_MESSAGE] } });

    const wanted = newEmail("wanted");
    await requestEmailChange(platform, customer, session, { email: wanted }, meta());
    const link = await linkIn(wanted, "confirm");
    await t.db.update(users).set({ email: wanted }).where(eq(users.id, someone.userId));
    expect(await confirmEmailChange(platform, link.token, meta())).toMatchObject({ ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE });
    expect((await emailOf(customer.userId)).email).toBe(customer.email);

    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    expect(await requestEmailChange(platform, customer, session, { email: newEmail("stale") }, meta())).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
  });

  it("a wallet account without an address adds one the same way, and no old address is written to", async () => {
    const wallet = await insertCustomer(t.db, { email: placeholderEmail("ethereum", `0x${crypto.randomUUID().replaceAll("-", "")}${crypto.randomUUID().replaceAll("-", "")}`.slice(0, 42)), emailVerified: false });
    const session = await freshSession(wallet.userId);
    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    const to = newEmail("wallet");
    // No way to confirm it's them but the session: adding a first address is not changing one.
    expect(await requestEmailChange(platform, wallet, session, { email: to }, meta())).toMatchObject({ ok: true });
    const before = await t.db.select().from(outboxMessages);
    expect(await confirmEmailChange(platform, (await linkIn(to, "confirm")).token, meta())).toMatchObject({ ok: true });
    expect(await emailOf(wallet.userId)).toEqual({ email: to, verified: true });
    expect((await t.db.select().from(outboxMessages)).length).toBe(before.length);
    expect(await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, wallet.userId), eq(securityAuditLog.eventType, "email_changed")))).toHaveLength(1);
  });
});
