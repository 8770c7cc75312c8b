import "../../server/production-mode";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signUpCustomer } from "~/features/accounts/sign-up.server";
import { queryRows } from "~/platform/db/client.server";
import { posts } from "~/platform/db/schema";
import type { RunningServer } from "../../server/start";
import { insertUser } from "../factories/accounts";
import { cookieOf } from "../setup/platform";
import { startSeededServer } from "../setup/seeded-server";

/**
 * The page cache in the running server (in this process, on the embedded database): which
 * requests it answers, what it answers with, and that what changes shows on the next request.
 * Across instances on PostgreSQL: two-instances.test.ts.
 */
const PASSWORD = "Hive-Meadow-Lantern-31";
let server: RunningServer;
let stop: (() => Promise<void>) | undefined;
let counter = 0;

const meta = () => ({ headers: new Headers({ origin: server.url, "user-agent": "page cache test" }), clientAddress: `10.88.0.${++counter}`, userAgent: "page cache test" });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });

async function seededSlugs() {
  const [post] = await queryRows<{ slug: string }>(server.platform.db, sql`select slug from posts where published limit 1`);
  const [page] = await queryRows<{ slug: string }>(server.platform.db, sql`select slug from pages order by slug limit 1`);
  return { post: post!.slug, page: page!.slug };
}

describe("the page cache", () => {
  beforeAll(async () => {
    ({ server, stop } = await startSeededServer());
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it("renders each public page once for anonymous visitors, then serves the same bytes from memory", async () => {
    const { post, page } = await seededSlugs();
    for (const path of ["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference", "/contact", "/blog", `/blog/${post}`, `/${page}`, "/sitemap.xml", "/robots.txt"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-page-cache"), path).toBe("miss");
      const firstBody = await first.text();
      const second = await get(path);
      expect(second.headers.get("x-page-cache"), path).toBe("hit");
      expect(await second.text(), path).toBe(firstBody);
      expect(second.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
  });

  it("lets shared caches keep an anonymous page briefly, answers a revalidation with 304, and HEAD without a body", async () => {
    const first = await get("/blog");
    await first.text();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get("/blog", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await fetch(`${server.url}/blog`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("serves a cached page with the same policy every time: its inline scripts' hashes instead of a nonce, nothing unsafe-inline for scripts", async () => {
    for (const path of ["/stanwood", "/contact", "/"]) {
      const first = await get(path);
      const html = await first.text();
      const second = await get(path);
      await second.text();
      const policy = first.headers.get("content-security-policy")!;
      expect(second.headers.get("content-security-policy"), path).toBe(policy);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
      expect(scriptSrc, path).not.toContain("nonce-");
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(html, path).not.toContain("nonce=");
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, content]) => !/\ssrc=/.test(attributes!) && content);
      if (path !== "/") expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , content] of inline) {
        expect(scriptSrc, path).toContain(`'sha256-${createHash("sha256").update(content!).digest("base64")}'`);
      }
      expect(first.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("never answers a request with a session, a flash toast or any cookie from the cache, nor keeps what it renders for one", async () => {
    await (await get("/stanwood")).text();
    const email = `cache-${Date.now()}@example.com`;
    const signedUp = await signUpCustomer(server.platform, { email, password: PASSWORD }, meta());
    if (!signedUp.ok) throw new Error(signedUp.message);
    const cookie = cookieOf(signedUp.value.headers);

    const theirs = await get("/stanwood", { cookie });
    expect(theirs.headers.get("x-page-cache")).toBeNull();
    expect(theirs.headers.get("cache-control")).toMatch(/no-store/);
    expect(theirs.headers.get("cache-control")).not.toMatch(/public/);
    expect(theirs.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(await theirs.text()).toContain(email);

    const anonymous = await get("/stanwood");
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain(email);

    // Any cookie at all: the visitor's own copy, rendered for them and not kept.
    for (const other of ["apiary.toast=whatever", "theme=dark"]) {
      const response = await get("/blog", { cookie: other });
      expect(response.headers.get("x-page-cache"), other).toBeNull();
      await response.text();
    }
  });

  it("shows a change made through the site on the very next anonymous request", async () => {
    await (await get("/")).text();
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    const email = `cache-admin-${Date.now()}@example.com`;
    await insertUser(server.platform.db, { email, password: PASSWORD, role: "admin" });
    const signedIn = await signInWithPassword(server.platform, "admin", { email, password: PASSWORD }, meta());
    if (!signedIn.ok) throw new Error(signedIn.message);
    const label = `Field Notes ${counter}`;
    const added = await fetch(`${server.url}/admin/menu-items`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookieOf(signedIn.value.headers), origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", label, path: "/blog", linkType: "internal", isVisible: "on", displayOrder: "90" }),
    });
    expect(added.status).toBeLessThan(400);
    const next = await get("/");
    expect(next.headers.get("x-page-cache")).toBe("miss");
    expect(await next.text()).toContain(label);
  });

  it("shows a change committed elsewhere (another instance, a background job) once the change feed tells", { timeout: 5_000 }, async () => {
    await (await get("/blog")).text();
    const heard = new Promise<void>((resolve) => {
      const stop = server.platform.changes.subscribe((event) => {
        if (event.kind === "change" && event.change.table === "posts") {
          stop();
          resolve();
        }
      });
    });
    const title = `Swarm season ${counter}`;
    await server.platform.db.insert(posts).values({ title, slug: `swarm-season-${Date.now()}`, content: "<p>Bees.</p>", published: true, publishedAt: new Date() });
    await heard;
    const next = await get("/blog");
    expect(next.headers.get("x-page-cache")).toBe("miss");
    expect(await next.text()).toContain(title);
  });

  it("reads only tables the change feed watches, so no change to what a cached page shows goes unheard", async () => {
    const { post, page } = await seededSlugs();
    const paths = ["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference", "/contact", "/blog", `/blog/${post}`, `/${page}`, "/sitemap.xml", "/robots.txt"];
    for (const path of paths) await (await get(path)).text();
    const watched = new Set(
      (await queryRows<{ table: string }>(server.platform.db, sql`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like '%_notify_change'`)).map((row) => row.table),
    );
    const read = new Set(paths.flatMap((path) => [...(server.pageCache.get(path)?.tables ?? [])]));
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((table) => !watched.has(table)).sort()).toEqual([]);
  });

  it("does not keep a page that says a list failed to load: the next visitor gets the list once it can be read", async () => {
    server.pageCache.clear();
    // The tiers kept from before would be shown through the outage (as they should); this is about a page rendered during one.
    server.platform.readCaches.clear();
    await server.platform.db.execute(sql.raw("alter table hive_tiers rename to hive_tiers_offline"));
    try {
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await get("/adopt-hive");
        expect(response.status).toBe(200);
        // Rendered for this visitor and not kept: no x-page-cache (a kept one says "miss", then "hit").
        expect(response.headers.get("x-page-cache")).toBeNull();
        expect(await response.text()).toContain("Error loading tiers");
      }
    } finally {
      await server.platform.db.execute(sql.raw("alter table hive_tiers_offline rename to hive_tiers"));
    }
    const recovered = await get("/adopt-hive");
    expect(await recovered.text()).not.toContain("Error loading tiers");
  });

  it("does not cache the pages of the customer area, the back-office, or a page that isn't there", async () => {
    for (const path of ["/customer-auth", "/sponsor-profile", "/admin", "/no-such-page", "/blog/no-such-post", "/stanwood.data"]) {
      const first = await get(path);
      await first.text();
      const second = await get(path);
      await second.text();
      expect(second.headers.get("x-page-cache"), path).toBeNull();
    }
  });
});
