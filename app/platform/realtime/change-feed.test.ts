import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { menuItems, pages } from "../db/schema";
import { ChangeFeed, type FeedEvent } from "./change-feed.server";

function nextEvent(feed: ChangeFeed, predicate: (e: FeedEvent) => boolean, timeoutMs = 5_000) {
  return new Promise<FeedEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no matching event")), timeoutMs);
    const stop = feed.subscribe((event) => {
      if (!predicate(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

describe.each(testEngines())("change feed on $name", ({ name, open }) => {
  let t: TestDatabase;
  let feed: ChangeFeed;
  beforeAll(async () => {
    t = await open();
    feed = new ChangeFeed();
    await feed.start(t);
  });
  afterAll(async () => {
    await feed?.stop();
    await t?.dispose();
  });

  it("announces inserts, updates and deletes of live tables once committed", async () => {
    const inserted = nextEvent(feed, (e) => e.kind === "change" && e.change.table === "menu_items");
    await t.db.insert(menuItems).values({ label: "Live", path: "/live", displayOrder: 1 });
    expect(await inserted).toMatchObject({ kind: "change", change: { table: "menu_items", op: "INSERT" } });

    const updated = nextEvent(feed, (e) => e.kind === "change" && e.change.op === "UPDATE");
    await t.db.update(menuItems).set({ isVisible: false });
    expect(await updated).toMatchObject({ change: { table: "menu_items" } });

    const deleted = nextEvent(feed, (e) => e.kind === "change" && e.change.table === "pages");
    await t.db.insert(pages).values({ slug: "gone", title: "Gone" });
    await deleted;
    const pageDeleted = nextEvent(feed, (e) => e.kind === "change" && e.change.op === "DELETE");
    await t.db.delete(pages);
    expect(await pageDeleted).toMatchObject({ change: { table: "pages", op: "DELETE" } });
  });

  it("says nothing about a rolled-back change", async () => {
    const seen: FeedEvent[] = [];
    const stop = feed.subscribe((e) => seen.push(e));
    await t.db
      .transaction(async (tx) => {
        await tx.insert(menuItems).values({ label: "Never", path: "/never", displayOrder: 2 });
        tx.rollback();
      })
      .catch(() => {});
    const marker = nextEvent(feed, (e) => e.kind === "change" && e.change.table === "menu_items");
    await t.db.insert(menuItems).values({ label: "After", path: "/after", displayOrder: 3 });
    await marker;
    stop();
    expect(seen.filter((e) => e.kind === "change")).toHaveLength(1);
  });

  it("replays what a reconnecting client missed, or asks it to resync", async () => {
    const before = feed.lastId;
    const done = nextEvent(feed, (e) => e.kind === "change" && e.change.table === "menu_items");
    await t.db.insert(menuItems).values({ label: "Missed", path: "/missed", displayOrder: 4 });
    await done;
    const replay = feed.since(before);
    expect(replay.map((e) => e.kind)).toEqual(["change"]);
    expect(feed.since("another-instance-3")).toEqual([expect.objectContaining({ kind: "resync" })]);
    expect(feed.since(feed.lastId)).toEqual([]);
  });

  it.runIf(name === "postgres")("reconnects its LISTEN connection after it is cut, and asks clients to resync", async () => {
    const resync = nextEvent(feed, (e) => e.kind === "resync", 15_000);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await resync;
    const after = nextEvent(feed, (e) => e.kind === "change" && e.change.table === "menu_items");
    await t.db.insert(menuItems).values({ label: "Back", path: "/back", displayOrder: 5 });
    await after;
  });
});
