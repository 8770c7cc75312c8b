import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { addDays, overlapsAny, type BookedRange } from "../../app/features/bookings/stay-dates";
import { expect, waitForHydration } from "./fixtures";

/** The property's today and the asset's booked stays, as the calendar sees them. */
export async function bookedDates(request: APIRequestContext, assetId: string) {
  const response = await request.get(`/api/assets/${assetId}/booked-dates`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { today: string; ranges: BookedRange[] };
}

/**
 * A free stay of `nights` nights. The demo trailer is shared by every test (and, on PostgreSQL,
 * by earlier runs), so a random start well ahead keeps tests apart; `within` days from
 * `earliest` days ahead bounds it for the calendar. `oneMonth`: the day before the stay and all
 * its nights fall in one month, for a test that looks at them on one page of the calendar
 * whatever today's date. `freeDayBefore`: nobody has booked the day before either.
 */
export async function freeStay(request: APIRequestContext, assetId: string, nights: number, { earliest = 30, within = 600, random = true, oneMonth = false, freeDayBefore = false } = {}) {
  const { today, ranges } = await bookedDates(request, assetId);
  const month = (day: string) => day.slice(0, 7);
  for (let attempt = 0; attempt < 500; attempt++) {
    const offset = random ? earliest + randomInt(within) : earliest + attempt;
    const checkIn = addDays(today, offset);
    const checkOut = addDays(checkIn, nights);
    if (oneMonth && (month(addDays(checkIn, -1)) !== month(checkIn) || month(addDays(checkOut, -1)) !== month(checkIn))) continue;
    if (freeDayBefore && overlapsAny(addDays(checkIn, -1), checkIn, ranges)) continue;
    if (!overlapsAny(checkIn, checkOut, ranges)) return { today, checkIn, checkOut };
  }
  throw new Error("no free stay found");
}

/** Opens the portal's Glamping tab and picks the demo location and its trailer; returns the asset id. */
export async function openPortalBooking(page: Page) {
  await page.goto("/adopt-hive-signup?tab=booking");
  // The location's assets load through React (a choice made before the tab's code is here is acted on once it is).
  await waitForHydration(page);
  await page.getByLabel("Location").selectOption({ label: "Stanwood" });
  await expect(page.getByLabel("Stay")).toBeVisible();
  await page.getByLabel("Stay").selectOption({ label: "Lakeside RV Trailer · $165/night" });
  await expect(page.getByRole("heading", { name: /Booking details/ })).toBeVisible();
  return page.locator('input[name="assetId"]').inputValue();
}

/** In the portal's booking details (JavaScript on): the nights, then the check-in day on the calendar. */
export async function pickPortalStay(page: Page, checkIn: string, nights: number) {
  await page.getByLabel("Nights").selectOption(String(nights));
  const cell = page.locator(`td[data-day="${checkIn}"]:not([data-outside])`);
  for (let i = 0; i < 24 && (await cell.count()) === 0; i++) {
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
  }
  await cell.getByRole("button").click();
  await expect(page.getByText(`Staying ${nights} ${nights === 1 ? "night" : "nights"} from`)).toBeVisible();
}

/**
 * Past days can't be picked, whatever today's date: the check-in calendar opens on today's month
 * and won't go back a month, and every earlier day of that month (none on the 1st) is disabled.
 * `today` is the property's (`bookedDates`), which the calendar also starts from.
 */
export async function expectPastDaysDisabled(scope: Page | Locator, today: string) {
  const calendar = scope.getByRole("group", { name: "Check-in date" });
  await expect(calendar.getByRole("button", { name: "Go to the Previous Month" })).toBeDisabled();
  const firstOfMonth = `${today.slice(0, 8)}01`;
  await expect(calendar.locator("td[data-day]:not([data-outside])").first()).toHaveAttribute("data-day", firstOfMonth);
  for (let day = firstOfMonth; day < today; day = addDays(day, 1)) {
    await expect(calendar.locator(`td[data-day="${day}"]:not([data-outside])`)).toHaveAttribute("data-disabled", "true");
  }
}

/** The booking widget (/stanwood). */
export const widget = (page: Page) => page.getByRole("region", { name: "Reserve Your Dates" });

/** Chooses the demo trailer in the widget and waits for its calendar; returns its id. */
export async function chooseTrailer(page: Page) {
  await widget(page).getByLabel("Location").selectOption({ label: "Stanwood" });
  const select = widget(page).getByRole("combobox", { name: "Stay" });
  await expect(select.getByRole("option", { name: "Lakeside RV Trailer · $165/night" })).toHaveCount(1);
  await select.selectOption({ label: "Lakeside RV Trailer · $165/night" });
  const assetId = await select.inputValue();
  await expect(widget(page).locator(".rdp-root")).toBeVisible();
  return assetId;
}

/** Pages the calendar forward until `day` (yyyy-MM-dd) is shown; returns its cell. */
export async function showDay(page: Page, day: string) {
  const cell = widget(page).locator(`td[data-day="${day}"]:not([data-outside])`);
  for (let i = 0; i < 24 && (await cell.count()) === 0; i++) {
    await widget(page).getByRole("button", { name: "Go to the Next Month" }).click();
  }
  return cell;
}
