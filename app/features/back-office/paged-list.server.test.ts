import { asc, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets, locations } from "~/platform/db/schema";
import { insertAsset, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { parseListParams } from "~/platform/list-params";
import { pagedList } from "./paged-list.server";

describe.each(testEngines())("a paged list on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  const params = (page: number) => parseListParams(new URLSearchParams(`page=${page}`), { sorts: ["name"], defaultSort: { id: "name", dir: "asc" } });

  it("reads the page asked for, in order, and counts the whole list through the same joins and filter", async () => {
    const prefix = `Paged ${crypto.randomUUID().slice(0, 8)}`;
    const [north, south] = [await insertLocation(t.db, { name: `${prefix} North` }), await insertLocation(t.db, { name: `${prefix} South` })];
    for (let n = 0; n < 30; n++) await insertAsset(t.db, n % 3 === 0 ? south.id : north.id, { name: `${prefix} ${String(n).padStart(2, "0")}` });
    // Two columns of one name from two tables, and a column computed in SQL, as the screens' lists have.
    const list = (where = like(assets.name, `${prefix}%`), page = params(1), batch?: { limit: number; offset: number }) =>
      pagedList(
        t.db,
        {
          select: () => t.db.select({ name: assets.name, location: locations.name, shout: sql<string>`upper(${assets.name})` }).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)),
          where,
          orderBy: [desc(locations.name), asc(assets.name)],
        },
        page,
        batch,
      );

    const first = await list();
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(25);
    // South's ten first (the order asked for), then North's, each by name.
    expect(first.rows.slice(0, 11).map((row) => row.name.slice(-2))).toEqual(["00", "03", "06", "09", "12", "15", "18", "21", "24", "27", "01"]);
    expect(first.rows[0]).toEqual({ name: `${prefix} 00`, location: south.name, shout: `${prefix} 00`.toUpperCase() });

    const second = await list(undefined, params(2));
    expect(second).toMatchObject({ total: 30 });
    expect(second.rows.map((row) => row.name.slice(-2))).toEqual(["23", "25", "26", "28", "29"]);
    // A page past the end is empty, and still says how many there are.
    expect(await list(undefined, params(3))).toEqual({ rows: [], total: 30 });
    // The export's batches: any window of the same order.
    expect((await list(undefined, params(1), { limit: 3, offset: 10 })).rows.map((row) => row.name.slice(-2))).toEqual(["01", "02", "04"]);
    // The filter narrows the count as it narrows the rows.
    const southOnly = await list(eq(locations.id, south.id));
    expect(southOnly.total).toBe(10);
    expect(southOnly.rows.every((row) => row.location === south.name)).toBe(true);
  });
});
