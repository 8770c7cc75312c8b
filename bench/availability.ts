/**
 * Availability at scale: what reads and guards a calendar, timed as the app runs it, on databases
 * holding 10,000, 100,000 and 1,000,000 stays of 1–7 nights (none overlapping, one in twenty
 * cancelled) over a chain of 20 campgrounds of 50 assets each and ten years (2021–2030):
 *
 *   1. booked dates: listBookedRanges, what /api/assets/:assetId/booked-dates and /stanwood's next
 *      free dates read, for a random asset on a random "today" in the ten years;
 *   2. booking: createBooking, the one way a stay is booked, for nights that clash with a stay
 *      (it answers Dates Unavailable), and for free nights (it books; the stay is deleted again,
 *      untimed);
 *   3. calendar month: loadOccupancy, the back-office calendar of a random campground and month.
 *
 * Each figure is the median and p99 of --samples calls after --warmup, each on its own random
 * asset and dates. An engine's databases of every size are filled first and then timed together,
 * one call of each kind on each in turn, so that a busy neighbour on a shared machine slows every
 * size alike and the growth from 10k to 1M stays is measured fairly.
 *
 * Targets on PostgreSQL: booked dates and the clashing booking ≤ 2 ms median at 1M stays and
 * within 1.5× of their 10k figure; the calendar month ≤ 100 ms median (the back-office lists'
 * target, bench/admin-lists.ts). PGlite's figures are for comparison only. The free-nights booking
 * renders and queues its e-mail and commits: it has no target here (bench/bookings.ts has one).
 *
 * The stays are written with set-based SQL and asset_nights (migration 0008) is filled as its
 * triggers would fill it, then the tables are vacuumed and analysed; the fill is checked before
 * timing. What runs by default: PostgreSQL at all three sizes, each in a scratch database created
 * in BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and dropped
 * afterwards, then PGlite in this process (in a temporary directory) at 10k and 100k.
 *
 *   npx tsx bench/availability.ts
 * Options: --engine=postgres|pglite (one only) --sizes=10000,100000,1000000
 *          --pglite-sizes=10000,100000 (1000000 works, slowly) --samples=300 --warmup=30
 *          --keep (leave the PostgreSQL databases, to EXPLAIN their queries)
 */
import "../server/production-mode";
import { sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { anonymous } from "../app/features/accounts/actor";
import { allPermissions } from "../app/features/accounts/permissions";
import type { BackOfficeContext } from "../app/features/back-office/context";
import { listBookedRanges } from "../app/features/bookings/availability.server";
import { createBooking } from "../app/features/bookings/bookings.server";
import { loadOccupancy } from "../app/features/bookings/occupancy.server";
import { addDays } from "../app/features/bookings/stay-dates";
import { openDatabase, queryRows, type Database, type DatabaseHandle, type Queryable } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import { parseEnv } from "../app/platform/env.server";
import type { Platform } from "../app/platform/runtime.server";
import { createScratchDatabase, type ScratchDatabase } from "../tests/setup/templates";
import { textTable } from "../scripts/text-table";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const list = (value: string | undefined, fallback: number[]) => (value ? value.split(",").map(Number) : fallback);
const ENGINES = (args.engine ? [args.engine] : ["postgres", "pglite"]) as ("postgres" | "pglite")[];
const SIZES = { postgres: list(args.sizes, [10_000, 100_000, 1_000_000]), pglite: list(args["pglite-sizes"], [10_000, 100_000]) };
const SAMPLES = Number(args.samples ?? 300);
const WARMUP = Number(args.warmup ?? 30);

const LOCATIONS = 20;
const ASSETS_PER_LOCATION = 50;
const ASSETS = LOCATIONS * ASSETS_PER_LOCATION;
const FIRST_DAY = "2021-01-01";
const DAYS = 3652; // 2021-01-01 up to 2031-01-01
const ZONES = ["America/Los_Angeles", "America/Denver", "America/Chicago", "America/New_York"];
// Mean 3.2 nights: a million stays over 1,000 assets and ten years fill about 87% of the nights.
const NIGHTS = [1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7];

const TARGET_MS = 2;
const TARGET_GROWTH = 1.5;
const MONTH_TARGET_MS = 100;

type Figure = { name: string; median: number; p99: number };

const randomDay = () => addDays(FIRST_DAY, randomInt(DAYS));
/** Noon UTC is the same calendar day in every zone the campgrounds use. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** Statements that drop a table's indexes and constraints (its primary key aside) and put them back as they were. */
async function secondaryIndexes(tx: Queryable, table: string) {
  return queryRows<{ drop: string; create: string }>(
    tx,
    sql.raw(`select case when c.oid is null then format('drop index %s', i.indexrelid::regclass) else format('alter table %I drop constraint %I', '${table}', c.conname) end as drop,
                    case when c.oid is null then pg_get_indexdef(i.indexrelid) else format('alter table %I add constraint %I %s', '${table}', c.conname, pg_get_constraintdef(c.oid)) end as create
             from pg_index i left join pg_constraint c on c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('u', 'x')
             where i.indrelid = '${table}'::regclass and not i.indisprimary`),
  );
}

/** Fills the chain's campgrounds, assets and stays; returns the seconds each step took. */
async function fill(db: Database, size: number) {
  if (size % ASSETS !== 0) throw new Error(`--sizes must be multiples of ${ASSETS}`);
  const perAsset = size / ASSETS;
  const seconds: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    seconds[name] = (performance.now() - started) / 1000;
  };
  await db.execute(sql.raw(`insert into locations (name, address, time_zone)
    select 'Campground ' || lpad(l::text, 2, '0'), l || ' Meadow Rd', (array['${ZONES.join("','")}'])[1 + l % ${ZONES.length}]
    from generate_series(1, ${LOCATIONS}) l`));
  await db.execute(sql.raw(`insert into assets (location_id, name, type, price_per_night)
    select l.id, 'Site ' || lpad(s::text, 2, '0'), (case when s % 5 = 0 then 'rental' else 'rv' end)::asset_type, 80 + (s % 8) * 15
    from locations l, generate_series(1, ${ASSETS_PER_LOCATION}) s`));
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '256MB'`));
    await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    // Indexes built once over the loaded rows instead of grown a row at a time (a third of the
    // time at 1M); the exclusion constraints still check every stay when they are put back.
    const indexes = [...(await secondaryIndexes(tx, "bookings")), ...(await secondaryIndexes(tx, "asset_nights"))];
    for (const { drop } of indexes) await tx.execute(sql.raw(drop));
    // asset_nights is filled below in one statement, as migration 0008 filled it, instead of by
    // a trigger call per stay; the trigger is back on before anything is timed.
    await tx.execute(sql.raw(`alter table bookings disable trigger bookings_hold_nights`));
    // Each asset's stays in a random order r, one after another: stay k starts after the nights of
    // the stays before it plus floor(r × the asset's free days), which never decreases, so no two
    // stays overlap and the free days fall between them at random.
    await step("stays", () =>
      tx.execute(
        sql.raw(`with site as (
          select s.id, s.type, s.price_per_night, l.name as location, row_number() over (order by s.id) as a
          from assets s join locations l on l.id = s.location_id
        ), drawn as (
          select site.*, (array[${NIGHTS.join(",")}])[1 + floor(random() * ${NIGHTS.length})::int] as nights, random() as r, random() as u
          from site, generate_series(1, ${perAsset}) k
        ), placed as (
          select drawn.*, (a - 1) * ${perAsset} + row_number() over w as n, sum(nights) over w - nights as before, sum(nights) over (partition by id) as total
          from drawn window w as (partition by id order by r rows unbounded preceding)
        ), stay as (
          select placed.*, date '${FIRST_DAY}' + (before + floor(r * greatest(0, ${DAYS} - total)))::int as check_in from placed
        )
        insert into bookings (asset_id, location, guest_name, guest_email, guest_phone, check_in_date, check_out_date, number_of_guests,
                              number_of_nights, total_amount, experience_type, status, reference, created_at)
        select id, location, 'Guest ' || n, 'guest-' || n || '@example.net', case when n % 3 = 0 then '+1 360 555 ' || lpad((n % 10000)::text, 4, '0') end,
               check_in, check_in + nights, 1 + n % 4, nights, nights * price_per_night, type::text::experience_type,
               (case when u < 0.05 then 'cancelled' when u < 0.35 then 'pending' else 'confirmed' end)::booking_status,
               upper(lpad(to_hex(n), 6, '0')), check_in - (7 + floor(u * 120))::int * interval '1 day'
        from stay`),
      ),
    );
    await step("nights", () =>
      tx.execute(sql.raw(`insert into asset_nights (asset_id, nights, booking_id)
        select asset_id, daterange(check_in_date, check_out_date, '[)'), id from bookings where status <> 'cancelled'`)),
    );
    await tx.execute(sql.raw(`alter table bookings enable trigger bookings_hold_nights`));
    await step("indexes", async () => {
      for (const { create } of indexes) await tx.execute(sql.raw(create));
    });
  });
  // A database that has lived with these rows has been vacuumed (hint bits set, visibility map
  // for index-only scans) and analysed by autovacuum; a fresh bulk load has neither.
  await step("vacuum", () => db.execute(sql.raw(`vacuum analyze`)));
  return seconds;
}

/**
 * The fill is what the app would have written: every live stay holds exactly its nights and
 * nothing else is held (the exclusion constraints already refused any overlap).
 */
async function checkFill(db: Database, size: number) {
  const [check] = await queryRows<{ stays: number; live: number; wrong: number }>(
    db,
    sql.raw(`select (select count(*)::int from bookings) as stays,
      (select count(*)::int from asset_nights) as live,
      (select count(*)::int from bookings b full join asset_nights n on n.booking_id = b.id
        where (b.status <> 'cancelled') is distinct from (n.booking_id is not null)
           or (n.booking_id is not null and (n.asset_id <> b.asset_id or n.nights <> daterange(b.check_in_date, b.check_out_date, '[)')))) as wrong`),
  );
  if (!check || check.stays !== size || check.wrong !== 0) throw new Error(`bad fill: ${JSON.stringify(check)}`);
  return check;
}

/** One kind of call: `prepare` draws its random inputs (untimed) and returns the call to time. */
type Scenario = { name: string; prepare: () => Promise<() => Promise<void>> };

/**
 * The scenarios take turns, one call each per round, so a neighbour's load on a shared machine
 * falls on all of them alike rather than on whichever ran at the time.
 */
async function time(scenarios: Scenario[]): Promise<Figure[]> {
  const times = scenarios.map((): number[] => []);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    for (const [s, scenario] of scenarios.entries()) {
      const run = await scenario.prepare();
      const started = performance.now();
      await run();
      if (i >= WARMUP) times[s]!.push(performance.now() - started);
    }
  }
  return scenarios.map(({ name }, s) => {
    const sorted = times[s]!.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    return { name, median: at(0.5), p99: at(0.99) };
  });
}

/** The four kinds of call on one database; `finish` deletes the last stay the free-nights one booked. */
async function scenariosOf(db: Database): Promise<{ scenarios: Scenario[]; finish: () => Promise<void> }> {
  const env = parseEnv({ APP_URL: "http://127.0.0.1:3000", DATA_DIR: "memory://", LOG_LEVEL: "silent" });
  const platform = { db, env, authSecret: "bench-secret-that-is-long-enough-for-hmac-0123456789" } as Platform;
  const ctx = {
    platform,
    actor: { kind: "staff", userId: "bench", email: "bench@example.org", emailVerified: true, firstLogin: false, roles: ["admin"], isAdministrator: true, permissions: allPermissions(), twoFactorRequired: false },
    meta: { headers: new Headers(), clientAddress: "127.0.0.1", userAgent: "bench" },
  } as BackOfficeContext;
  const assets = await queryRows<{ id: string; locationId: string }>(db, sql`select id, location_id as "locationId" from assets`);
  const pick = <T>(items: readonly T[]) => items[randomInt(items.length)]!;
  // A new client address for every request, so the guests' rate limit never answers instead.
  let requests = 0;
  const meta = () => ({ clientAddress: `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}` });
  const guest = { guestName: "Bench Guest", guestEmail: "bench@example.com", numberOfGuests: 2 };

  const bookedDates: Scenario = {
    name: "booked dates",
    prepare: async () => {
      const assetId = pick(assets).id;
      const now = noonOf(randomDay());
      return async () => {
        if (!(await listBookedRanges(db, assetId, now))) throw new Error("asset not found");
      };
    },
  };

  const clashes = await queryRows<{ assetId: string; checkIn: string; nights: number }>(
    db,
    sql`select asset_id as "assetId", check_in_date::text as "checkIn", number_of_nights as nights from bookings
        where status <> 'cancelled' order by random() limit ${WARMUP + SAMPLES}`,
  );
  let clash = 0;
  const clashingBooking: Scenario = {
    name: "booking, clashing (Dates Unavailable)",
    prepare: async () => {
      // 1–3 nights from one of the stay's own nights, asked for up to 700 days ahead.
      const stay = clashes[clash++ % clashes.length]!;
      const checkIn = addDays(stay.checkIn, randomInt(stay.nights));
      const now = noonOf(addDays(checkIn, -1 - randomInt(700)));
      const input = { assetId: stay.assetId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 1 + randomInt(3)), ...guest };
      return async () => {
        const result = await createBooking(platform, anonymous, input, meta(), now);
        if (result.ok || result.status !== 409) throw new Error(`expected Dates Unavailable, got ${JSON.stringify(result)}`);
      };
    },
  };

  let booked: string | undefined;
  const freeBooking: Scenario = {
    name: "booking, free nights (booked)",
    prepare: async () => {
      if (booked) await removeBooking(db, booked);
      booked = undefined;
      // The first free night of a random asset from a random day: a night no stay holds.
      const assetId = pick(assets).id;
      const from = randomDay();
      const [free] = await queryRows<{ day: string }>(
        db,
        sql`select day::text from (select ${from}::date as day union all select upper(nights) from asset_nights where asset_id = ${assetId}) d
            where day >= ${from}::date and not exists (select 1 from asset_nights n where n.asset_id = ${assetId} and n.nights @> d.day)
            order by day limit 1`,
      );
      const checkIn = free!.day;
      const now = noonOf(addDays(checkIn, -1 - randomInt(700)));
      const input = { assetId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 1), ...guest };
      return async () => {
        const result = await createBooking(platform, anonymous, input, meta(), now);
        if (!result.ok) throw new Error(`expected a booking, got ${JSON.stringify(result)}`);
        booked = result.value.id;
      };
    },
  };

  const calendarMonth: Scenario = {
    name: "calendar month (one campground)",
    prepare: async () => {
      const location = pick(assets).locationId;
      const month = randomDay().slice(0, 7);
      return async () => {
        const occupancy = await loadOccupancy(ctx, { location, month }, noonOf(`${month}-15`));
        if (occupancy.assets.length !== ASSETS_PER_LOCATION) throw new Error("wrong campground");
      };
    },
  };

  return {
    scenarios: [bookedDates, clashingBooking, freeBooking, calendarMonth],
    finish: async () => {
      if (booked) await removeBooking(db, booked);
    },
  };
}

async function removeBooking(db: Database, id: string) {
  await db.execute(sql`delete from outbox_messages where idempotency_key = ${`booking-confirmation:${id}`}`);
  await db.execute(sql`delete from bookings where id = ${id}`);
}

type Row = { engine: string; size: number; figures: Figure[] };

/**
 * Fills a database of each size, then times them all together, a call on each in turn: how a
 * figure grows with the stays is then measured under the same load on a shared machine.
 */
async function runEngine(engine: "postgres" | "pglite", sizes: number[]): Promise<Row[]> {
  const opened: { size: number; handle: DatabaseHandle; scratch?: ScratchDatabase; dataDir?: string }[] = [];
  try {
    for (const size of sizes) {
      const scratch = engine === "postgres" ? await createScratchDatabase(baseUrl) : undefined;
      const dataDir = engine === "pglite" ? mkdtempSync(path.join(tmpdir(), "apiary-bench-")) : undefined;
      const handle = await openDatabase({ databaseUrl: scratch?.url, dataDir, poolMax: 4 });
      opened.push({ size, handle, scratch, dataDir });
      await runMigrations(handle);
      const steps = await fill(handle.db, size);
      const check = await checkFill(handle.db, size);
      const total = Object.values(steps).reduce((sum, s) => sum + s, 0);
      const detail = Object.entries(steps).map(([name, s]) => `${name} ${s.toFixed(1)}`).join(", ");
      console.log(`${engine}: ${size.toLocaleString("en-US")} stays (${check.live.toLocaleString("en-US")} live) in ${total.toFixed(1)} s (${detail})`);
    }
    const sets = await Promise.all(opened.map(({ handle }) => scenariosOf(handle.db)));
    // Milliseconds on a shared machine mean little without how busy it was.
    const load = () => loadavg()[0]!.toFixed(1);
    const before = load();
    const started = performance.now();
    const figures = await time(sets.flatMap((set) => set.scenarios));
    console.log(`${engine}: timed in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${before} before, ${load()} after, on ${availableParallelism()} cores`);
    for (const set of sets) await set.finish();
    const perSize = sets[0]!.scenarios.length;
    return opened.map(({ size }, i) => ({ engine, size, figures: figures.slice(i * perSize, (i + 1) * perSize) }));
  } finally {
    for (const { handle, scratch, dataDir } of opened) {
      await handle.close();
      if ("keep" in args && scratch) console.log(`kept ${scratch.url}`);
      else await scratch?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function printTable(rows: Row[]) {
  const smallest = Math.min(...rows.map((row) => row.size));
  const header = ["engine", "stays", "figure", "median ms", "p99 ms", `× ${smallest >= 1000 ? `${smallest / 1000}k` : smallest}`, "target", ""];
  const lines = rows.flatMap((row) =>
    row.figures.map((figure) => {
      const base = rows.find((r) => r.engine === row.engine && r.size === Math.min(...rows.filter((o) => o.engine === row.engine).map((o) => o.size)));
      const growth = figure.median / base!.figures.find((f) => f.name === figure.name)!.median;
      const guarded = figure.name === "booked dates" || figure.name.startsWith("booking, clashing");
      const month = figure.name.startsWith("calendar");
      const target = guarded ? `≤ ${TARGET_MS} ms, ≤ ${TARGET_GROWTH}×` : month ? `≤ ${MONTH_TARGET_MS} ms` : "";
      const ok = guarded ? figure.median <= TARGET_MS && growth <= TARGET_GROWTH : month ? figure.median <= MONTH_TARGET_MS : true;
      return [row.engine, row.size.toLocaleString("en-US"), figure.name, figure.median.toFixed(2), figure.p99.toFixed(2), growth.toFixed(2), target, target && row.engine === "postgres" ? (ok ? "ok" : "MISSED") : ""];
    }),
  );
  console.log(`\n${textTable(header, lines, { left: [2, 6] })}`);
  return lines.some((l) => l[7] === "MISSED");
}

const results: Row[] = [];
console.log(`${SAMPLES} samples after ${WARMUP} warm-up calls per figure; ${ASSETS} assets at ${LOCATIONS} campgrounds, stays from ${FIRST_DAY} over ${DAYS} days`);
for (const engine of ENGINES) results.push(...(await runEngine(engine, SIZES[engine])));
if (printTable(results)) process.exitCode = 1;
