import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { SCREEN_SERVERS } from "~/features/back-office/screens.server";
import { profiles, secondFactors, securityAuditLog, sessions, sponsors, userRoles } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertSession, insertStaff, insertStaffRole, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { sponsorsScreen } from "./sponsors.screen";
import { getSponsor, listSponsors } from "./sponsors.server";

describe.each(testEngines())("Sponsors screen on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const list = (actor: BackOfficeContext["actor"], query: string) => listSponsors(as(actor), parseListParams(new URLSearchParams(query), sponsorsScreen.list));
  const resetPassword = SCREEN_SERVERS.sponsors!.commands["reset-password"]!;

  it("lists sponsors newest first, searchable by e-mail, company or phone; only for those who may view sponsors", async () => {
    const admin = await insertUser(t.db);
    const tag = `sp${crypto.randomUUID().slice(0, 6)}`;
    const older = await insertCustomer(t.db, {
      email: `${tag}-older@example.com`,
    });
    const newer = await insertCustomer(t.db, {
      email: `${tag}-newer@example.com`,
    });
    await t.db
      .update(sponsors)
      .set({ createdAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(sponsors.userId, older.userId));
    await t.db
      .update(sponsors)
      .set({ companyName: `Meadow ${tag} Co`, phoneNumber: "+1 425 555 0177" })
      .where(eq(sponsors.userId, newer.userId));

    expect((await list(admin, `q=${tag}`)).rows.map((row) => row.email)).toEqual([newer.email, older.email]);
    expect((await list(admin, `q=${tag}&sort=created_at&dir=asc`)).rows.map((row) => row.email)).toEqual([older.email, newer.email]);
    expect((await list(admin, `q=Meadow ${tag}`)).rows).toMatchObject([
      {
        email: newer.email,
        companyName: `Meadow ${tag} Co`,
        phoneNumber: "+1 425 555 0177",
      },
    ]);
    expect((await list(admin, "q=425 555 0177")).rows.map((row) => row.userId)).toContain(newer.userId);

    await expect(list(await insertCustomer(t.db), "")).rejects.toThrow(ForbiddenError);
    await expect(list(await insertStaff(t.db, { users: ["view"] }), "")).rejects.toThrow("You don't have permission to view sponsors.");
    expect(await getSponsor(as(await insertStaff(t.db, { sponsors: ["view"] })), newer.userId)).toMatchObject({ email: newer.email });
  });

  it("does not list staff: a customer given a back-office role leaves Sponsors, and comes back without it", async () => {
    const admin = await insertUser(t.db);
    const tag = `st${crypto.randomUUID().slice(0, 6)}`;
    const customer = await insertCustomer(t.db, { email: `${tag}-customer@example.com` });
    const hired = await insertCustomer(t.db, { email: `${tag}-hired@example.com` });
    const promoted = await insertCustomer(t.db, { email: `${tag}-promoted@example.com` });
    await t.db.insert(userRoles).values([
      { userId: hired.userId, role: await insertStaffRole(t.db, { bookings: ["view"] }) },
      { userId: promoted.userId, role: "admin" },
    ]);
    const listed = await list(admin, `q=${tag}`);
    expect(listed.rows.map((row) => row.email)).toEqual([customer.email]);
    expect(listed.total).toBe(1);
    expect(await getSponsor(as(admin), hired.userId)).toBeNull();
    expect(await getSponsor(as(admin), customer.userId)).toMatchObject({ email: customer.email });

    await t.db.delete(userRoles).where(eq(userRoles.userId, hired.userId));
    expect((await list(admin, `q=${tag}`)).rows.map((row) => row.email).sort()).toEqual([customer.email, hired.email].sort());
  });

  it("Reset Password needs sponsors update, refuses an account that is not a sponsor's, and is recorded under sponsors", async () => {
    const sponsor = await insertCustomer(t.db);
    const viewer = await insertStaff(t.db, { sponsors: ["view"] });
    const helper = await insertStaff(t.db, { sponsors: ["view", "update"] });
    const input = {
      userId: sponsor.userId,
      newPassword: "Orchard-Lantern-Thistle-58",
      confirmPassword: "Orchard-Lantern-Thistle-58",
    };
    await expect(resetPassword(as(viewer), input)).rejects.toThrow("You don't have permission to change sponsors.");
    const notSponsor = await insertCustomer(t.db, { sponsor: false });
    expect(await resetPassword(as(helper), { ...input, userId: notSponsor.userId })).toEqual({
      ok: false,
      status: 404,
      message: "This sponsor no longer exists.",
    });
    expect(await resetPassword(as(helper), input)).toMatchObject({
      ok: true,
      toast: { title: "Password Reset" },
    });
    expect(await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, sponsor.userId))).toMatchObject([
      {
        eventType: "password_reset_by_staff",
        module: "sponsors",
        userId: helper.userId,
      },
    ]);
  });

  it("Reset Second Factors needs sponsors update (not users), reaches only sponsors, and is recorded under sponsors", async () => {
    const resetFactors = SCREEN_SERVERS.sponsors!.commands["reset-factors"]!;
    const sponsor = await insertCustomer(t.db);
    await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, sponsor.userId));
    await t.db.insert(secondFactors).values({ userId: sponsor.userId, kind: "phone", friendlyName: "My phone", phoneNumber: "+13605550142" });
    await insertSession(t.db, sponsor.userId);
    const admin = await insertUser(t.db);
    const tag = sponsor.email.split("@")[0]!;
    expect((await list(admin, `q=${tag}`)).rows).toMatchObject([{ userId: sponsor.userId, twoFactor: true }]);

    // Viewing sponsors, or changing adoptions or hives, is not enough.
    for (const grants of [{ sponsors: ["view"] }, { sponsors: ["view"], hive_adoptions: ["view", "update"] }] as const) {
      await expect(resetFactors(as(await insertStaff(t.db, grants)), { userId: sponsor.userId })).rejects.toThrow("You don't have permission to change sponsors.");
    }
    // Sponsors update does not reach a staff account: that is User Management's.
    const helper = await insertStaff(t.db, { sponsors: ["view", "update"] });
    const staff = await insertStaff(t.db, { bookings: ["view"] });
    await expect(resetFactors(as(helper), { userId: staff.userId })).rejects.toThrow("You don't have permission to change users.");
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, sponsor.userId))).toHaveLength(1);

    expect(await resetFactors(as(helper), { userId: sponsor.userId })).toMatchObject({ ok: true, toast: { title: "Second factors reset" } });
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, sponsor.userId))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, sponsor.userId))).toEqual([]);
    expect((await list(admin, `q=${tag}`)).rows).toMatchObject([{ twoFactor: false }]);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, sponsor.userId));
    expect(audit).toMatchObject({ eventType: "2fa_reset_by_staff", module: "sponsors", userId: helper.userId });
  });

  it("Reset Password from Hive Adoptions needs the sponsor's own permission too: updating adoptions is not enough", async () => {
    const sponsor = await insertCustomer(t.db);
    await insertAdoption(t.db, sponsor, (await insertTier(t.db)).id);
    const fromAdoptions = SCREEN_SERVERS["hive-adoptions"]!.commands["reset-password"]!;
    const input = { userId: sponsor.userId, newPassword: "Orchard-Lantern-Thistle-58", confirmPassword: "Orchard-Lantern-Thistle-58" };
    const adoptionsOnly = await insertStaff(t.db, { hive_adoptions: ["view", "update"] });
    await expect(fromAdoptions(as(adoptionsOnly), input)).rejects.toThrow("You don't have permission to change sponsors.");
    expect(await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, sponsor.userId))).toEqual([]);

    const withSponsors = await insertStaff(t.db, { hive_adoptions: ["view", "update"], sponsors: ["update"] });
    expect(await fromAdoptions(as(withSponsors), input)).toMatchObject({ ok: true, toast: { title: "Password Reset" } });
    const withUsers = await insertStaff(t.db, { hive_adoptions: ["view", "update"], users: ["update"] });
    expect(await fromAdoptions(as(withUsers), input)).toMatchObject({ ok: true });
  });
});
