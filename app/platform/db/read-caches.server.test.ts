import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { waitFor } from "../../../tests/setup/smtp-sink";
import { ChangeFeed } from "../realtime/change-feed.server";
import { openDatabase } from "./client.server";
import { readThrough, ReadCaches, type Kept } from "./read-caches.server";
import { menuItems } from "./schema";
import { noteFailedRead, withTableAccess } from "./table-access";

type Labels = string[];

describe.each(testEngines())("read caches on $name", ({ open }) => {
  let t: TestDatabase;
  let changes: ChangeFeed;
  let caches: ReadCaches;
  let loads = 0;
  const labels = async (): Promise<Labels> => {
    loads += 1;
    return (await t.db.select({ label: menuItems.label }).from(menuItems)).map((row) => row.label);
  };
  const cache = () => caches.cache<Kept<Labels>>("labels", { maxEntries: 10, maxAgeMs: 60_000 });

  beforeAll(async () => {
    t = await open();
    await t.db.insert(menuItems).values({ label: "Blog", path: "/blog", displayOrder: 1, isVisible: true });
  });
  afterAll(() => t?.dispose());
  beforeEach(() => {
    loads = 0;
    changes = new ChangeFeed(pino({ level: "silent" }));
    caches = new ReadCaches(t, changes);
  });
  afterEach(async () => {
    caches.stop();
    await changes.stop();
  });

  it("keeps a value until this process writes a table it read, whatever code writes it", async () => {
    expect(await readThrough(cache(), "all", labels)).toContain("Blog");
    expect(await readThrough(cache(), "all", labels)).toContain("Blog");
    expect(loads).toBe(1);
    // A write to a table it did not read changes nothing.
    await t.db.execute(sql`update posts set title = title where false`);
    await readThrough(cache(), "all", labels);
    expect(loads).toBe(1);
    await t.db.update(menuItems).set({ label: "Journal" }).where(eq(menuItems.label, "Blog"));
    expect(await readThrough(cache(), "all", labels)).toContain("Journal");
    expect(loads).toBe(2);
    await t.db.update(menuItems).set({ label: "Blog" }).where(eq(menuItems.label, "Journal"));
  });

  it("counts a kept value's tables as read by the work in progress, so a cached page still depends on them", async () => {
    await readThrough(cache(), "all", labels);
    const { access } = await withTableAccess(() => readThrough(cache(), "all", labels));
    expect(loads).toBe(1);
    expect([...access.reads]).toEqual(["menu_items"]);
  });

  it("does not keep a value whose table changed while it was being read", async () => {
    const changedMeanwhile = async () => {
      const value = await labels();
      await t.db.update(menuItems).set({ path: "/blog" }).where(eq(menuItems.label, "Blog"));
      return value;
    };
    await readThrough(cache(), "all", changedMeanwhile);
    await readThrough(cache(), "all", labels);
    expect(loads).toBe(2);
  });

  it("does not keep what was made without one of its reads, nor what its maker says not to keep", async () => {
    const withFailedRead = async () => {
      noteFailedRead();
      return labels();
    };
    await readThrough(cache(), "failed", withFailedRead);
    await readThrough(cache(), "failed", withFailedRead);
    expect(loads).toBe(2);
    await readThrough(cache(), "refused", labels, { keepFor: () => undefined });
    await readThrough(cache(), "refused", labels, { keepFor: () => undefined });
    expect(loads).toBe(4);
  });

  it("drops a value after the age its maker gave, and on a resync", async () => {
    await readThrough(cache(), "brief", labels, { keepFor: () => 30 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await readThrough(cache(), "brief", labels);
    expect(loads).toBe(2);
    await readThrough(cache(), "brief", labels);
    expect(loads).toBe(2);
    changes.announceResync();
    await readThrough(cache(), "brief", labels);
    expect(loads).toBe(3);
  });

  it("drops a value when another instance commits a change to a table it read", async () => {
    await changes.start(t);
    await readThrough(cache(), "all", labels);
    // Another instance on PostgreSQL; the embedded database has no other, only the notice one would send.
    const other = t.url ? await openDatabase({ databaseUrl: t.url }) : undefined;
    try {
      if (other) await other.db.update(menuItems).set({ path: "/blog" }).where(eq(menuItems.label, "Blog"));
      else await t.db.execute(sql`select pg_notify('apiary_changes', '{"table":"menu_items","op":"UPDATE"}')`);
      await waitFor(async () => (await readThrough(cache(), "all", labels), loads === 2), "the change heard through the feed", 2_000);
    } finally {
      await other?.close();
    }
  });
});
