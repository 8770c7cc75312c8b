import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import { parseListParams } from "~/platform/list-params";
import { insertFactor } from "~/features/accounts/factor-rows.server";
import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_MS, markProven } from "~/features/accounts/fresh-proof.server";
import { FACTOR_RESET_SELF_MESSAGE } from "~/features/accounts/two-step/two-step-messages";
import { accounts, outboxMessages, profiles, secondFactors, securityAuditLog, sessions, userRoles } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { verifyPassword } from "~/platform/security/password-hash.server";
import { insertCustomer, insertSession, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { BACK_OFFICE_PASSWORD_ADMIN_ONLY, mayResetAdopterPassword, resetPasswordByStaff } from "./staff-password-reset.server";
import { LAST_ADMIN_MESSAGE, listUsers, OWN_ADMIN_ROLE_MESSAGE, PROFILE_ADMIN_ONLY, replaceUserRoles, ROLES_ADMIN_ONLY_MESSAGE, TWO_FACTOR_STAFF_ONLY, updateUserProfile, USER_SORTS } from "./users.server";

const NEW_PASSWORD = "Orchard-Lantern-Thistle-58";
const listSpec = { sorts: USER_SORTS, defaultSort: { id: "created_at", dir: "desc" as const }, filters: { role: /^[a-z_]+$/ } };

describe.each(testEngines())("User Management commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform, "198.51.100.23");
  const rolesOf = async (userId: string) => (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();
  const auditOf = async (recordId: string) => t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, recordId)).orderBy(desc(securityAuditLog.createdAt));

  it("refuses a customer, and a staff role without the flag; allows the flag", async () => {
    const customer = await insertCustomer(t.db);
    const viewer = await insertStaff(t.db, { users: ["view"] });
    const editor = await insertStaff(t.db, { users: ["view", "update"] });
    const target = await insertCustomer(t.db);
    const input = { userId: target.userId, phoneNumber: "+1 360 555 0100", twoFactor: "", firstLogin: "" };
    await expect(updateUserProfile(as(customer), input)).rejects.toThrow(ForbiddenError);
    await expect(updateUserProfile(as({ kind: "anonymous" }), input)).rejects.toThrow(ForbiddenError);
    await expect(updateUserProfile(as(viewer), input)).rejects.toThrow("You don't have permission to change users.");
    await expect(listUsers(as(customer), parseListParams(new URLSearchParams(), listSpec))).rejects.toThrow(ForbiddenError);
    expect((await listUsers(as(viewer), parseListParams(new URLSearchParams(`q=${target.email}`), listSpec))).rows.map((r) => r.id)).toEqual([target.userId]);
    expect(await updateUserProfile(as(editor), input)).toMatchObject({ ok: true });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, target.userId)))[0]!.phoneNumber).toBe("+1 360 555 0100");
  });

  it("lists with search, role filter, sort and the total count", async () => {
    const admin = await insertUser(t.db);
    const tag = `zz${Date.now()}`;
    const a = await insertCustomer(t.db, { email: `${tag}-a@example.com` });
    const b = await insertCustomer(t.db, { email: `${tag}-b@example.com` });
    const staff = await insertStaff(t.db, { bookings: ["view"] }, { email: `${tag}-c@example.com` });
    const list = (query: string) => listUsers(as(admin), parseListParams(new URLSearchParams(query), listSpec));
    const byEmail = await list(`q=${tag}&sort=email&dir=desc`);
    expect(byEmail.total).toBe(3);
    expect(byEmail.rows.map((r) => r.email)).toEqual([staff.email, b.email, a.email]);
    expect(byEmail.rows[0]!.roles).toEqual(staff.roles);
    expect((await list(`q=${tag}&role=customer`)).rows.map((r) => r.id).sort()).toEqual([a.userId, b.userId].sort());
    // A search for "%" looks for the character, not for everything.
    expect((await list(`q=${encodeURIComponent("%")}`)).total).toBe(0);
  });

  it("Manage Roles replaces the rows and records before and after in the audit trail", async () => {
    const admin = await insertUser(t.db);
    const target = await insertCustomer(t.db);
    await insertStaff(t.db, { bookings: ["view", "update"] }).then(async (s) => {
      const result = await replaceUserRoles(as(admin), { userId: target.userId, roles: ["customer", s.roles[0]!] });
      expect(result).toMatchObject({ ok: true, value: { roles: ["customer", s.roles[0]!].sort() } });
      expect(await rolesOf(target.userId)).toEqual(["customer", s.roles[0]!].sort());
      const [audit] = await auditOf(target.userId);
      expect(audit).toMatchObject({ eventType: "roles_changed", userId: admin.userId, module: "users", ipAddress: "198.51.100.23", before: { roles: ["customer"] }, after: { roles: ["customer", s.roles[0]!].sort() } });
    });
    // An unknown role changes nothing.
    expect(await replaceUserRoles(as(admin), { userId: target.userId, roles: "owner_of_everything" })).toMatchObject({ ok: false, status: 400 });
    expect(await replaceUserRoles(as(admin), { userId: target.userId, roles: "Not A Role" })).toMatchObject({ ok: false, status: 400, message: "Unknown role" });
  });

  it("nobody removes their own admin role, the last administrator stays, staff can't hand out back-office roles", async () => {
    const me = await insertUser(t.db);
    expect(await replaceUserRoles(as(me), { userId: me.userId, roles: ["customer"] })).toEqual({ ok: false, status: 409, message: OWN_ADMIN_ROLE_MESSAGE });
    expect(await rolesOf(me.userId)).toEqual(["admin"]);

    const staff = await insertStaff(t.db, { users: ["view", "update"] });
    const customer = await insertCustomer(t.db);
    expect(await replaceUserRoles(as(staff), { userId: customer.userId, roles: ["customer", "admin"] })).toMatchObject({ ok: false, status: 403, message: ROLES_ADMIN_ONLY_MESSAGE });
    expect(await replaceUserRoles(as(staff), { userId: staff.userId, roles: ["admin"] })).toMatchObject({ ok: false, status: 403 });
    expect(await rolesOf(customer.userId)).toEqual(["customer"]);

    // With every other administrator gone, the last one cannot be removed by anyone.
    const others = await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    const last = await insertUser(t.db);
    const second = await insertUser(t.db);
    await t.db.delete(userRoles).where(and(eq(userRoles.role, "admin")));
    await t.db.insert(userRoles).values([{ userId: last.userId, role: "admin" }]);
    try {
      expect(await replaceUserRoles(as(second), { userId: last.userId, roles: [] })).toEqual({ ok: false, status: 409, message: LAST_ADMIN_MESSAGE });
      expect(await rolesOf(last.userId)).toEqual(["admin"]);
    } finally {
      await t.db.insert(userRoles).values(others.filter((o) => o.userId !== last.userId).map((o) => ({ userId: o.userId, role: "admin" }))).onConflictDoNothing();
    }
  });

  it("two administrators removing each other at once leave one", async () => {
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const others = await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    await t.db.delete(userRoles).where(eq(userRoles.role, "admin"));
    await t.db.insert(userRoles).values([{ userId: a.userId, role: "admin" }, { userId: b.userId, role: "admin" }]);
    try {
      const results = await Promise.all([replaceUserRoles(as(a), { userId: b.userId, roles: [] }), replaceUserRoles(as(b), { userId: a.userId, roles: [] })]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect((await t.db.select().from(userRoles).where(eq(userRoles.role, "admin"))).length).toBe(1);
    } finally {
      await t.db.insert(userRoles).values(others.map((o) => ({ userId: o.userId, role: "admin" }))).onConflictDoNothing();
    }
  });

  it("Edit Profile: 2FA off removes the secret and codes and e-mails the person; on is for back-office accounts", async () => {
    const admin = await insertUser(t.db);
    const target = await insertUser(t.db);
    await t.db.update(profiles).set({ is2faEnabled: true, totpSecret: "sealed", backupCodes: ["a", "b"] }).where(eq(profiles.id, target.userId));
    expect(await updateUserProfile(as(admin), { userId: target.userId, phoneNumber: "", firstLogin: "on" })).toMatchObject({ ok: true });
    const [after] = await t.db.select().from(profiles).where(eq(profiles.id, target.userId));
    expect(after).toMatchObject({ is2faEnabled: false, totpSecret: null, backupCodes: [], firstLogin: true, twoFactorRequired: false });
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, target.email));
    expect(mails.map((m) => m.subject)).toEqual(["Two-factor authentication was turned off for your account"]);
    const audits = await auditOf(target.userId);
    expect(audits.find((row) => row.eventType === "record_updated")).toMatchObject({ before: { twoFactor: true, firstLogin: false }, after: { twoFactor: false, firstLogin: true } });
    expect(audits.map((row) => row.eventType).sort()).toEqual(["2fa_reset_by_staff", "record_updated"]);
    expect(JSON.stringify(audits)).not.toContain("sealed");

    expect(await updateUserProfile(as(admin), { userId: target.userId, twoFactor: "on", firstLogin: "on" })).toMatchObject({ ok: true });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, target.userId)))[0]).toMatchObject({ twoFactorRequired: true, is2faEnabled: false });

    const customer = await insertCustomer(t.db);
    expect(await updateUserProfile(as(admin), { userId: customer.userId, twoFactor: "on" })).toMatchObject({ ok: false, status: 400, message: TWO_FACTOR_STAFF_ONLY });
    expect(await updateUserProfile(as(admin), { userId: customer.userId, phoneNumber: "call me" })).toMatchObject({ ok: false, status: 400, fieldErrors: { phoneNumber: ["Phone number may contain only digits, spaces and + ( ) - ."] } });
  });

  it("Edit Profile: unticking 2FA is Reset Second Factors: a stale session is asked for a proof first; then every factor and session goes", async () => {
    const sponsor = await insertCustomer(t.db);
    await insertFactor(t.db, sponsor.userId, { kind: "totp", friendlyName: "Authenticator app" });
    await insertFactor(t.db, sponsor.userId, { kind: "phone", friendlyName: "Phone", phoneNumber: "+13605550177" });
    await t.db.update(profiles).set({ totpSecret: "sealed", backupCodes: ["a", "b"] }).where(eq(profiles.id, sponsor.userId));
    await insertSession(t.db, sponsor.userId, { secondFactorAt: new Date() });
    // Signed in with the password, waiting at the code step: with the factors gone it would count as signed in.
    await insertSession(t.db, sponsor.userId);

    // A staff member who may update users, signed in (and last proven) over five minutes ago.
    const helper = await insertStaff(t.db, { users: ["view", "update"] });
    const longAgo = new Date(platform.clock.now() - FRESH_PROOF_MS - 1000);
    const own = await insertSession(t.db, helper.userId, { createdAt: longAgo, secondFactorAt: longAgo });
    const stale = { ...as(helper), session: { id: own.id, token: "", userId: helper.userId, createdAt: longAgo } };
    const untick = { userId: sponsor.userId, phoneNumber: "+1 360 555 0100", firstLogin: "" };
    const factorsOf = () => t.db.select().from(secondFactors).where(eq(secondFactors.userId, sponsor.userId));
    const sessionsOf = () => t.db.select().from(sessions).where(eq(sessions.userId, sponsor.userId));

    expect(await updateUserProfile(stale, untick)).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await factorsOf()).toHaveLength(2);
    expect(await sessionsOf()).toHaveLength(2);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, sponsor.userId)))[0]).toMatchObject({ is2faEnabled: true, phoneNumber: null });
    expect(await auditOf(sponsor.userId)).toEqual([]);

    // "Confirm it's you" done in this session: the same form goes through.
    await markProven(platform, own.id);
    expect(await updateUserProfile(stale, untick)).toMatchObject({ ok: true, toast: { title: "Profile updated" } });
    expect(await factorsOf()).toEqual([]);
    expect(await sessionsOf()).toEqual([]);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, sponsor.userId)))[0]).toMatchObject({ is2faEnabled: false, totpSecret: null, backupCodes: [], phoneNumber: "+1 360 555 0100" });
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, sponsor.email));
    expect(mails.map((m) => m.subject)).toEqual(["Two-factor authentication was turned off for your account"]);
    const audits = await auditOf(sponsor.userId);
    expect(audits.find((row) => row.eventType === "2fa_reset_by_staff")).toMatchObject({ userId: helper.userId, module: "users", eventDetails: { email: sponsor.email, factorsRemoved: 2, sessionsEnded: true } });
    expect(audits.find((row) => row.eventType === "record_updated")).toMatchObject({ before: { twoFactor: true }, after: { twoFactor: false } });
  });

  it("Edit Profile: an administrator's 2FA is unticked only by another administrator, never by staff nor by themself", async () => {
    const admin = await insertUser(t.db);
    await insertFactor(t.db, admin.userId, { kind: "totp", friendlyName: "Authenticator app" });
    await insertSession(t.db, admin.userId, { secondFactorAt: new Date() });
    const helper = await insertStaff(t.db, { users: ["view", "update"] });
    const untick = { userId: admin.userId, phoneNumber: "", firstLogin: "" };
    expect(await updateUserProfile(as(helper), untick)).toMatchObject({ ok: false, status: 403, message: PROFILE_ADMIN_ONLY });
    expect(await updateUserProfile(as(admin), untick)).toMatchObject({ ok: false, status: 403, message: FACTOR_RESET_SELF_MESSAGE });
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.userId))).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toHaveLength(1);

    const second = await insertUser(t.db);
    expect(await updateUserProfile(as(second), untick)).toMatchObject({ ok: true });
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.userId))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toEqual([]);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.is2faEnabled).toBe(false);
  });

  it("Reset Password: the spec's messages, common passwords refused, sessions ended, the person told, nothing secret audited", async () => {
    const admin = await insertUser(t.db);
    const customer = await insertCustomer(t.db);
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: customer.userId, accountId: customer.userId, providerId: "credential", password: "old" });
    await insertSession(t.db, customer.userId);
    const reset = (fields: Record<string, string>) => resetPasswordByStaff(as(admin), "users", { userId: customer.userId, ...fields });
    expect(await reset({ newPassword: "abcdefgh", confirmPassword: "abcdefgx" })).toMatchObject({ ok: false, status: 400, message: "Passwords do not match" });
    expect(await reset({ newPassword: "abc", confirmPassword: "abc" })).toMatchObject({ ok: false, message: "Password must be at least 8 characters long" });
    expect(await reset({ newPassword: "password123", confirmPassword: "password123" })).toMatchObject({ ok: false, status: 400, fieldErrors: { newPassword: [expect.stringContaining("too common")] } });

    expect(await reset({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({ ok: true, toast: { title: "Password Reset" } });
    const [credential] = await t.db.select().from(accounts).where(and(eq(accounts.userId, customer.userId), eq(accounts.providerId, "credential")));
    expect(await verifyPassword({ hash: credential!.password!, password: NEW_PASSWORD })).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email));
    expect(mail!.subject).toBe("Your password was changed by an administrator");
    const [audit] = await auditOf(customer.userId);
    expect(audit).toMatchObject({ eventType: "password_reset_by_staff", userId: admin.userId, module: "users" });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it("Hive Adoptions offers Reset Password only to staff who may also change the sponsor's account; its command refuses the others", async () => {
    const adoptionsOnly = await insertStaff(t.db, { hive_adoptions: ["view", "update"] });
    const viewsSponsors = await insertStaff(t.db, { hive_adoptions: ["view", "update"], sponsors: ["view"], users: ["view"] });
    const sponsorsNotAdoptions = await insertStaff(t.db, { hive_adoptions: ["view"], sponsors: ["view", "update"] });
    expect(mayResetAdopterPassword(adoptionsOnly)).toBe(false);
    expect(mayResetAdopterPassword(viewsSponsors)).toBe(false);
    expect(mayResetAdopterPassword(sponsorsNotAdoptions)).toBe(false);
    expect(mayResetAdopterPassword(await insertStaff(t.db, { hive_adoptions: ["view", "update"], sponsors: ["view", "update"] }))).toBe(true);
    expect(mayResetAdopterPassword(await insertStaff(t.db, { hive_adoptions: ["view", "update"], users: ["view", "update"] }))).toBe(true);
    expect(mayResetAdopterPassword(await insertUser(t.db))).toBe(true);
    // The hidden button's command, posted anyway, is refused by the sponsor's own screen's permission.
    const sponsor = await insertCustomer(t.db);
    await expect(resetPasswordByStaff(as(adoptionsOnly), "hive_adoptions", { userId: sponsor.userId, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).rejects.toThrow(ForbiddenError);
    expect(await auditOf(sponsor.userId)).toEqual([]);
  });

  it("Reset Password of a back-office account is for administrators only; a failed write leaves no audit row", async () => {
    const staff = await insertStaff(t.db, { users: ["view", "update"], sponsors: ["view", "update"] });
    const admin = await insertUser(t.db);
    expect(await resetPasswordByStaff(as(staff), "users", { userId: admin.userId, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toEqual({
      ok: false,
      status: 403,
      message: BACK_OFFICE_PASSWORD_ADMIN_ONLY,
    });
    // Sponsors' reset is for sponsors: an administrator is not one.
    expect(await resetPasswordByStaff(as(staff), "sponsors", { userId: admin.userId, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({ ok: false, status: 404 });
    expect(await auditOf(admin.userId)).toEqual([]);

    // The audit row is written in the change's transaction: when the write fails, neither stays.
    const customer = await insertCustomer(t.db);
    await t.db.execute(`create or replace function fail_profile_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await t.db.execute(`create trigger fail_profile_update before update on profiles for each row when (new.phone_number = '999') execute function fail_profile_update()`);
    try {
      await expect(updateUserProfile(as(await insertUser(t.db)), { userId: customer.userId, phoneNumber: "999" })).rejects.toThrow();
      expect(await auditOf(customer.userId)).toEqual([]);
    } finally {
      await t.db.execute(`drop trigger fail_profile_update on profiles`);
    }
  });
});
