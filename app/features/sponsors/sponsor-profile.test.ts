import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sponsors, users } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertCustomer, insertUser, type CustomerActor } from "../../../tests/factories/accounts";
import { ADMIN_REFUSED_MESSAGE } from "../accounts/messages";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { SponsorProfileSchema } from "./sponsor-profile.schema";
import { getSponsorProfile, updateSponsorProfile } from "./sponsor-profile.server";

describe("SponsorProfileSchema", () => {
  it("trims, and turns empty or missing fields into null", () => {
    expect(SponsorProfileSchema.parse({ name: " Sam Sponsor ", companyName: "  Clover Fields  ", address: "", phoneNumber: undefined })).toEqual({
      name: "Sam Sponsor",
      companyName: "Clover Fields",
      address: null,
      phoneNumber: null,
    });
  });

  it("keeps to the limits and to phone-like characters", () => {
    expect(SponsorProfileSchema.safeParse({ companyName: "x".repeat(200) }).success).toBe(true);
    expect(SponsorProfileSchema.safeParse({ companyName: "x".repeat(201) }).error?.issues[0]?.message).toBe(
      "Company name must be at most 200 characters",
    );
    expect(SponsorProfileSchema.safeParse({ name: "x".repeat(101) }).error?.issues[0]?.message).toBe("Name must be at most 100 characters");
    expect(SponsorProfileSchema.safeParse({ address: "x".repeat(501) }).error?.issues[0]?.message).toBe("Address must be at most 500 characters");
    expect(SponsorProfileSchema.safeParse({ phoneNumber: "1".repeat(41) }).error?.issues[0]?.message).toBe("Phone number must be at most 40 characters");
    expect(SponsorProfileSchema.safeParse({ phoneNumber: "+1 (360) 555-0199" }).success).toBe(true);
    expect(SponsorProfileSchema.safeParse({ phoneNumber: "360.555.0199" }).success).toBe(true);
    for (const bad of ["call me", "<script>", "555-01a9", "+ - ()"]) {
      expect(SponsorProfileSchema.safeParse({ phoneNumber: bad }).success, bad).toBe(false);
    }
  });
});

describe.each(testEngines())("the sponsor profile on $name", ({ open }) => {
  let t: TestDatabase;
  let me: CustomerActor;
  let neighbour: CustomerActor;

  beforeAll(async () => {
    t = await open();
    me = await insertCustomer(t.db);
    neighbour = await insertCustomer(t.db);
    await t.db.update(sponsors).set({ companyName: "Neighbour Co", address: "2 Comb Road", phoneNumber: "555 0100" }).where(eq(sponsors.userId, neighbour.userId));
  });
  afterAll(() => t?.dispose());

  const sponsorRow = async (userId: string) => (await t.db.select().from(sponsors).where(eq(sponsors.userId, userId)))[0]!;

  const nameOf = async (userId: string) => (await t.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name;

  it("updates the signed-in customer's own row and no other", async () => {
    const result = await updateSponsorProfile(t.db, me, { name: "Sam Sponsor", companyName: "Clover Fields Ltd", address: "12 Lake Road\nStanwood, WA", phoneNumber: "+1 360 555 0199" });
    expect(result).toEqual({ ok: true, value: { name: "Sam Sponsor", companyName: "Clover Fields Ltd", address: "12 Lake Road\nStanwood, WA", phoneNumber: "+1 360 555 0199" } });
    // The name is the account's: what the booking forms prefill.
    expect(await nameOf(me.userId)).toBe("Sam Sponsor");
    expect(await nameOf(neighbour.userId)).toBe("");
    expect(await getSponsorProfile(t.db, me)).toMatchObject({ name: "Sam Sponsor", companyName: "Clover Fields Ltd" });
    expect(await sponsorRow(me.userId)).toMatchObject({ companyName: "Clover Fields Ltd", address: "12 Lake Road\nStanwood, WA", phoneNumber: "+1 360 555 0199" });
    expect(await sponsorRow(neighbour.userId)).toMatchObject({ companyName: "Neighbour Co", address: "2 Comb Road", phoneNumber: "555 0100" });
  });

  it("ignores any other user's id sent along with the fields", async () => {
    const result = await updateSponsorProfile(t.db, me, { companyName: "Mine", userId: neighbour.userId, email: neighbour.email });
    expect(result.ok).toBe(true);
    expect(await sponsorRow(neighbour.userId)).toMatchObject({ companyName: "Neighbour Co", email: neighbour.email });
    expect(await sponsorRow(me.userId)).toMatchObject({ companyName: "Mine", email: me.email });
  });

  it("clears fields sent empty", async () => {
    await updateSponsorProfile(t.db, me, { name: "", companyName: "", address: "", phoneNumber: "" });
    expect(await sponsorRow(me.userId)).toMatchObject({ companyName: null, address: null, phoneNumber: null });
    expect(await nameOf(me.userId)).toBe("");
    expect(await getSponsorProfile(t.db, me)).toMatchObject({ name: null });
  });

  it("refuses anonymous visitors and administrators", async () => {
    const admin = await insertUser(t.db, { role: "admin" });
    await t.db.insert(sponsors).values({ userId: admin.userId, email: admin.email, companyName: "Admin Co" });
    expect(await updateSponsorProfile(t.db, { kind: "anonymous" }, { companyName: "X" })).toMatchObject({ ok: false, status: 401 });
    expect(await updateSponsorProfile(t.db, admin, { companyName: "X" })).toEqual({ ok: false, status: 403, message: ADMIN_REFUSED_MESSAGE });
    expect(await sponsorRow(admin.userId)).toMatchObject({ companyName: "Admin Co" });
  });

  it("refuses invalid fields with the reason, and changes nothing", async () => {
    await updateSponsorProfile(t.db, me, { companyName: "Before" });
    const result = await updateSponsorProfile(t.db, me, { companyName: "After", phoneNumber: "not a phone" });
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: "Phone number may contain only digits, spaces and + ( ) - .",
      fieldErrors: { phoneNumber: ["Phone number may contain only digits, spaces and + ( ) - ."] },
    });
    expect(await sponsorRow(me.userId)).toMatchObject({ companyName: "Before" });
  });

  it("says so when the customer has no sponsor record", async () => {
    const orphan = await insertCustomer(t.db, { sponsor: false });
    expect(await updateSponsorProfile(t.db, orphan, { companyName: "X" })).toMatchObject({ ok: false, status: 404 });
    expect(await getSponsorProfile(t.db, orphan)).toBeNull();
  });

  it("reads the profile with its tier (annual price in cents) or without one", async () => {
    expect(await getSponsorProfile(t.db, neighbour)).toMatchObject({ companyName: "Neighbour Co", tier: null });
    const tier = await insertTier(t.db, { name: "Guardian Test", description: "Two hives.", priceAnnual: "1104.50" });
    await t.db.update(sponsors).set({ tierId: tier.id }).where(eq(sponsors.userId, neighbour.userId));
    const profile = await getSponsorProfile(t.db, neighbour);
    expect(profile?.tier).toEqual({ name: "Guardian Test", description: "Two hives.", annualPriceCents: 110_450 });
    expect(profile?.createdAt).toBeInstanceOf(Date);
  });

  it("says which tier a request still pending is for, until a tier is theirs", async () => {
    const newcomer = await insertCustomer(t.db);
    expect(await getSponsorProfile(t.db, newcomer)).toMatchObject({ tier: null, pendingTier: null });
    const guardian = await insertTier(t.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}` });
    await insertAdoption(t.db, newcomer, guardian.id, { status: "cancelled" });
    expect(await getSponsorProfile(t.db, newcomer)).toMatchObject({ pendingTier: null });
    await insertAdoption(t.db, newcomer, guardian.id, { status: "pending", createdAt: new Date(Date.now() - 60_000) });
    expect(await getSponsorProfile(t.db, newcomer)).toMatchObject({ tier: null, pendingTier: guardian.name });
    // Of two requests still pending, the latest; another sponsor's never.
    const steward = await insertTier(t.db, { name: `Steward ${crypto.randomUUID().slice(0, 6)}` });
    await insertAdoption(t.db, newcomer, steward.id, { status: "pending" });
    expect(await getSponsorProfile(t.db, newcomer)).toMatchObject({ pendingTier: steward.name });
    expect(await getSponsorProfile(t.db, neighbour)).toMatchObject({ pendingTier: null });
    // Once a tier is theirs, the request is no longer mentioned.
    await t.db.update(sponsors).set({ tierId: guardian.id }).where(eq(sponsors.userId, newcomer.userId));
    expect(await getSponsorProfile(t.db, newcomer)).toMatchObject({ tier: { name: guardian.name }, pendingTier: null });
  });
});
