import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/platform/db/migrate.server";
import { startSmtpSink, waitFor, type SmtpSink } from "../setup/smtp-sink";
import { createScratchDatabase, type ScratchDatabase } from "../setup/templates";
import { cookieOf } from "../setup/platform";
import { freePort, postForm, spawnServer, tempDataDir, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * Two instances of the production server on one PostgreSQL database, as behind a load balancer:
 * started together on an empty database (each making the configured administrator unless the other
 * has), then sent alternate requests. What one instance does,
 * the other sees: sessions, rate limits, the live change feed; the mail outbox sends each
 * message once, whichever instance's worker takes it.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const PUBLIC = "http://apiary.test";
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.runIf(databaseUrl)("two instances on one PostgreSQL", () => {
  let scratch: ScratchDatabase;
  let sink: SmtpSink;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
    sink = await startSmtpSink();
    const shared = {
      DATABASE_URL: scratch.url,
      APP_URL: PUBLIC,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: sink.url,
      MAIL_FROM: "Apiary <hello@apiary.test>",
      TRUST_PROXY_HOPS: "1",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_INITIAL_PASSWORD: ADMIN.password,
    };
    // Both at once on an empty database: migrations, the demo data and the first administrator race each other.
    a = spawnServer({ ...shared, PORT: String(await freePort()), DATA_DIR: tempDataDir() });
    b = spawnServer({ ...shared, PORT: String(await freePort()), DATA_DIR: tempDataDir() });
    await Promise.all([waitUntilHealthy(a, 90_000), waitUntilHealthy(b, 90_000)]);
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill("SIGKILL");
    await sql?.end();
    await sink?.close();
    await scratch?.drop();
  });

  const post = (server: ServerProcess, route: string, fields: Record<string, string>, cookie?: string, from?: string) =>
    postForm(`${server.url}${route}`, fields, { origin: PUBLIC, cookie, from });
  const PASSWORD = "Hive-Meadow-Lantern-31";
  const ADMIN = { email: "owner@apiary.test", password: "Clover-Harbour-Lantern-77" };

  async function signUp(server: ServerProcess, email: string) {
    const response = await post(server, "/customer-auth", { intent: "signup", email, password: PASSWORD, redirectTo: "/sponsor-profile" }, undefined, `198.51.100.${Math.floor(Math.random() * 250) + 1}`);
    expect(response.status).toBe(302);
    return cookieOf(response.headers);
  }

  it("migrate once and load the demo data once, however many start together", async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await sql.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const tiers = await sql.query<{ name: string; n: number }>("select name, count(*)::int as n from hive_tiers group by name");
    expect(tiers.rows.length).toBeGreaterThan(0);
    expect(tiers.rows.every((row) => row.n === 1)).toBe(true);
    expect((await sql.query<{ n: number }>("select count(*)::int as n from assets")).rows[0]!.n).toBe(1);
  });

  it("make the configured administrator once, who logs in at /auth on either with the configured password, to change it first", async () => {
    const admins = await sql.query<{ email: string; first_login: boolean }>("select u.email, p.first_login from user_roles r join users u on u.id = r.user_id join profiles p on p.id = u.id where r.role = 'admin'");
    expect(admins.rows).toEqual([{ email: ADMIN.email, first_login: true }]);
    expect((await sql.query("select 1 from security_audit_log where event_type = 'admin_created'")).rowCount).toBe(1);
    for (const server of [a, b]) {
      const login = await post(server, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }, undefined, "198.51.100.200");
      expect(login.status).toBe(302);
      expect(login.headers.get("location")).toBe("/admin");
      // The back-office opens with the forced change of the initial password.
      const home = await (await fetch(`${server.url}/admin`, { headers: { cookie: cookieOf(login.headers) } })).text();
      expect(home).toContain("This is your first login");
    }
  });

  it("share sessions: signed up through one, signed in on the other; signed out on one, out on both", async () => {
    const cookie = await signUp(a, `both-${Date.now()}@example.com`);
    const profileOn = (server: ServerProcess) => fetch(`${server.url}/sponsor-profile`, { headers: { cookie }, redirect: "manual" });
    // Both instances now keep the session's signed-in state in memory.
    expect((await profileOn(a)).status).toBe(200);
    expect((await profileOn(b)).status).toBe(200);
    // A session ended straight in the database, as a job or another instance would, ends on both.
    const other = await signUp(b, `ended-${Date.now()}@example.com`);
    const otherProfileOn = (server: ServerProcess) => fetch(`${server.url}/sponsor-profile`, { headers: { cookie: other }, redirect: "manual" });
    expect((await otherProfileOn(a)).status).toBe(200);
    const token = decodeURIComponent(/apiary\.session_token=([^;]+)/.exec(other)![1]!).split(".")[0]!;
    await sql.query("delete from sessions where token = $1", [token]);
    await waitFor(async () => (await otherProfileOn(a)).status === 302, "A hears that the session ended", 2_000);
    // Signed out through B: out on B at once, and on A as soon as it hears (the change feed).
    const out = await post(b, "/logout", {}, cookie);
    expect(out.status).toBe(302);
    expect((await profileOn(b)).status).toBe(302);
    await waitFor(async () => (await profileOn(a)).status === 302, "A hears of the sign-out", 2_000);
    expect((await profileOn(a)).headers.get("location")).toMatch(/^\/customer-auth/);
  });

  it("share rate limits: failed logins counted on both lock the account on both", async () => {
    const email = `locked-${Date.now()}@example.com`;
    await signUp(a, email);
    for (let i = 0; i < 5; i++) {
      const attempt = await post(i % 2 ? a : b, "/customer-auth", { intent: "login", email, password: `wrong-${i}` });
      expect(attempt.status).toBe(401);
    }
    for (const server of [a, b]) {
      const locked = await post(server, "/customer-auth", { intent: "login", email, password: PASSWORD });
      expect(locked.status).toBe(429);
    }
  });

  it("share the live feed, and send every e-mail once whichever instance's worker takes it", async () => {
    // A page open on B listens to B's change feed.
    const controller = new AbortController();
    const feed = await fetch(`${b.url}/api/events`, { signal: controller.signal });
    const reader = feed.body!.getReader();
    let received = "";
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();
    await waitFor(() => received.includes("event: ready"), "the feed is ready");

    const [{ id: assetId }] = (await sql.query<{ id: string }>("select id from assets limit 1")).rows as [{ id: string }];
    const cookie = await signUp(b, `guest-${Date.now()}@example.com`);
    const bookings = 12;
    // Well inside the two-year booking horizon, apart from the next test's nights.
    const day = (offset: number) => daysFromNow(300 + offset);
    const results = await Promise.all(
      Array.from({ length: bookings }, (_, i) =>
        post(i % 2 ? a : b, "/api/bookings", {
          assetId,
          checkInDate: day(i * 3),
          checkOutDate: day(i * 3 + 2),
          guestName: `Guest ${i}`,
          guestEmail: `guest-${i}@example.com`,
          numberOfGuests: "2",
        }, cookie),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(bookings).fill(302));

    // Made through A and B alike, announced on B's feed.
    await waitFor(() => received.includes('"table":"bookings"'), "a bookings change on the feed of the other instance");
    controller.abort();
    await reading;

    // Both workers poll the same outbox: every row sent, each Message-ID received once.
    await waitFor(async () => (await sql.query("select 1 from outbox_messages where status <> 'sent'")).rowCount === 0, "every message sent", 30_000);
    const rows = (await sql.query<{ n: number }>("select count(*)::int as n from outbox_messages")).rows[0]!.n;
    const counts = sink.countByMessageId();
    expect(counts.size).toBe(rows);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sink.received.filter((mail) => /Your booking request/.test(mail.subject ?? ""))).toHaveLength(bookings);
  }, 60_000);

  it("drop a cached public page on every instance when what it shows changes, wherever the change was made", async () => {
    const [{ id: assetId }] = (await sql.query<{ id: string }>("select id from assets limit 1")).rows as [{ id: string }];
    for (const server of [a, b]) {
      await (await fetch(`${server.url}/blog`)).text();
      expect((await fetch(`${server.url}/blog`)).headers.get("x-page-cache")).toBe("hit");
    }
    // A post written straight to the database, as another instance or a job would.
    const title = `Queen cells ${Date.now()}`;
    await sql.query("insert into posts (title, slug, content, published, published_at) values ($1, $2, '<p>Bees.</p>', true, now())", [title, `queen-cells-${Date.now()}`]);
    for (const server of [a, b]) {
      await waitFor(async () => (await (await fetch(`${server.url}/blog`)).text()).includes(title), `the new post on ${server === a ? "A" : "B"}'s cached blog`, 2_000);
    }
    // A booking made through A shows on B's cached /stanwood as soon as B hears of it.
    await (await fetch(`${b.url}/stanwood`)).text();
    expect((await fetch(`${b.url}/stanwood`)).headers.get("x-page-cache")).toBe("hit");
    const cookie = await signUp(a, `cached-${Date.now()}@example.com`);
    const made = await post(a, "/api/bookings", { assetId, checkInDate: daysFromNow(500), checkOutDate: daysFromNow(503), guestName: "Cached Guest", guestEmail: "cached@example.com", numberOfGuests: "2" }, cookie);
    expect(made.status).toBe(302);
    await waitFor(async () => (await fetch(`${b.url}/stanwood`)).headers.get("x-page-cache") === "miss", "B renders /stanwood again", 2_000);
  });

  it("keep taking bookings while the mail relay refuses, and deliver every message once it is back", async () => {
    const [{ id: assetId }] = (await sql.query<{ id: string }>("select id from assets limit 1")).rows as [{ id: string }];
    sink.setMode("reject-rcpt");
    const customer = `outage-${Date.now()}@example.com`;
    const cookie = await signUp(a, customer);
    const day = (offset: number) => daysFromNow(400 + offset);
    const stays = 6;
    const results = await Promise.all(
      Array.from({ length: stays }, (_, i) =>
        post(i % 2 ? a : b, "/api/bookings", { assetId, checkInDate: day(i * 3), checkOutDate: day(i * 3 + 2), guestName: `Outage ${i}`, guestEmail: customer, numberOfGuests: "1" }, cookie),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(stays).fill(302));
    // A signed-in customer's confirmations go to the account's address.
    const confirmations = async () =>
      (await sql.query<{ attempts: number; last_error: string | null }>("select attempts, last_error from outbox_messages where \"to\" = $1 and template = 'booking-confirmation'", [customer])).rows;
    await waitFor(async () => {
      const rows = await confirmations();
      return rows.length === stays && rows.every((row) => row.attempts >= 1 && row.last_error !== null);
    }, "every confirmation refused at least once", 20_000);
    const toCustomer = () => sink.received.filter((mail) => /Your booking request/.test(mail.subject ?? "") && JSON.stringify(mail.to).includes(customer));
    expect(toCustomer()).toHaveLength(0);

    sink.setMode("accept");
    await waitFor(async () => (await sql.query("select 1 from outbox_messages where status <> 'sent'")).rowCount === 0, "every message sent after the outage", 40_000);
    expect(toCustomer()).toHaveLength(stays);
    expect([...sink.countByMessageId().values()].every((n) => n === 1)).toBe(true);
  }, 90_000);
});
