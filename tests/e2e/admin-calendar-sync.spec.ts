import { addDays, todayIn } from "../../app/features/bookings/stay-dates";
import { icsFeed, startFeedServer } from "../setup/feed-server";
import { insertAsset, insertLocation } from "../factories/stays";
import { toast } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Calendar sync as an owner sets it up for an RV also listed on Airbnb: an address for Airbnb to
 * subscribe to, Airbnb's own calendar followed (its stay blocked here and shown in the occupancy
 * calendar), a failing feed that keeps its blocks and says why, and removing it. The rules:
 * features/calendar-sync/*.test.ts (both engines, the fetcher's guards, the feed's traps).
 */
test("an administrator shares an RV's calendar, follows Airbnb's, sees its block, a failure, and removes it", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const feeds = await startFeedServer();
  try {
    const db = server.platform.db;
    const tag = crypto.randomUUID().slice(0, 6);
    const location = await insertLocation(db, { name: `Sync Lake ${tag}` });
    const rv = await insertAsset(db, location.id, { name: `Sync RV ${tag}` });
    // A stay on Airbnb from the 3rd to the 6th of the month after next.
    const month = addDays(`${todayIn(location.timeZone).slice(0, 7)}-01`, 62).slice(0, 7);
    const monthName = new Date(`${month}-15T12:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    const short = monthName.slice(0, 3);
    feeds.set("/airbnb.ics", { body: icsFeed(`UID:stay-1@airbnb.com\nSUMMARY:Reserved\nDTSTART;VALUE=DATE:${month.replace("-", "")}03\nDTEND;VALUE=DATE:${month.replace("-", "")}06`) });

    await signIn.admin();
    await visit(`/admin/assets?q=${tag}`);
    await page.getByRole("button", { name: `Actions for ${rv.name}` }).click();
    await page.getByRole("link", { name: "Calendar sync" }).click();
    const dialog = page.getByRole("dialog", { name: "Calendar sync" });
    await expect(dialog.getByText("There is no address yet.")).toBeVisible();
    await expectAccessible(page, "Calendar sync dialog");

    await dialog.getByRole("button", { name: "Create an address" }).click();
    await expect(toast(page, "New calendar link")).toBeVisible();
    const address = await dialog.getByLabel("Address to share").inputValue();
    expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const published = await page.request.get(new URL(new URL(address).pathname, server.url).toString());
    expect(published.headers()["content-type"]).toContain("text/calendar");
    expect(await published.text()).toContain("BEGIN:VCALENDAR");

    await dialog.getByRole("textbox", { name: "Other site" }).fill("Airbnb");
    await dialog.getByLabel("Its calendar address (iCal export link)").fill(feeds.url("/airbnb.ics"));
    await dialog.getByRole("button", { name: "Follow calendar" }).click();
    await expect(toast(page, "Airbnb calendar added").filter({ hasText: "1 block from it." })).toBeVisible();
    await expect(dialog.getByText(/^Synced .*: 1 block$/)).toBeVisible();

    // The block holds its nights in the occupancy calendar.
    await page.goto(`/admin/bookings?calendar=${location.id}&month=${month}`);
    const calendar = page.getByRole("region", { name: `Occupancy at ${location.name}, ${monthName}` });
    await expect(calendar.getByRole("row", { name: new RegExp(`^${rv.name}`) }).getByText(`Blocked by the Airbnb calendar, ${short} 3 – ${short} 6`)).toBeAttached();
    await page.goBack();

    // Airbnb's address stops answering: the block stays, and the dialog says why.
    feeds.set("/airbnb.ics", { status: 503, body: "down" });
    await dialog.getByRole("button", { name: "Sync Airbnb now" }).click();
    await expect(toast(page, "Error").filter({ hasText: "Airbnb: The calendar address answered HTTP 503." })).toBeVisible();
    await expect(dialog.getByRole("alert").filter({ hasText: "Last attempt failed: The calendar address answered HTTP 503." })).toBeVisible();

    await dialog.getByRole("button", { name: "Stop following Airbnb" }).click();
    await expect(toast(page, "Airbnb calendar removed")).toBeVisible();
    await expect(dialog.getByText("Airbnb", { exact: true })).toHaveCount(0);
  } finally {
    await feeds.close();
  }
});
