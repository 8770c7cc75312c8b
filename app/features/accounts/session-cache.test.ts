import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userRoles, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { SESSION_ABSOLUTE_MS } from "./session-lifetimes";
import { resolveAuthState } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { signUpCustomer } from "./sign-up.server";

/** A signed-in customer: the user's id, the Cookie header and a request with it. */
async function signedIn(platform: Platform, email: string) {
  const signUp = await signUpCustomer(platform, { name: "Ivy Keeper", email, password: "buzzing-meadow" }, testMeta());
  if (!signUp.ok) throw new Error("sign-up failed");
  const result = await signInWithPassword(platform, "customer", { email, password: "buzzing-meadow" }, testMeta());
  if (!result.ok) throw new Error("sign-in failed");
  const cookie = cookieOf(result.value.headers);
  const token = decodeURIComponent(/apiary\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
  const [session] = await platform.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.token, token));
  const resolve = async () => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie } }))).state;
  return { userId: session!.userId, token, resolve };
}

describe.each(testEngines())("a session's signed-in state, kept in memory, on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  it("follows every change this process makes to the session, the user and their roles at once", async () => {
    const { userId, token, resolve } = await signedIn(platform, "ivy@example.com");
    expect(await resolve()).toMatchObject({ actor: { kind: "customer", name: "Ivy Keeper" } });
    expect(await resolve()).toMatchObject({ actor: { kind: "customer", name: "Ivy Keeper" } });

    await t.db.insert(userRoles).values({ userId, role: "admin" });
    expect(await resolve()).toMatchObject({ actor: { kind: "staff", isAdministrator: true } });
    await t.db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    expect((await resolve()).actor.kind).toBe("customer");

    await t.db.update(users).set({ name: "Ivy Beekeeper" }).where(eq(users.id, userId));
    expect(await resolve()).toMatchObject({ actor: { name: "Ivy Beekeeper" } });

    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect((await resolve()).actor.kind).toBe("anonymous");
  });

  it("is not kept past the session's absolute lifetime", async () => {
    const { token, resolve } = await signedIn(platform, "brief@example.com");
    // Two seconds of its 30 days left: room enough for a busy machine to resolve it once in time.
    const endsAt = Date.now() + 2_000;
    await t.db.update(sessions).set({ createdAt: new Date(endsAt - SESSION_ABSOLUTE_MS) }).where(eq(sessions.token, token));
    expect((await resolve()).actor.kind).toBe("customer");
    await new Promise((resolve) => setTimeout(resolve, endsAt - Date.now() + 100));
    expect((await resolve()).actor.kind).toBe("anonymous");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a session's signed-in state, changed behind this process's back", () => {
  let t: TestDatabase;
  let platform: Platform;
  let outside: pg.Client;
  beforeAll(async () => {
    t = await testEngines().find((engine) => engine.name === "postgres")!.open();
    platform = createTestPlatform(t);
    outside = new pg.Client({ connectionString: t.url });
    await outside.connect();
  });
  afterAll(async () => {
    await outside?.end();
    await t?.dispose();
  });

  it("is answered from memory, and dropped when the change feed says changes may have been missed", async () => {
    const { token, resolve } = await signedIn(platform, "far@example.com");
    expect((await resolve()).actor.kind).toBe("customer");
    // Not through this process, and its change feed is not listening: nothing tells the cache.
    await outside.query("delete from sessions where token = $1", [token]);
    expect((await resolve()).actor.kind).toBe("customer");
    platform.changes.announceResync();
    expect((await resolve()).actor.kind).toBe("anonymous");
  });
});
