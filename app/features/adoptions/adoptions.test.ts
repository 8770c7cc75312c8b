import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/features/accounts/actor";
import { STAFF_AT_CUSTOMER_DOOR } from "~/features/accounts/customer-door";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { activeTiersForEveryPage, listActiveTiers } from "~/features/catalog/active-tiers.server";
import { hiveAdoptions, hiveTiers, outboxMessages } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { createAdoption } from "./adoptions.server";
import { TIER_NOT_AVAILABLE, tierFullMessage } from "./messages";

describe.each(testEngines())("hive adoptions on $name", (engine) => {
  let t: TestDatabase;
  let platform: Platform;

  beforeAll(async () => {
    t = await engine.open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t.dispose());

  it("stores a pending adoption with the chosen plan and queues the confirmation with the tier's price for that plan", async () => {
    const tier = await insertTier(t.db, { name: "Guardian Test", priceMonthly: "54.25", priceAnnual: "599.00" });
    const customer = await insertCustomer(t.db);
    const result = await createAdoption(platform, customer, { tierId: tier.id, paymentFrequency: "annual", paymentMethod: "crypto", hiveName: "  Queen Mab " });
    if (!result.ok) throw new Error(result.message);
    const [row] = await t.db.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, result.value.id));
    expect(row).toMatchObject({ userId: customer.userId, email: customer.email, status: "pending", paymentFrequency: "annual", paymentMethod: "crypto", hiveName: "Queen Mab", totalPaid: "0.00" });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `adoption-confirmation:${result.value.id}`));
    expect(mail?.to).toBe(customer.email);
    expect(mail?.text).toContain("Guardian Test");
    expect(mail?.text).toContain("$599 per year");
    expect(mail?.text).toContain("Queen Mab");
    expect(mail?.text).toContain("Honey share");
  });

  it("defaults to monthly by credit card without a hive name", async () => {
    const tier = await insertTier(t.db, { priceMonthly: "22.55" });
    const customer = await insertCustomer(t.db);
    const result = await createAdoption(platform, customer, { tierId: tier.id });
    if (!result.ok) throw new Error(result.message);
    const [row] = await t.db.select().from(hiveAdoptions).where(eq(hiveAdoptions.id, result.value.id));
    expect(row).toMatchObject({ paymentFrequency: "monthly", paymentMethod: "credit_card", hiveName: null });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `adoption-confirmation:${result.value.id}`));
    expect(mail?.text).toContain("$22.55 per month");
  });

  it("refuses visitors who are not signed in, admins, inactive or unknown tiers, and a missing tier", async () => {
    const tier = await insertTier(t.db);
    const inactive = await insertTier(t.db, { isActive: false });
    const customer = await insertCustomer(t.db);
    expect(await createAdoption(platform, anonymous, { tierId: tier.id })).toEqual({ ok: false, status: 401, message: "You need to be signed in to adopt a hive." });
    expect(await createAdoption(platform, await insertUser(t.db), { tierId: tier.id })).toEqual({ ok: false, status: 403, message: STAFF_AT_CUSTOMER_DOOR.adoption });
    expect(await createAdoption(platform, customer, { tierId: inactive.id })).toEqual({ ok: false, status: 400, message: TIER_NOT_AVAILABLE });
    expect(await createAdoption(platform, customer, { tierId: crypto.randomUUID() })).toEqual({ ok: false, status: 400, message: TIER_NOT_AVAILABLE });
    expect(await createAdoption(platform, customer, { tierId: "" })).toEqual({
      ok: false,
      status: 400,
      title: "Select a tier",
      message: "Please select an adoption tier",
      fieldErrors: { tierId: ["Please select an adoption tier"] },
    });
    expect(await createAdoption(platform, customer, { tierId: tier.id, paymentMethod: "gold" as never })).toMatchObject({ ok: false, status: 400, title: "Validation Error", fieldErrors: { paymentMethod: [expect.any(String)] } });
  });

  it("enforces max_adoptions, even under a race, and frees a place when an adoption is cancelled", async () => {
    const tier = await insertTier(t.db, { name: "Tiny Tier", maxAdoptions: 2 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => insertCustomer(t.db)));
    const results = await Promise.all(customers.map((c) => createAdoption(platform, c, { tierId: tier.id })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok)).toEqual(Array(6).fill({ ok: false, status: 409, message: tierFullMessage("Tiny Tier") }));
    expect((await listActiveTiers(t.db)).find((x) => x.id === tier.id)?.isFull).toBe(true);

    const first = results.find((r) => r.ok)!;
    await t.db.update(hiveAdoptions).set({ status: "cancelled" }).where(eq(hiveAdoptions.id, first.ok ? first.value.id : ""));
    expect((await listActiveTiers(t.db)).find((x) => x.id === tier.id)?.isFull).toBe(false);
    expect((await createAdoption(platform, customers[7]!, { tierId: tier.id })).ok).toBe(true);
  });

  it("keeps the pages' tiers only until a tier or an adoption changes", async () => {
    const tier = await insertTier(t.db, { name: "Kept Tier", maxAdoptions: 1 });
    const kept = async () => (await activeTiersForEveryPage(platform)).find((x) => x.id === tier.id);
    expect(await kept()).toMatchObject({ name: "Kept Tier", isFull: false });
    // Asked again without a change: the same list, not read again.
    expect(await activeTiersForEveryPage(platform)).toBe(await activeTiersForEveryPage(platform));

    const adoption = await createAdoption(platform, await insertCustomer(t.db), { tierId: tier.id });
    if (!adoption.ok) throw new Error(adoption.message);
    expect((await kept())?.isFull).toBe(true);
    await t.db.update(hiveAdoptions).set({ status: "cancelled" }).where(eq(hiveAdoptions.id, adoption.value.id));
    expect((await kept())?.isFull).toBe(false);
    await t.db.update(hiveTiers).set({ name: "Renamed Tier" }).where(eq(hiveTiers.id, tier.id));
    expect((await kept())?.name).toBe("Renamed Tier");
    await t.db.update(hiveTiers).set({ isActive: false }).where(eq(hiveTiers.id, tier.id));
    expect(await kept()).toBeUndefined();
  });

  it("lists active tiers in display order with the annual saving", async () => {
    await insertTier(t.db, { name: "Zz Hidden", isActive: false, displayOrder: 0 });
    const tiers = await listActiveTiers(t.db);
    expect(tiers.map((x) => x.name)).not.toContain("Zz Hidden");
    const guardian = tiers.find((x) => x.name === "Guardian Test");
    expect(guardian).toMatchObject({ monthlyCents: 5425, annualCents: 59900, annualSavingPercent: 8 });
  });
});
