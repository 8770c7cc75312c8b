import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../../tests/setup/databases";
import * as s from "../schema";
import { backgroundSectionTitles } from "./demo-content";
import { seedDemoData, seedIfFirstStart } from "./seed.server";

const cents = (money: string) => Math.round(Number(money) * 100);

describe.each(testEngines())("demo data on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  async function counts() {
    const tables = [s.locations, s.assets, s.hiveTiers, s.menuItems, s.posts, s.pages, s.rolePermissions] as const;
    return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
  }

  it("loads on the first start only, and running the seed again adds nothing", async () => {
    expect(await seedIfFirstStart(t.db)).toBe(true);
    const first = await counts();
    expect(first.every((n) => n > 0)).toBe(true);
    expect(await seedIfFirstStart(t.db)).toBe(false);
    await seedDemoData(t.db);
    expect(await counts()).toEqual(first);
  });

  it("does not bring back demo rows an admin deleted when the server restarts", async () => {
    await t.db.delete(s.menuItems).where(eq(s.menuItems.path, "/blog"));
    await seedIfFirstStart(t.db);
    expect(await t.db.select().from(s.menuItems).where(eq(s.menuItems.path, "/blog"))).toEqual([]);
    await seedDemoData(t.db); // the explicit `npm run db:seed` does restore what is missing
    expect(await t.db.select().from(s.menuItems).where(eq(s.menuItems.path, "/blog"))).toHaveLength(1);
  });

  it("has Stanwood with one bookable RV, and the planned sites without bookable assets", async () => {
    const rows = await t.db
      .select({ location: s.locations.name, timeZone: s.locations.timeZone, asset: s.assets })
      .from(s.locations)
      .leftJoin(s.assets, eq(s.assets.locationId, s.locations.id))
      .orderBy(asc(s.locations.name));
    const stanwood = rows.filter((r) => r.location === "Stanwood");
    expect(stanwood).toHaveLength(1);
    expect(stanwood[0]!.timeZone).toBe("America/Los_Angeles");
    expect(stanwood[0]!.asset).toMatchObject({ type: "rv", status: "available", checkInTime: "15:00:00", checkOutTime: "11:00:00" });
    expect(cents(stanwood[0]!.asset!.pricePerNight)).toBeGreaterThan(5_000);
    for (const planned of ["Arlington", "Eastern Washington"]) {
      expect(rows.find((r) => r.location === planned)?.asset).toBeNull();
    }
  });

  it("has the four tiers in order, priced inside the spec's ranges with the advertised 8 % annual saving", async () => {
    const tiers = await t.db.select().from(s.hiveTiers).orderBy(asc(s.hiveTiers.displayOrder));
    expect(tiers.map((tier) => tier.name)).toEqual(["Forager", "Guardian", "Steward", "Colony Partner"]);
    expect(tiers.every((tier) => tier.isActive)).toBe(true);
    const ranges: [number, number][] = [
      [199_00, 299_00],
      [499_00, 699_00],
      [1_500_00, 2_500_00],
      [5_000_00, Infinity],
    ];
    tiers.forEach((tier, i) => {
      const annual = cents(tier.priceAnnual);
      expect(annual).toBeGreaterThanOrEqual(ranges[i]![0]);
      expect(annual).toBeLessThanOrEqual(ranges[i]![1]);
      const saving = 1 - annual / (12 * cents(tier.priceMonthly));
      expect(saving).toBeGreaterThan(0.075);
      expect(saving).toBeLessThan(0.085);
      expect(tier.perks.length).toBeGreaterThan(2);
    });
    expect(tiers[1]!.perks.join(" ")).toMatch(/day pass/);
    expect(tiers[1]!.perks.join(" ")).toMatch(/10% off stays and workshops/);
  });

  it("has visible menu items, two published posts and a draft, and the about page with the five background titles", async () => {
    const menu = await t.db.select().from(s.menuItems).where(eq(s.menuItems.isVisible, true));
    expect(menu.length).toBeGreaterThanOrEqual(5);
    const posts = await t.db.select().from(s.posts);
    expect(posts.filter((p) => p.published)).toHaveLength(2);
    expect(posts.filter((p) => !p.published)).toHaveLength(1);
    const [about] = await t.db.select().from(s.pages).where(eq(s.pages.slug, "about"));
    expect(about!.sections.map((section) => section.title)).toEqual([...backgroundSectionTitles]);
  });

  it("grants admins everything and customers only what they need", async () => {
    const perms = await t.db.select().from(s.rolePermissions);
    const admin = perms.filter((p) => p.role === "admin");
    expect(admin).toHaveLength(13);
    expect(admin.every((p) => p.canView && p.canCreate && p.canUpdate && p.canDelete)).toBe(true);
    const customer = perms.filter((p) => p.role === "customer");
    expect(customer.some((p) => p.canDelete)).toBe(false);
    expect(customer.find((p) => p.module === "users")).toBeUndefined();
    // The example staff roles: what they may do, and nobody holds them yet.
    const frontDesk = perms.filter((p) => p.role === "front_desk").map((p) => p.module).sort();
    expect(frontDesk).toEqual(["bookings", "hive_adoptions", "hives", "sponsors"]);
    expect(perms.filter((p) => p.role === "editor").every((p) => ["pages", "posts", "menu_items"].includes(p.module) && p.canDelete)).toBe(true);
    expect(await t.db.select().from(s.userRoles).where(inArray(s.userRoles.role, ["front_desk", "editor"]))).toEqual([]);
  });
});
