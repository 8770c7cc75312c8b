import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import { parseListParams } from "~/platform/list-params";
import { hiveTiers, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { AddTierSchema, perksOf, TIER_MESSAGES } from "./hive-tiers.schema";
import { hiveTiersScreen } from "./hive-tiers.screen";
import { addTier, capacityBelowTaken, deleteTier, duplicateTierName, listTiers, tierInUse, updateTier } from "./hive-tiers.server";

describe("the tier form", () => {
  it("keeps one perk per line, trimmed, blank lines dropped", () => {
    expect(perksOf("  Honey jar \n\n\r\nHive visit\n   \nName your hive")).toEqual(["Honey jar", "Hive visit", "Name your hive"]);
  });

  it("has the spec's defaults: active only when ticked, display order 0, prices 0, no limit", () => {
    expect(AddTierSchema.parse({ name: "Worker" })).toEqual({ name: "Worker", description: "", priceMonthly: "0", priceAnnual: "0", perks: [], honeyShareKg: null, maxAdoptions: null, displayOrder: 0, isActive: false });
    expect(AddTierSchema.parse({ name: "Worker", priceMonthly: "", maxAdoptions: " ", displayOrder: "", isActive: "on" })).toMatchObject({ priceMonthly: "0", maxAdoptions: null, displayOrder: 0, isActive: true });
  });

  it("keeps numbers as decimal text: no floating point on the way to the database", () => {
    expect(AddTierSchema.parse({ name: "Queen", priceMonthly: "22.55", priceAnnual: "249.9", honeyShareKg: "0.5", maxAdoptions: "12" })).toMatchObject({ priceMonthly: "22.55", priceAnnual: "249.9", honeyShareKg: "0.5", maxAdoptions: 12 });
    const refused = AddTierSchema.safeParse({ name: "", priceMonthly: "1e3", priceAnnual: "-1", honeyShareKg: "lots", maxAdoptions: "0", displayOrder: "1.5" });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      name: TIER_MESSAGES.name,
      priceMonthly: TIER_MESSAGES.monthly,
      priceAnnual: TIER_MESSAGES.annual,
      honeyShareKg: TIER_MESSAGES.honey,
      maxAdoptions: TIER_MESSAGES.maxAdoptions,
      displayOrder: TIER_MESSAGES.displayOrder,
    });
  });
});

describe.each(testEngines())("Hive Tiers commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;
  const form = (changes: Record<string, string> = {}) => ({ name: unique("Guardian"), description: "Protect a colony", priceMonthly: "25", priceAnnual: "270.00", perks: "Honey jar\n\nHive visit", honeyShareKg: "1.5", maxAdoptions: "", displayOrder: "2", isActive: "on", ...changes });
  const tierOf = async (id: string) => (await t.db.select().from(hiveTiers).where(eq(hiveTiers.id, id)))[0]!;

  it("refuses a customer and a staff role without the flag", async () => {
    const viewer = await insertStaff(t.db, { hive_tiers: ["view"] });
    await expect(listTiers(as(await insertCustomer(t.db)), parseListParams(new URLSearchParams(), hiveTiersScreen.list))).rejects.toThrow(ForbiddenError);
    await expect(listTiers(as(viewer), parseListParams(new URLSearchParams(), hiveTiersScreen.list))).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(addTier(as(viewer), form())).rejects.toThrow("You don't have permission to add hive tiers.");
    await expect(updateTier(as(viewer), { id: crypto.randomUUID(), ...form() })).rejects.toThrow("You don't have permission to change hive tiers.");
    await expect(deleteTier(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete hive tiers.");
    const editor = await insertStaff(t.db, { hive_tiers: ["view", "create"] });
    expect(await addTier(as(editor), form())).toMatchObject({ ok: true });
  });

  it("adds a tier with its perks and decimals as given, records it, and refuses a second of the same name", async () => {
    const admin = await insertUser(t.db);
    const fields = form({ priceMonthly: "22.55", priceAnnual: "249.9" });
    const added = await addTier(as(admin), fields);
    expect(added).toMatchObject({ ok: true, toast: { title: "Tier added" } });
    const id = added.ok ? added.value.id : "";
    expect(await tierOf(id)).toMatchObject({ name: fields.name, priceMonthly: "22.55", priceAnnual: "249.90", honeyShareKg: "1.50", perks: ["Honey jar", "Hive visit"], maxAdoptions: null, displayOrder: 2, isActive: true });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, id));
    expect(audit).toMatchObject({ eventType: "record_created", module: "hive_tiers", userId: admin.userId, eventDetails: { label: fields.name }, after: { priceMonthly: "22.55", perks: ["Honey jar", "Hive visit"] } });
    expect(await addTier(as(admin), { ...form(), name: fields.name })).toMatchObject({ ok: false, status: 409, fieldErrors: { name: [duplicateTierName(fields.name)] } });
  });

  it("lists in display order, searches by name, and counts the places taken", async () => {
    const admin = await insertUser(t.db);
    const tag = crypto.randomUUID().slice(0, 6);
    const second = await insertTier(t.db, { name: `Order ${tag} B`, displayOrder: 1, maxAdoptions: 3 });
    await insertTier(t.db, { name: `Order ${tag} A`, displayOrder: 5 });
    const sponsor = await insertCustomer(t.db);
    await insertAdoption(t.db, sponsor, second.id, { status: "active" });
    await insertAdoption(t.db, sponsor, second.id, { status: "pending" });
    await insertAdoption(t.db, sponsor, second.id, { status: "cancelled" });
    const { rows } = await listTiers(as(admin), parseListParams(new URLSearchParams({ q: `Order ${tag}` }), hiveTiersScreen.list));
    expect(rows.map((row) => [row.name, row.taken, row.maxAdoptions])).toEqual([
      [`Order ${tag} B`, 2, 3],
      [`Order ${tag} A`, 0, null],
    ]);
  });

  it("refuses max adoptions below the places taken, with the count; saving unchanged writes nothing", async () => {
    const admin = await insertUser(t.db);
    const tier = await insertTier(t.db, { maxAdoptions: 5 });
    const sponsor = await insertCustomer(t.db);
    for (const status of ["active", "active", "pending", "expired"] as const) await insertAdoption(t.db, sponsor, tier.id, { status });
    const base = { id: tier.id, name: tier.name, description: tier.description, priceMonthly: tier.priceMonthly, priceAnnual: tier.priceAnnual, perks: tier.perks.join("\n"), honeyShareKg: tier.honeyShareKg ?? "", maxAdoptions: "5", displayOrder: String(tier.displayOrder), isActive: "on" };
    expect(await updateTier(as(admin), base)).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    const refused = await updateTier(as(admin), { ...base, maxAdoptions: "2" });
    expect(refused).toMatchObject({ ok: false, status: 409, message: capacityBelowTaken(tier.name, 3), fieldErrors: { maxAdoptions: [capacityBelowTaken(tier.name, 3)] } });
    expect(capacityBelowTaken(tier.name, 3)).toContain("3 pending or active adoptions: max adoptions cannot be lower than 3");
    expect((await tierOf(tier.id)).maxAdoptions).toBe(5);
    expect(await updateTier(as(admin), { ...base, maxAdoptions: "3", isActive: "" })).toMatchObject({ ok: true, toast: { title: "Tier updated" } });
    expect(await tierOf(tier.id)).toMatchObject({ maxAdoptions: 3, isActive: false });
    expect(await updateTier(as(admin), { ...base, maxAdoptions: "" })).toMatchObject({ ok: true });
    expect((await tierOf(tier.id)).maxAdoptions).toBeNull();
  });

  it("refuses to delete a tier adoptions refer to, saying to deactivate it; deletes an unused one", async () => {
    const admin = await insertUser(t.db);
    const used = await insertTier(t.db);
    await insertAdoption(t.db, await insertCustomer(t.db), used.id, { status: "cancelled" });
    expect(await deleteTier(as(admin), { id: used.id })).toMatchObject({ ok: false, status: 409, message: tierInUse(used.name, 1) });
    expect(tierInUse(used.name, 1)).toContain("Deactivate it instead");
    const unused = await insertTier(t.db);
    expect(await deleteTier(as(admin), { id: unused.id })).toMatchObject({ ok: true, toast: { title: "Tier deleted" } });
    expect(await t.db.select().from(hiveTiers).where(eq(hiveTiers.id, unused.id))).toEqual([]);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, unused.id));
    expect(audit).toMatchObject({ eventType: "record_deleted", before: { name: unused.name } });
    expect(await deleteTier(as(admin), { id: unused.id })).toMatchObject({ ok: false, status: 404 });
  });
});
