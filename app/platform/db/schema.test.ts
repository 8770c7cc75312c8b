import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { readFileSync } from "node:fs";
import path from "node:path";
import { queryRows } from "./client.server";
import { migrationsFolder, runMigrations } from "./migrate.server";
import { sqlStateOf, SqlState } from "./errors";
import { assets, bookings, hiveTiers, locations, pages, users } from "./schema";

describe.each(testEngines())("schema on $name", ({ open }) => {
  let t: TestDatabase;
  let assetId: string;
  beforeAll(async () => {
    t = await open();
    const [location] = await t.db.insert(locations).values({ name: "Test Lake", address: "1 Shore Rd" }).returning();
    const [asset] = await t.db
      .insert(assets)
      .values({ locationId: location!.id, name: "Test RV", pricePerNight: "150.00" })
      .returning();
    assetId = asset!.id;
  });
  afterAll(() => t?.dispose());

  const stay = (
    checkIn: string,
    checkOut: string,
    status: "pending" | "confirmed" | "cancelled" = "pending",
    numberOfGuests = 2,
  ) => {
    const nights = (Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000;
    return t.db
      .insert(bookings)
      .values({
        assetId,
        location: "Test Lake",
        guestName: "A Guest",
        guestEmail: "guest@example.com",
        checkInDate: checkIn,
        checkOutDate: checkOut,
        numberOfNights: nights,
        totalAmount: (150 * nights).toFixed(2),
        experienceType: "rv",
        status,
        numberOfGuests,
      })
      .returning();
  };

  it("is migrated to the last migration, and migrating again changes nothing", async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
    expect(await applied()).toBe(journal.entries.length);
    await runMigrations(t);
    expect(await applied()).toBe(journal.entries.length);
  });

  it("refuses an overlapping stay with SQLSTATE 23P01 and accepts an adjacent one", async () => {
    await stay("2030-06-10", "2030-06-13");
    const clash = await stay("2030-06-12", "2030-06-14").catch((e: unknown) => e);
    expect(sqlStateOf(clash)).toBe(SqlState.exclusionViolation);
    // Check-out day is free for the next guest, on both sides.
    await expect(stay("2030-06-13", "2030-06-15")).resolves.toHaveLength(1);
    await expect(stay("2030-06-08", "2030-06-10")).resolves.toHaveLength(1);
  });

  it("lets confirmed bookings block and cancelled ones free their dates", async () => {
    const [confirmed] = await stay("2030-07-01", "2030-07-05", "confirmed");
    expect(sqlStateOf(await stay("2030-07-04", "2030-07-06").catch((e: unknown) => e))).toBe(SqlState.exclusionViolation);
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, confirmed!.id));
    await expect(stay("2030-07-01", "2030-07-05")).resolves.toHaveLength(1);
    // A cancelled stay never blocks, even over other cancelled ones.
    await expect(stay("2030-07-01", "2030-07-05", "cancelled")).resolves.toHaveLength(1);
  });

  it("checks dates, nights, guests and money", async () => {
    expect(sqlStateOf(await stay("2030-08-05", "2030-08-05").catch((e: unknown) => e))).toBe(SqlState.checkViolation);
    expect(sqlStateOf(await stay("2030-08-05", "2030-08-01").catch((e: unknown) => e))).toBe(SqlState.checkViolation);
    const badGuests = await stay("2030-09-01", "2030-09-02", "pending", 0).catch((e: unknown) => e);
    expect(sqlStateOf(badGuests)).toBe(SqlState.checkViolation);
    const negativePrice = await t.db.insert(hiveTiers).values({ name: "Broken", priceAnnual: "-1" }).catch((e: unknown) => e);
    expect(sqlStateOf(negativePrice)).toBe(SqlState.checkViolation);
    const badStatus = await t.db.execute(sql`update assets set status = 'demolished'`).catch((e: unknown) => e);
    expect(sqlStateOf(badStatus)).toBe("22P02"); // invalid input value for enum
  });

  it("keeps money exact as numeric(10,2)", async () => {
    const [tier] = await t.db.insert(hiveTiers).values({ name: "Exact", priceMonthly: "0.1", priceAnnual: "0.2" }).returning();
    const [row] = await queryRows<{ sum: string }>(
      t.db,
      sql`select (price_monthly + price_annual)::text as sum from hive_tiers where id = ${tier!.id}`,
    );
    expect(row!.sum).toBe("0.30");
  });

  it("maintains updated_at in the database", async () => {
    const [page] = await t.db.insert(pages).values({ slug: "timing", title: "Timing" }).returning();
    await t.db.execute(sql`select pg_sleep(0.01)`);
    const [updated] = await t.db.update(pages).set({ title: "Timing 2" }).where(eq(pages.id, page!.id)).returning();
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(page!.updatedAt.getTime());
    const badSlug = await t.db.insert(pages).values({ slug: "Not A Slug", title: "x" }).catch((e: unknown) => e);
    expect(sqlStateOf(badSlug)).toBe(SqlState.checkViolation);
  });

  it("0014 clears the names sign-up used to make from the e-mail, and keeps real ones", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const person = (name: string, local: string) => ({ id: crypto.randomUUID(), email: `${local}-${tag}@example.com`, name: name.replace("{tag}", tag) });
    const madeUp = person("sam.sponsor-{tag}", "sam.sponsor");
    const real = person("Sam Sponsor", "sam.real");
    const empty = person("", "sam.empty");
    await t.db.insert(users).values([madeUp, real, empty]);
    await t.db.execute(sql.raw(readFileSync(path.join(migrationsFolder(), "0014_account_names.sql"), "utf8")));
    const names = await t.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [madeUp.id, real.id, empty.id]));
    expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({ [madeUp.id]: "", [real.id]: "Sam Sponsor", [empty.id]: "" });
  });
});
