import { inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, sessions, verifications } from "~/platform/db/schema";
import { insertSession, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { HOUSEKEEPING_LOCK, pruneSpentSignInRows } from "./housekeeping.server";
import { SESSION_ABSOLUTE_MS } from "./session-lifetimes";

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(testEngines())("sign-in housekeeping on $name", ({ name, open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("removes what can no longer sign anyone in, after its retention, and keeps the rest", async () => {
    const user = await insertUser(t.db);
    const live = await insertSession(t.db, user.userId);
    const idle = await insertSession(t.db, user.userId);
    const tooOld = await insertSession(t.db, user.userId, { createdAt: ago(SESSION_ABSOLUTE_MS + HOUR) });
    await t.db.update(sessions).set({ expiresAt: ago(HOUR) }).where(inArray(sessions.id, [idle.id]));

    const tag = crypto.randomUUID();
    await t.db.insert(verifications).values([
      { id: `${tag}-fresh`, identifier: tag, value: "v", expiresAt: new Date(Date.now() + HOUR) },
      { id: `${tag}-last-night`, identifier: tag, value: "v", expiresAt: ago(2 * HOUR) },
      { id: `${tag}-last-week`, identifier: tag, value: "v", expiresAt: ago(7 * 24 * HOUR) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: `${tag}:now`, count: 3, windowStart: ago(HOUR) },
      { key: `${tag}:old`, count: 9, windowStart: ago(25 * HOUR) },
    ]);

    const pruned = await pruneSpentSignInRows(t.db);
    expect(pruned).not.toBe("skipped");
    if (pruned === "skipped") return;
    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    expect(pruned.verifications).toBeGreaterThanOrEqual(1);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);

    const left = (await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, [live.id, idle.id, tooOld.id]))).map((row) => row.id);
    expect(left).toEqual([live.id]);
    expect((await t.db.select({ id: verifications.id }).from(verifications).where(like(verifications.id, `${tag}%`))).map((row) => row.id).sort()).toEqual([`${tag}-fresh`, `${tag}-last-night`]);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `${tag}%`))).map((row) => row.key)).toEqual([`${tag}:now`]);
  });

  // PGlite has one connection: no other instance can hold the lock there.
  it.runIf(name === "postgres")("runs on one instance at a time: a round that finds another under way skips", async () => {
    let inner: Awaited<ReturnType<typeof pruneSpentSignInRows>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${HOUSEKEEPING_LOCK})`);
      inner = await pruneSpentSignInRows(t.db);
    });
    expect(inner).toBe("skipped");
    expect(await pruneSpentSignInRows(t.db)).not.toBe("skipped");
  });
});
