import { BACK_OFFICE_TIME_ZONE } from "../../app/features/back-office/format";
import { addDays, todayIn } from "../../app/features/bookings/stay-dates";
import { insertCustomer, insertStaffRole } from "../factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../factories/sponsorships";
import { insertAsset, insertBooking, insertLocation } from "../factories/stays";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The day's overview as staff meet it: an administrator lands on Bookings with it between the
 * heading and the occupancy calendar, follows its figures to lists that show as many rows, sees
 * the menu's count of requests move when one arrives, and folds it away for good (at 1280 px,
 * then on a 390 px phone). Staff who may not view bookings land on their first screen with the
 * parts they may see. The figures against known answers, and who sees which part:
 * features/overview/day-overview.test.ts.
 */
test("an administrator lands on Bookings with the day's overview: figures that match their lists, a live count, folded away and remembered", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const now = server.clock.now();
  const today = todayIn("America/Los_Angeles", new Date(now));
  const location = await insertLocation(db, { name: `Fernhill ${tag}` });
  const rv = await insertAsset(db, location.id, { name: `Fern RV ${tag}` });
  const stay = (guestName: string, from: number, nights: number, status: "pending" | "confirmed", createdAt = new Date(now)) =>
    insertBooking(db, rv.id, { guestName, guestEmail: `guest-${tag}@example.com`, checkInDate: addDays(today, from), checkOutDate: addDays(today, from + nights), numberOfNights: nights, status, createdAt });
  await stay(`Arlo Arrives ${tag}`, 0, 2, "confirmed");
  // Waiting longer than anything the other specs make: among the oldest requests named.
  await stay(`Pia Pending ${tag}`, 10, 3, "pending", new Date(now - 9 * 86_400_000));

  await signIn.admin();
  await visit("/admin");
  await expect(page).toHaveURL("/admin/bookings");
  const overview = page.getByRole("region", { name: /^Today/ });
  const calendar = page.getByRole("region", { name: /^Occupancy at/ });
  // Between the screen's heading and the occupancy calendar, which stays as it was.
  const top = async (locator: typeof overview) => (await locator.boundingBox())!.y;
  expect(await top(page.getByRole("heading", { level: 1, name: "Bookings" }))).toBeLessThan(await top(overview));
  expect(await top(overview)).toBeLessThan(await top(calendar));

  // The requests waiting: the figure, the menu's count and the list agree.
  const waiting = overview.getByRole("link", { name: /^\d+ requests? waiting$/ });
  const pending = Number.parseInt((await waiting.textContent())!, 10);
  const menu = page.getByRole("navigation", { name: "Back-office" });
  await expect(menu.getByRole("link", { name: `Bookings (${pending} waiting)` })).toBeVisible();
  // The innermost item: the request itself, inside the requests tile.
  await expect(overview.getByRole("listitem").filter({ hasText: `Pia Pending ${tag}` }).last()).toContainText(`Pia Pending ${tag}, Test Meadow, from ${shortDay(addDays(today, 10))}waiting 9 days`);

  // Today's arrival at the new location, one click from its list.
  await overview.getByRole("link", { name: `1 arriving at ${location.name} today` }).click();
  await expect(page).toHaveURL(`/admin/bookings?location=${location.id}&arriving=${today}`);
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await expect(page.getByRole("region", { name: "Bookings list" }).getByRole("row").filter({ hasText: `Arlo Arrives ${tag}` })).toBeVisible();
  await expect(page.getByLabel("Arriving on")).toHaveValue(today);

  await waiting.click();
  await expect(page).toHaveURL("/admin/bookings?status=pending&sort=created&dir=asc");
  await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${pending}$`))).toBeVisible();

  // A request made elsewhere: the menu's count and the figure move without a reload.
  await stay(`Quinn Later ${tag}`, 20, 2, "pending");
  await expect(menu.getByRole("link", { name: `Bookings (${pending + 1} waiting)` })).toBeVisible();
  await expect(overview.getByRole("link", { name: `${pending + 1} requests waiting` })).toBeVisible();

  // Folded away, it stays so for this person, reload or not.
  const toggle = overview.getByRole("button", { name: "Hide" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(overview.getByRole("button", { name: "Show" })).toHaveAttribute("aria-expanded", "false");
  await expect(overview.getByRole("listitem")).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(overview.getByRole("button", { name: "Show" })).toHaveAttribute("aria-expanded", "false");
  await expect(overview.getByRole("listitem")).toHaveCount(0);
  await overview.getByRole("button", { name: "Show" }).click();
  await expect(overview.getByRole("link", { name: `${pending + 1} requests waiting` })).toBeVisible();

  // On a phone: nothing to scroll sideways, every figure within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  // The day in short, so that the heading keeps to one line beside its button.
  await expect(overview.getByRole("heading", { level: 2 })).toHaveText(/^Today · \w{3}, \w{3} \d{1,2}$/, { useInnerText: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const link of await overview.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectAccessible(page, "/admin/bookings with the overview, 390 px");
});

test("staff who may not view bookings land on their first screen with the parts of the overview they may see", async ({ page, server, signIn, visit }) => {
  const db = server.platform.db;
  const tag = crypto.randomUUID().slice(0, 6);
  const location = await insertLocation(db, { name: `Thistle ${tag}` });
  const hive = await insertHive(db, location.id, { name: `Thistle Hive ${tag}` });
  // Not offered on the site: other specs on this server count the adoption page's tiers.
  const tier = await insertTier(db, { isActive: false });
  const sponsor = await insertCustomer(db);
  await insertAdoption(db, sponsor, tier.id, { status: "active", hiveId: hive.id });
  await insertAdoption(db, sponsor, tier.id);

  await signIn.admin({ role: await insertStaffRole(db, { hive_adoptions: ["view"], hives: ["view"] }) });
  await visit("/admin");
  await expect(page).toHaveURL("/admin/hive-adoptions");
  const overview = page.getByRole("region", { name: /^Today/ });
  await expect(overview.getByRole("heading", { level: 3 })).toHaveText(["Hive adoptions", `Payments in ${monthOf(server.clock.now())}`, "Hive updates"]);
  await expect(page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: /^Hive Adoptions \(\d+ waiting\)$/ })).toBeVisible();

  await overview.getByRole("link", { name: /^\d+ hives? due an update$/ }).click();
  await expect(page).toHaveURL("/admin/hives?update=due");
  await expect(page.getByRole("row").filter({ hasText: hive.name })).toBeVisible();
  // The overview is the landing screen's, not every screen's.
  await expect(page.getByRole("heading", { level: 1, name: "Hives" })).toBeVisible();
  await expect(overview).toHaveCount(0);
});

const monthOf = (now: number) => new Intl.DateTimeFormat("en-US", { month: "long", timeZone: BACK_OFFICE_TIME_ZONE }).format(new Date(now));
const shortDay = (day: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
