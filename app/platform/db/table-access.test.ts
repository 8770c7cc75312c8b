import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menuItems, posts } from "./schema";
import { tablesOf, withTableAccess } from "./table-access";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";

describe("which tables a statement touches", () => {
  it("reads through FROM and JOIN, quoted or not; writes through INSERT, UPDATE and DELETE", () => {
    expect(tablesOf(`select "id" from "posts" left join "uploads" on "uploads"."id" = "posts"."image_id"`)).toEqual({ reads: ["posts", "uploads"], writes: [] });
    expect(tablesOf("select count(*) from bookings b join assets a on a.id = b.asset_id")).toEqual({ reads: ["bookings", "assets"], writes: [] });
    expect(tablesOf("select n.x from assets a left join lateral (select 1 as x from asset_nights where asset_id = a.id) n on true").reads).toEqual(["assets", "asset_nights"]);
    expect(tablesOf(`insert into "menu_items" ("label") values ($1)`).writes).toEqual(["menu_items"]);
    expect(tablesOf(`update "pages" set "title" = $1`).writes).toEqual(["pages"]);
    expect(tablesOf(`delete from "posts" where "id" = $1`).writes).toEqual(["posts"]);
    expect(tablesOf(`with moved as (update "bookings" set "status" = 'cancelled' returning 1) select count(*) from moved`).writes).toEqual(["bookings"]);
  });
});

describe.each(testEngines())("the tables a piece of work touched ($name)", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("are those its queries named, through Drizzle, raw SQL and transactions alike", async () => {
    const [post] = await t.db.insert(posts).values({ title: "Table access", slug: "table-access" }).returning({ id: posts.id });
    const { value, access } = await withTableAccess(async () => {
      const rows = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.id, post!.id));
      await t.db.transaction(async (tx) => {
        await tx.update(menuItems).set({ label: "Visit" }).where(eq(menuItems.label, "no such item"));
      });
      return rows;
    });
    expect(value).toEqual([{ id: post!.id }]);
    expect([...access.reads]).toContain("posts");
    expect([...access.writes]).toEqual(["menu_items"]);
  });

  it("are each piece of work's own when several run at once", async () => {
    const [a, b] = await Promise.all([
      withTableAccess(() => t.db.select({ id: posts.id }).from(posts).limit(1)),
      withTableAccess(() => t.db.select({ id: menuItems.id }).from(menuItems).limit(1)),
    ]);
    expect([...a.access.reads]).toEqual(["posts"]);
    expect([...b.access.reads]).toEqual(["menu_items"]);
  });
});
