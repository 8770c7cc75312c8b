import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { clientAddress } from "./client-address";
import { isSameOriginRequest } from "./origin";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "./rate-limit.server";

describe("Origin check", () => {
  const post = (origin: string | null, url = "http://127.0.0.1:3000/contact") =>
    new Request(url, { method: "POST", headers: origin ? { origin } : {} });
  it("accepts the site's own origin, and requests without one", () => {
    expect(isSameOriginRequest(post("https://apiary.example"), "https://apiary.example")).toBe(true);
    expect(isSameOriginRequest(post("http://127.0.0.1:3000"), "https://apiary.example")).toBe(true);
    expect(isSameOriginRequest(post(null), "https://apiary.example")).toBe(true);
  });
  it("refuses another site's origin on state-changing methods only", () => {
    expect(isSameOriginRequest(post("https://evil.example"), "https://apiary.example")).toBe(false);
    expect(isSameOriginRequest(post("null"), "https://apiary.example")).toBe(false);
    const get = new Request("http://127.0.0.1:3000/", { headers: { origin: "https://evil.example" } });
    expect(isSameOriginRequest(get, "https://apiary.example")).toBe(true);
  });
});

describe("client address", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientAddress("10.0.0.5", "6.6.6.6", 0)).toBe("10.0.0.5");
    expect(clientAddress("::ffff:10.0.0.5", null, 0)).toBe("10.0.0.5");
  });
  it("takes the entry the trusted proxies saw, not what the client claims", () => {
    // The client sent "6.6.6.6" itself; our one proxy appended the real address.
    expect(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.0.0.4", 2)).toBe("203.0.113.9");
  });
});

describe.each(testEngines())("rate limits on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());
  const rule = { name: "test", limit: 3, windowMs: 60_000 };

  it("allows `limit` hits per window and counts subjects apart", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(t.db, rule, "a")).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitRateLimit(t.db, rule, "b")).allowed).toBe(true);
    expect((await peekRateLimit(t.db, rule, "a")).allowed).toBe(false);
    expect((await peekRateLimit(t.db, rule, "a")).retryAfterSeconds).toBeGreaterThan(50);
  });

  it("starts a new window once the old one has passed, and can be cleared", async () => {
    await t.db.execute(sql`update rate_limits set window_start = now() - interval '2 minutes' where key = 'test:a'`);
    expect((await hitRateLimit(t.db, rule, "a")).allowed).toBe(true);
    await hitRateLimit(t.db, rule, "c");
    await clearRateLimit(t.db, rule, "c");
    expect((await peekRateLimit(t.db, rule, "c")).remaining).toBe(3);
  });

  it("counts concurrent hits exactly (one atomic upsert each)", async () => {
    const many = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, { ...rule, name: "burst", limit: 10 }, "x")));
    expect(many.filter((d) => d.allowed)).toHaveLength(10);
  });
});
