/**
 * The back-office's biggest lists at 100,000 rows: User Management (profiles), Activity (the
 * audit trail), Bookings with the occupancy calendar's month, and Hive Adoptions; the day's
 * overview at the top of Bookings and the menu's pending counts (every page); and a person's
 * record, which reads all of those and the outbox (100,000 e-mails) for one person. Times the queries as the screens
 * run them (first page, a sort, a search, a filter, with the total count), on a database filled
 * with 100,000 people, 100,000 audit rows and 100,000 bookings across 200 assets (about four years
 * of stays without overlaps). Prints the median and p95 of each; target: median ≤ 100 ms on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://user@host/db npx tsx bench/admin-lists.ts   # PostgreSQL (a scratch database is created in it)
 *   npx tsx bench/admin-lists.ts --engine=pglite                              # embedded, for comparison
 * Options: --rows=100000 --runs=40 --keep (leave the PostgreSQL database, to EXPLAIN its queries)
 */
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listActivity } from "../app/features/activity/activity.server";
import { listAdoptions } from "../app/features/adoptions/admin-adoptions.server";
import { adoptionsScreen } from "../app/features/adoptions/adoptions.screen";
import { activityScreen } from "../app/features/activity/activity.screen";
import { allPermissions } from "../app/features/accounts/permissions";
import type { BackOfficeContext } from "../app/features/back-office/context";
import { parseListParams } from "../app/platform/list-params";
import { listBookings } from "../app/features/bookings/admin-bookings.server";
import { bookingsScreen } from "../app/features/bookings/bookings.screen";
import { loadOccupancy } from "../app/features/bookings/occupancy.server";
import { listUsers } from "../app/features/users/users.server";
import { loadPerson } from "../app/features/people/person.server";
import { loadDayOverview, pendingCounts } from "../app/features/overview/day-overview.server";
import { usersScreen } from "../app/features/users/users.screen";
import { systemClock } from "../app/platform/clock";
import { openDatabase } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import type { Platform } from "../app/platform/runtime.server";
import { createScratchDatabase } from "../tests/setup/templates";
import { textTable } from "../scripts/text-table";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const engine = (args.engine ?? (databaseUrl ? "postgres" : "pglite")) as "postgres" | "pglite";
const ROWS = Number(args.rows ?? 100_000);
const RUNS = Number(args.runs ?? 40);
const TARGET_MS = 100;

async function main() {
  const scratch = engine === "postgres" ? await createScratchDatabase(databaseUrl!) : undefined;
  const dataDir = engine === "pglite" ? mkdtempSync(path.join(tmpdir(), "apiary-bench-")) : undefined;
  const handle = await openDatabase({ databaseUrl: scratch?.url, dataDir, poolMax: 4 });
  try {
    await runMigrations(handle);
    const { db } = handle;
    const started = performance.now();
    // People: e-mails user-000001@example.org …, phones on one in three, created over two years;
    // all customers, one in fifty also staff. Audit: a third security events, the rest changes.
    await db.execute(sql`insert into users (id, email, email_verified, name)
      select 'u' || i, 'user-' || lpad(i::text, 6, '0') || '@example.org', true, 'Bench ' || i from generate_series(1, ${ROWS}) i`);
    await db.execute(sql`insert into profiles (id, email, phone_number, first_login, created_at)
      select 'u' || i, 'user-' || lpad(i::text, 6, '0') || '@example.org', case when i % 3 = 0 then '+1 360 555 ' || lpad((i % 10000)::text, 4, '0') end, i % 97 = 0,
             now() - (i || ' minutes')::interval * 7 from generate_series(1, ${ROWS}) i`);
    await db.execute(sql`insert into user_roles (user_id, role) select 'u' || i, 'customer' from generate_series(1, ${ROWS}) i`);
    await db.execute(sql`insert into user_roles (user_id, role) select 'u' || i, 'front_desk' from generate_series(1, ${ROWS}, 50) i`);
    await db.execute(sql`insert into security_audit_log (user_id, event_type, event_details, module, record_id, before, after, ip_address, created_at)
      select 'u' || (1 + (i * 7919) % ${ROWS}),
             case when i % 3 = 0 then 'login_success' else 'record_updated' end,
             case when i % 3 = 0 then '{"method":"password","portal":"admin"}'::jsonb else jsonb_build_object('email', 'user-' || lpad((i % ${ROWS} + 1)::text, 6, '0') || '@example.org') end,
             case when i % 3 = 0 then null else (array['users','bookings','sponsors','pages','role_permissions'])[1 + i % 5]::permission_module end,
             case when i % 3 = 0 then null else 'r' || i end,
             case when i % 3 = 0 then null else '{"phoneNumber":null}'::jsonb end,
             case when i % 3 = 0 then null else '{"phoneNumber":"+1 360 555 0100"}'::jsonb end,
             '10.0.' || (i % 250) || '.' || (i % 200),
             now() - (i || ' minutes')::interval * 5
      from generate_series(1, ${ROWS}) i`);
    // Stays: one location of 200 assets; each asset's stays follow each other every 3 days from
    // 2024 (1 to 3 nights, so none overlap), one in ten cancelled, a third of the rest pending.
    // References are numbered: 100,000 drawn at random from 16.7 million would clash (the birthday bound).
    const ASSETS = 200;
    const perAsset = Math.ceil(ROWS / ASSETS);
    await db.execute(sql`insert into locations (id, name, address) values ('00000000-0000-4000-8000-000000000001', 'Bench Lake', '1 Bench Rd')`);
    await db.execute(sql`insert into assets (id, location_id, name, price_per_night)
      select ('00000000-0000-4000-8000-' || lpad(a::text, 12, '0'))::uuid, '00000000-0000-4000-8000-000000000001', 'RV ' || lpad(a::text, 3, '0'), 150 from generate_series(1, ${ASSETS}) a`);
    await db.execute(sql`insert into bookings (asset_id, location, reference, guest_name, guest_email, check_in_date, check_out_date, number_of_nights, total_amount, experience_type, status, created_at)
      select ('00000000-0000-4000-8000-' || lpad(a::text, 12, '0'))::uuid, 'Bench Lake', upper(lpad(to_hex(k * ${ASSETS} + a), 6, '0')), 'Guest ' || (k * ${ASSETS} + a), 'guest-' || lpad((k * ${ASSETS} + a)::text, 6, '0') || '@example.net',
             date '2024-01-01' + k * 3 + a % 3, date '2024-01-01' + k * 3 + a % 3 + 1 + (k + a) % 3, 1 + (k + a) % 3, 150 * (1 + (k + a) % 3), 'rv',
             (case when (k + a) % 10 = 0 then 'cancelled' when (k + a) % 3 = 0 then 'pending' else 'confirmed' end)::booking_status,
             timestamp '2024-01-01' + (k * 3 + a % 3 - 30) * interval '1 day' + a * interval '1 minute'
      from generate_series(1, ${ASSETS}) a, generate_series(0, ${perAsset - 1}) k`);
    // Adoptions: one per person over four tiers and 50 hives, newest first by creation; statuses
    // mostly active, some pending, cancelled or expired.
    await db.execute(sql`insert into hive_tiers (id, name, price_monthly, price_annual, display_order)
      select ('00000000-0000-4000-9000-' || lpad(t::text, 12, '0'))::uuid, 'Tier ' || t, 10 * t, 100 * t, t from generate_series(1, 4) t`);
    await db.execute(sql`insert into hives (id, name, location_id)
      select ('00000000-0000-4000-a000-' || lpad(h::text, 12, '0'))::uuid, 'Hive ' || h, '00000000-0000-4000-8000-000000000001' from generate_series(1, 50) h`);
    await db.execute(sql`insert into hive_adoptions (user_id, tier_id, email, status, hive_id, hive_name, start_date, total_paid, created_at)
      select 'u' || i, ('00000000-0000-4000-9000-' || lpad((1 + i % 4)::text, 12, '0'))::uuid, 'user-' || lpad(i::text, 6, '0') || '@example.org',
             (case when i % 10 = 0 then 'pending' when i % 17 = 0 then 'cancelled' when i % 23 = 0 then 'expired' else 'active' end)::adoption_status,
             ('00000000-0000-4000-a000-' || lpad((1 + i % 50)::text, 12, '0'))::uuid, case when i % 4 = 0 then 'Buzz ' || i end,
             date '2024-01-01' + (i % 700), 25 * (i % 12), now() - (i || ' minutes')::interval * 3
      from generate_series(1, ${ROWS}) i`);
    // E-mails: one per person, and a second for one in ten.
    await db.execute(sql`insert into outbox_messages (idempotency_key, template, "to", subject, html, text, status, created_at)
      select 'bench-' || i, case when i % 2 = 0 then 'booking-update' else 'adoption-update' end, 'user-' || lpad((1 + i % ${ROWS})::text, 6, '0') || '@example.org',
             'Your stay', '<p>x</p>', 'x', 'sent', now() - (i || ' minutes')::interval
      from generate_series(1, ${ROWS + ROWS / 10}) i`);
    await db.execute(sql`analyze`);
    console.log(`${engine}: ${ROWS.toLocaleString("en-US")} people, ${ROWS.toLocaleString("en-US")} audit rows, ${(perAsset * ASSETS).toLocaleString("en-US")} bookings and ${ROWS.toLocaleString("en-US")} adoptions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const platform = { db, clock: systemClock } as unknown as Platform;
    const ctx: BackOfficeContext = {
      platform,
      actor: { kind: "staff", userId: "u1", email: "user-000001@example.org", emailVerified: true, firstLogin: false, roles: ["admin"], isAdministrator: true, permissions: allPermissions(), twoFactorRequired: false },
      meta: { headers: new Headers(), clientAddress: "127.0.0.1", userAgent: "bench" },
    } as BackOfficeContext;
    const users = (query: string) => () => listUsers(ctx, parseListParams(new URLSearchParams(query), usersScreen.list));
    const activity = (query: string) => () => listActivity(ctx, parseListParams(new URLSearchParams(query), activityScreen.list));
    const bookingList = (query: string) => () => listBookings(ctx, parseListParams(new URLSearchParams(query), bookingsScreen.list));
    const adoptions = (query: string) => () => listAdoptions(ctx, parseListParams(new URLSearchParams(query), adoptionsScreen.list));
    const person = (userId: string) => async () => {
      const found = await loadPerson(ctx, { userId });
      return { total: found.kind === "record" ? found.record.activity.length + found.record.emails.length + (found.record.adoptions?.length ?? 0) : 0 };
    };
    const month = (value: string) => async () => ({ total: (await loadOccupancy(ctx, { month: value })).stays.length });
    const overview = async () => {
      const found = await loadDayOverview(ctx);
      return { total: Object.keys(found).length };
    };
    const counts = async () => ({ total: Object.values(await pendingCounts(ctx)).reduce((sum, n) => sum + n, 0) });
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const scenarios: [string, () => Promise<{ total: number }>][] = [
      ["users: first page, newest first", users("")],
      ["users: sorted by e-mail", users("sort=email&dir=asc")],
      ["users: search 'user-0421', by e-mail", users("q=user-0421&sort=email&dir=asc")],
      ["users: search '555 01', newest first", users("q=555%2001")],
      ["users: page 40 of a staff role", users("role=front_desk&page=40")],
      ["activity: first page, newest first", activity("")],
      ["activity: search a person's e-mail", activity("q=user-004242")],
      ["activity: module Sponsors, changes", activity("module=sponsors&kind=changes")],
      ["activity: one week, security events", activity(`from=${day(200)}&to=${day(193)}&kind=security`)],
      ["bookings: first page, newest first", bookingList("")],
      ["bookings: search 'guest-04242'", bookingList("q=guest-04242")],
      ["bookings: pending, newest first", bookingList("status=pending")],
      ["bookings: by check-in, page 100", bookingList("sort=check_in&dir=asc&page=100")],
      ["bookings: one asset, stays in July 2026", bookingList("asset=00000000-0000-4000-8000-000000000042&from=2026-07-01&to=2026-07-31")],
      ["calendar: July 2026, 200 assets", month("2026-07")],
      ["adoptions: first page, newest first", adoptions("")],
      ["adoptions: pending, one tier", adoptions("status=pending&tier=00000000-0000-4000-9000-000000000003")],
      ["adoptions: search 'user-0421'", adoptions("q=user-0421")],
      ["adoptions: by total paid, page 200", adoptions("sort=total&dir=desc&page=200")],
      ["person: a sponsor's record, every part", person("u4242")],
      ["overview: the day at the top of Bookings", overview],
      ["menu: pending bookings and adoptions", counts],
    ];

    const rows: string[][] = [];
    for (const [name, run] of scenarios) {
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        total = (await run()).total;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
      rows.push([name, total.toLocaleString("en-US"), median.toFixed(1), p95.toFixed(1), median <= TARGET_MS ? "ok" : "OVER"]);
    }
    console.log(textTable(["list", "matching", "median ms", "p95 ms", "≤100"], rows));
    process.exitCode = rows.some((r) => r[4] === "OVER") && engine === "postgres" ? 1 : 0;
  } finally {
    await handle.close();
    if ("keep" in args && scratch) console.log(`kept ${scratch.url}`);
    else await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
