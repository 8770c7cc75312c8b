import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActiveTiers } from "~/features/catalog/active-tiers.server";
import { hiveTiers } from "~/platform/db/schema";
import { insertCustomer } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { ADOPTION_STATUSES } from "./adoption-options";
import { hasRoom, holdsPlace, isFull, placesTaken, placesTakenOfTier } from "./tier-places.server";

describe("which adoptions hold a place", () => {
  it("pending and active ones; cancelled and expired ones free it", () => {
    expect(ADOPTION_STATUSES.filter(holdsPlace)).toEqual(["pending", "active"]);
  });

  it("a tier is full once its places are all taken, and never without max adoptions", () => {
    expect(isFull({ maxAdoptions: 2 }, 1)).toBe(false);
    expect(isFull({ maxAdoptions: 2 }, 2)).toBe(true);
    expect(isFull({ maxAdoptions: null }, 1000)).toBe(false);
  });
});

describe.each(testEngines())("places taken in a tier on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("counts the same adoptions in every form the rule takes: the count, the SQL of a select, the public list", async () => {
    const customer = await insertCustomer(t.db);
    for (const status of ADOPTION_STATUSES) {
      const tier = await insertTier(t.db, { maxAdoptions: 1 });
      const adoption = await insertAdoption(t.db, customer, tier.id, { status });
      const held = holdsPlace(status) ? 1 : 0;
      expect(await placesTaken(t.db, tier.id), status).toBe(held);
      expect(await hasRoom(t.db, tier), status).toBe(held === 0);
      const [row] = await t.db.select({ taken: placesTakenOfTier }).from(hiveTiers).where(eq(hiveTiers.id, tier.id));
      expect(row?.taken, status).toBe(held);
      expect((await listActiveTiers(t.db)).find((x) => x.id === tier.id)?.isFull, status).toBe(held === 1);
      // The adoption being changed does not count against itself.
      expect(await placesTaken(t.db, tier.id, adoption.id), status).toBe(0);
      expect(await hasRoom(t.db, tier, adoption.id), status).toBe(true);
    }
  });

  it("counts only the tier's own adoptions, and leaves a tier without max adoptions always open", async () => {
    const customer = await insertCustomer(t.db);
    const small = await insertTier(t.db, { maxAdoptions: 2 });
    const open = await insertTier(t.db, { maxAdoptions: null });
    await insertAdoption(t.db, customer, small.id, { status: "active" });
    for (let i = 0; i < 3; i++) await insertAdoption(t.db, customer, open.id, { status: "pending" });
    expect(await placesTaken(t.db, small.id)).toBe(1);
    expect(await hasRoom(t.db, small)).toBe(true);
    await insertAdoption(t.db, customer, small.id, { status: "pending" });
    expect(await hasRoom(t.db, small)).toBe(false);
    expect(await placesTaken(t.db, open.id)).toBe(3);
    expect(await hasRoom(t.db, open)).toBe(true);
  });
});
