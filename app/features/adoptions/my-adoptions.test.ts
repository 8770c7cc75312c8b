import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertCustomer } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { paymentHistory } from "~/platform/db/schema";
import { listMyAdoptions } from "./my-adoptions.server";

const urls = { url: (key: string) => `/uploads/${key}` };

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

    const mine = await listMyAdoptions(t.db, me, urls);
    expect(mine.map((a) => a.id)).toEqual([annual.id, monthly.id]);
    expect(mine[0]).toMatchObject({ name: "Queen Bea", tierName: "Forager Test", paymentFrequency: "annual", status: "active", priceCents: 27_650 });
    expect(mine[1]).toEqual({
      id: monthly.id,
      name: "Forager Test",
      tierName: "Forager Test",
      paymentFrequency: "monthly",
      status: "pending",
      startDate: "2026-03-05",
      endDate: null,
      priceCents: 2_500,
      totalPaidCents: 0,
      hive: null,
      updates: [],
      payments: [],
    });
    expect((await listMyAdoptions(t.db, other, urls)).map((a) => a.name)).toEqual(["Not Mine"]);
  });

  it("shows each adoption's total paid and its payments, newest first", async () => {
    const tier = await insertTier(t.db);
    const me = await insertCustomer(t.db);
    const adoption = await insertAdoption(t.db, me, tier.id, { status: "active", totalPaid: "45.50", endDate: "2027-03-01" });
    const other = await insertAdoption(t.db, await insertCustomer(t.db), tier.id);
    await t.db.insert(paymentHistory).values([
      { adoptionId: adoption.id, amount: "20.50", paymentMethod: "cash", paymentDate: "2026-04-01" },
      { adoptionId: adoption.id, amount: "25.00", paymentMethod: "credit_card", paymentDate: "2026-05-01" },
      { adoptionId: other.id, amount: "99.00", paymentMethod: "crypto", paymentDate: "2026-05-02" },
    ]);
    const [mine] = await listMyAdoptions(t.db, me, urls);
    expect(mine).toMatchObject({ endDate: "2027-03-01", totalPaidCents: 4_550 });
    expect(mine!.payments.map((payment) => [payment.paymentDate, payment.amountCents, payment.paymentMethod])).toEqual([
      ["2026-05-01", 2_500, "credit_card"],
      ["2026-04-01", 2_050, "cash"],
    ]);
  });

  it("gives nothing to anonymous visitors", async () => {
    expect(await listMyAdoptions(t.db, { kind: "anonymous" }, urls)).toEqual([]);
  });
});
