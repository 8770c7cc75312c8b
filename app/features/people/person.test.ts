import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import type { Actor } from "~/features/accounts/actor";
import { BACK_OFFICE_PASSWORD_ADMIN_ONLY } from "~/features/users/staff-password-reset.server";
import { recordPayment, updateAdoption } from "~/features/adoptions/admin-adoptions.server";
import { updateBooking } from "~/features/bookings/admin-bookings.server";
import { accounts, hiveUpdates, outboxMessages, securityAuditLog, sessions, sponsors, userRoles, users } from "~/platform/db/schema";
import { enqueueMail } from "~/platform/mail/outbox.server";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertStaffRole, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../../../tests/factories/sponsorships";
import { insertBooking, insertStayAsset } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { bookForPath, guestPrefillOf, personByEmailPath } from "./person-links";
import { emailModule, mayOpenPeople } from "./person-access";
import { loadPerson, resetPersonPassword, type PersonRecord } from "./person.server";

describe("a person's links", () => {
  it("fills Bookings' Add dialog with the guest, and reads back only text cut to the fields", () => {
    const href = bookForPath({ name: "Maya Thornbury", email: "maya+stay@example.com", phone: "+1 360 555 0188" });
    expect(href).toBe("/admin/bookings?dialog=add&guestName=Maya+Thornbury&guestEmail=maya%2Bstay%40example.com&guestPhone=%2B1+360+555+0188");
    expect(guestPrefillOf(new URL(href, "http://x").searchParams)).toEqual({ guestName: "Maya Thornbury", guestEmail: "maya+stay@example.com", guestPhone: "+1 360 555 0188" });
    expect(guestPrefillOf(new URLSearchParams({ guestName: `  ${"x".repeat(150)} `, guestPhone: "" }))).toEqual({ guestName: "x".repeat(100) });
    expect(personByEmailPath("a+b@example.com")).toBe("/admin/people/by-email?email=a%2Bb%40example.com");
  });

  it("sorts an e-mail under the screen of what it is about", () => {
    expect(["stay-confirmed", "booking-update", "booking-cancelled-notice"].map(emailModule)).toEqual(["bookings", "bookings", "bookings"]);
    expect(["adoption-update", "hive-update", "hive-moved", "payment-receipt"].map(emailModule)).toEqual(["hive_adoptions", "hive_adoptions", "hive_adoptions", "hive_adoptions"]);
    expect(["password-reset", "account-notice", "verify-email"].map(emailModule)).toEqual(["account", "account", "account"]);
  });
});

describe.each(testEngines())("a person's record on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform, "198.51.100.7");
  const record = async (actor: Actor, key: { userId: string } | { email: string }): Promise<PersonRecord | null> => {
    const found = await loadPerson(as(actor), key);
    if (found.kind === "account") throw new Error("expected a record, got a redirect");
    return found.kind === "record" ? found.record : null;
  };

  /** A sponsor with a stay on their account, one booked under their e-mail, an active adoption with a payment and a hive, e-mails and a sign-in. */
  async function sponsorWithEverything() {
    const admin = await insertUser(t.db);
    await t.db.update(users).set({ name: "Sky Meadow" }).where(eq(users.id, admin.userId));
    const maya = await insertCustomer(t.db, { email: `maya-${crypto.randomUUID().slice(0, 6)}@example.com`, name: "Maya Thornbury" });
    await t.db.update(sponsors).set({ companyName: "Thornbury Orchards", phoneNumber: "+1 360 555 0188" }).where(eq(sponsors.userId, maya.userId));
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: maya.userId, accountId: `g-${maya.userId}`, providerId: "google" });
    await t.db.insert(sessions).values({ id: crypto.randomUUID(), userId: maya.userId, token: crypto.randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });
    await recordAuditEvent(t.db, { type: "login_success", userId: maya.userId, details: { method: "google", portal: "customer" } }, { clientAddress: "198.51.100.8" });
    await recordAuditEvent(t.db, { type: "login_failed", details: { email: maya.email.toUpperCase(), portal: "customer" } }, { clientAddress: "198.51.100.9" });

    const { location, asset } = await insertStayAsset(t.db);
    const guestStay = await insertBooking(t.db, asset.id, { guestEmail: maya.email.toUpperCase(), guestName: "Maya T.", location: location.name, checkInDate: "2031-12-10", checkOutDate: "2031-12-13", numberOfNights: 3, totalAmount: "376.50" });
    const accountStay = await insertBooking(t.db, asset.id, { guestEmail: "someone-else@example.com", guestName: "Maya Thornbury", userId: maya.userId, location: location.name, status: "confirmed" });
    const strangerStay = await insertBooking(t.db, asset.id, { guestEmail: "stranger@example.com", guestName: "A Stranger", location: location.name });
    const stayForm = { id: guestStay.id, locationId: location.id, assetId: asset.id, guestName: "Maya T.", guestEmail: guestStay.guestEmail, guestPhone: "", numberOfGuests: "2", numberOfNights: "3", totalAmount: "376.50", checkInDate: "2031-12-10", checkOutDate: "2031-12-13" };
    expect(await updateBooking(as(admin), { ...stayForm, status: "confirmed" })).toMatchObject({ ok: true });

    const tier = await insertTier(t.db);
    const hive = await insertHive(t.db, location.id);
    await t.db.insert(hiveUpdates).values({ hiveId: hive.id, body: "First honey of the year" });
    const adoption = await insertAdoption(t.db, maya, tier.id, { hiveName: "Honey Haven", startDate: "2026-01-05" });
    expect(
      await updateAdoption(as(admin), { id: adoption.id, userEmail: maya.email, tierId: tier.id, status: "active", paymentFrequency: "monthly", paymentMethod: "cash", hiveName: "Honey Haven", hiveId: hive.id, startDate: "2026-01-05", endDate: "", totalPaid: "0", notes: "" }),
    ).toMatchObject({ ok: true });
    expect(await recordPayment(as(admin), { adoptionId: adoption.id, amount: "22.55", paymentMethod: "cash", paymentDate: "2026-02-01", notes: "At the farm stand" })).toMatchObject({ ok: true });
    // A reset link in a body: the page shows subjects, never bodies.
    await enqueueMail(t.db, { template: "password-reset", idempotencyKey: crypto.randomUUID(), to: maya.email, subject: "Reset your Apiary password", html: "<a href='https://apiary.test/reset-password?token=SECRET-TOKEN-123'>Reset</a>", text: "https://apiary.test/reset-password?token=SECRET-TOKEN-123" });
    await t.db.update(outboxMessages).set({ status: "sent", sentAt: new Date() }).where(eq(outboxMessages.to, maya.email));
    await enqueueMail(t.db, { template: "contact", idempotencyKey: crypto.randomUUID(), to: "other@example.com", subject: "Not theirs", html: "<p>x</p>", text: "x" });
    return { admin, maya, tier, hive, adoption, guestStay, accountStay, strangerStay };
  }

  it("gathers a sponsor's record: stays by account and by e-mail, adoptions, payments, hives, e-mails, sign-in ways and what was done about them", async () => {
    const { admin, maya, tier, hive, adoption, guestStay, accountStay } = await sponsorWithEverything();
    const shown = (await record(admin, { userId: maya.userId }))!;
    expect(shown).toMatchObject({ userId: maya.userId, name: "Maya Thornbury", email: maya.email, phone: "+1 360 555 0188", companyName: "Thornbury Orchards", roles: ["customer"], facts: { isSponsor: true, isStaff: false, hasBookings: true, hasAdoptions: true } });
    expect(shown.bookings!.total).toBe(2);
    // Latest check-in first: the factory's own days (the account's stay) come after December 2031.
    expect(shown.bookings!.rows.map((row) => row.id)).toEqual([accountStay.id, guestStay.id]);
    expect(shown.bookings!.rows[1]).toMatchObject({ code: `TES-${guestStay.reference}`, status: "confirmed", numberOfNights: 3, totalAmount: "376.50" });
    expect(shown.adoptions).toMatchObject([{ id: adoption.id, tierName: tier.name, status: "active", hiveName: "Honey Haven", registryHive: hive.name, totalPaid: "22.55" }]);
    expect(shown.payments).toMatchObject({ total: 1, paid: "22.55", rows: [{ amount: "22.55", paymentMethod: "cash", paymentDate: "2026-02-01", notes: "At the farm stand", tierName: tier.name }] });
    expect(shown.hives).toMatchObject([{ id: hive.id, name: hive.name, status: "active", updates: 1 }]);
    expect(shown.signIn).toMatchObject({ password: false, google: { since: expect.any(String) }, twoFactor: "disabled", emailVerified: true, lastSignIn: { method: "google" }, signedInOn: 1 });
    // Newest first: the reset e-mail, the payment's receipt, the adoption's activation and the stay's confirmation; never another person's.
    expect(shown.emails.map((email) => [email.about, email.status])).toEqual([
      ["account", "sent"],
      ["hive_adoptions", "sent"],
      ["hive_adoptions", "sent"],
      ["bookings", "sent"],
    ]);
    expect(shown.emails.map((email) => email.subject)).toContain("Receipt for your $22.55 payment");
    expect(shown.emails[0]!.subject).toBe("Reset your Apiary password");
    expect(JSON.stringify(shown)).not.toContain("SECRET-TOKEN-123");
    // What was done about them, in words: their adoption, their stay, their sign-ins and a failed one with their e-mail.
    const sentences = shown.activity.map((row) => row.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        `Sky Meadow recorded a payment of $22.55 for the ${tier.name} adoption of ${maya.email}`,
        `Sky Meadow activated the ${tier.name} adoption of ${maya.email}`,
        `Sky Meadow confirmed booking TES-${guestStay.reference} for Maya T., Dec 10–13, 2031`,
        "Maya Thornbury signed in to the site with Google",
        `A sign-in to the site as ${maya.email.toUpperCase()} failed`,
      ]),
    );
    expect(shown.activity).toHaveLength(5);
    expect(shown.can).toMatchObject({ bookFor: true, recordPayment: true, resetPassword: "sponsors", viewActivity: true });
  });

  it("shows each part only to who may see the screen it comes from", async () => {
    const { maya, guestStay } = await sponsorWithEverything();
    const frontDesk = await insertStaff(t.db, { bookings: ["view", "create"] });
    const desk = (await record(frontDesk, { userId: maya.userId }))!;
    expect(desk.bookings!.total).toBe(2);
    expect(desk).toMatchObject({ adoptions: null, payments: null, hives: null, signIn: null, roles: null, companyName: null, tier: null });
    expect(desk.emails.map((email) => email.about)).toEqual(["bookings"]);
    expect(desk.activity.map((row) => row.module)).toEqual(["bookings"]);
    expect(desk.activity[0]!.sentence).toContain(`booking TES-${guestStay.reference}`);
    expect(desk.can).toMatchObject({ bookFor: true, editBookings: false, recordPayment: false, resetPassword: null, viewActivity: false });

    const programme = await insertStaff(t.db, { hive_adoptions: ["view", "update"] });
    const sponsorship = (await record(programme, { userId: maya.userId }))!;
    expect(sponsorship).toMatchObject({ bookings: null, signIn: null, payments: { total: 1 } });
    expect(sponsorship.adoptions).toHaveLength(1);
    expect(sponsorship.emails.map((email) => email.about)).toEqual(["hive_adoptions", "hive_adoptions"]);
    expect(new Set(sponsorship.activity.map((row) => row.module))).toEqual(new Set(["hive_adoptions"]));
    expect(sponsorship.can).toMatchObject({ bookFor: false, recordPayment: true, resetPassword: null });

    const sponsorDesk = await insertStaff(t.db, { sponsors: ["view", "update"] });
    const account = (await record(sponsorDesk, { userId: maya.userId }))!;
    expect(account).toMatchObject({ bookings: null, adoptions: null, roles: ["customer"], companyName: "Thornbury Orchards", signIn: { signedInOn: 1 } });
    expect(account.emails.map((email) => email.about)).toEqual(["account"]);
    // Sign-ins are Activity's to show.
    expect(account.activity).toEqual([]);
    expect(account.can.resetPassword).toBe("sponsors");

    const auditor = await insertStaff(t.db, { users: ["view"], role_permissions: ["view"] });
    const audited = (await record(auditor, { userId: maya.userId }))!;
    expect(audited.activity.map((row) => row.event).sort()).toEqual(["login_failed", "login_success"]);
    expect(audited.can.resetPassword).toBeNull();

    // Nobody sees a person none of their screens lists.
    const editor = await insertStaff(t.db, { posts: ["view", "update"] });
    expect(mayOpenPeople(editor)).toBe(false);
    const bookingsOnly = await insertStaff(t.db, { bookings: ["view"] });
    const noStays = await insertCustomer(t.db);
    expect(await record(bookingsOnly, { userId: noStays.userId })).toBeNull();
    expect(await record(frontDesk, { userId: crypto.randomUUID() })).toBeNull();
  });

  it("a staff member made from a customer account is no sponsor: only User Management shows their account", async () => {
    const hired = await insertCustomer(t.db);
    await t.db.insert(userRoles).values({ userId: hired.userId, role: await insertStaffRole(t.db, { bookings: ["view"] }) });
    expect(await record(await insertStaff(t.db, { sponsors: ["view", "update"] }), { userId: hired.userId })).toBeNull();
    const viaUsers = (await record(await insertStaff(t.db, { users: ["view"] }), { userId: hired.userId }))!;
    expect(viaUsers.facts).toMatchObject({ isSponsor: false, isStaff: true });
  });

  it("a guest without an account is found by the e-mail of their stays; one with an account gives way to it", async () => {
    const { maya } = await sponsorWithEverything();
    const desk = await insertStaff(t.db, { bookings: ["view"] });
    const { location, asset } = await insertStayAsset(t.db);
    const email = `walk-in-${crypto.randomUUID().slice(0, 6)}@example.com`;
    // Named as on the latest booking; the phone is the latest one given.
    await insertBooking(t.db, asset.id, { guestEmail: email, guestName: "Old Name", guestPhone: "+1 425 555 0100", location: location.name, createdAt: new Date(Date.now() - 86_400_000) });
    await insertBooking(t.db, asset.id, { guestEmail: email.toUpperCase(), guestName: "Robin Walker", location: location.name });
    const guest = (await record(desk, { email }))!;
    expect(guest).toMatchObject({ userId: null, name: "Robin Walker", phone: "+1 425 555 0100", facts: { hasAccount: false }, signIn: null, adoptions: null });
    expect(guest.bookings!.total).toBe(2);
    expect(guest.can.resetPassword).toBeNull();
    // Only those who see bookings meet a guest.
    expect(await record(await insertStaff(t.db, { users: ["view"] }), { email })).toBeNull();
    expect(await loadPerson(as(desk), { email: maya.email.toUpperCase() })).toEqual({ kind: "account", userId: maya.userId });
    expect(await loadPerson(as(desk), { email: "not an e-mail" })).toEqual({ kind: "missing" });
  });

  it("resets a password with the permission of the person's own screen, an administrator's only for staff", async () => {
    const sponsor = await insertCustomer(t.db);
    const input = { newPassword: "Orchard-Lantern-Thistle-58", confirmPassword: "Orchard-Lantern-Thistle-58" };
    await expect(resetPersonPassword(as(await insertStaff(t.db, { sponsors: ["view"], users: ["view"] })), sponsor.userId, input)).rejects.toThrow("You don't have permission to change users.");
    // Changing adoptions lets one reset a password in Hive Adoptions, not here: the person's own screen is Sponsors.
    await expect(resetPersonPassword(as(await insertStaff(t.db, { hive_adoptions: ["view", "update"] })), sponsor.userId, input)).rejects.toThrow("You don't have permission to change users.");
    const sponsorDesk = await insertStaff(t.db, { sponsors: ["view", "update"] });
    expect(await resetPersonPassword(as(sponsorDesk), sponsor.userId, { ...input, userId: "someone-else" })).toMatchObject({ ok: true, toast: { title: "Password Reset" } });
    expect(await t.db.select({ module: securityAuditLog.module, event: securityAuditLog.eventType }).from(securityAuditLog).where(eq(securityAuditLog.recordId, sponsor.userId))).toEqual([{ module: "sponsors", event: "password_reset_by_staff" }]);
    expect(await resetPersonPassword(as(sponsorDesk), sponsor.userId, { newPassword: "short", confirmPassword: "short" })).toMatchObject({ ok: false, status: 400 });

    const colleague = await insertStaff(t.db, { bookings: ["view"] });
    // A sponsor desk can't reach a staff account (not a sponsor), nor can User Management's people without being administrators.
    await expect(resetPersonPassword(as(sponsorDesk), colleague.userId, input)).rejects.toThrow("You don't have permission to change users.");
    expect(await resetPersonPassword(as(await insertStaff(t.db, { users: ["view", "update"] })), colleague.userId, input)).toEqual({ ok: false, status: 403, message: BACK_OFFICE_PASSWORD_ADMIN_ONLY });
    expect(await resetPersonPassword(as(await insertUser(t.db)), colleague.userId, input)).toMatchObject({ ok: true });
    expect(await resetPersonPassword(as(await insertUser(t.db)), "gone", input)).toEqual({ ok: false, status: 404, message: "This account no longer exists." });
  });
});
