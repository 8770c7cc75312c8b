import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertCustomer } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { listMyAdoptions } from "./my-adoptions.server";

describe.each(testEngines())("a customer's hive adoptions on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  it("lists only the customer's own, newest first, priced by their plan", async () => {
    const tier = await insertTier(t.db, { name: "Forager Test", priceMonthly: "25.00", priceAnnual: "276.50" });
    const me = await insertCustomer(t.db);
    const other = await insertCustomer(t.db);
    const monthly = await insertAdoption(t.db, me, tier.id, { createdAt: at(20), startDate: "2026-03-05" });
    const annual = await insertAdoption(t.db, me, tier.id, { paymentFrequency: "annual", hiveName: "Queen Bea", status: "active", createdAt: at(10) });
    await insertAdoption(t.db, other, tier.id, { hiveName: "Not Mine", createdAt: at(1) });

    const mine = await listMyAdoptions(t.db, me);
    expect(mine.map((a) => a.id)).toEqual([annual.id, monthly.id]);
    expect(mine[0]).toMatchObject({ name: "Queen Bea", tierName: "Forager Test", paymentFrequency: "annual", status: "active", priceCents: 27_650 });
    expect(mine[1]).toEqual({
      id: monthly.id,
      name: "Forager Test",
      tierName: "Forager Test",
      paymentFrequency: "monthly",
      status: "pending",
      startDate: "2026-03-05",
      priceCents: 2_500,
    });
    expect((await listMyAdoptions(t.db, other)).map((a) => a.name)).toEqual(["Not Mine"]);
  });

  it("gives nothing to anonymous visitors", async () => {
    expect(await listMyAdoptions(t.db, { kind: "anonymous" })).toEqual([]);
  });
});
