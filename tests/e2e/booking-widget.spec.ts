import { addDays } from "../../app/features/bookings/stay-dates";
import { formatDay } from "../../app/ui/format";
import { dismissToasts, toast, uniqueEmail } from "./customer-helpers";
import { dropPosts } from "./network";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { insertStayAsset } from "../factories/stays";
import { bookedDates, chooseTrailer, expectPastDaysDisabled, freeStay, showDay, widget } from "./stays-helpers";

test("a visitor who is not signed in is sent to log in", async ({ page, visit }) => {
  await visit("/stanwood");
  await expect(widget(page).getByRole("heading", { name: "Reserve Your Dates" })).toBeVisible();
  await widget(page).getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Authentication Required")).toBeVisible();
  await expect(page).toHaveURL("/customer-auth?redirectTo=%2Fstanwood%23reserve");
});

test("a location with one stay has it chosen already, its calendar shown", async ({ page, server, signIn, visit }) => {
  const { location, asset } = await insertStayAsset(server.platform.db, `Cedar Cabin ${crypto.randomUUID().slice(0, 6)}`);
  await signIn.customer();
  await visit("/stanwood");
  await waitForHydration(page);
  await widget(page).getByLabel("Location").selectOption({ label: location.name });
  // The field stays (the spec lists it), with the one stay there chosen: the customer goes straight to the dates.
  await expect(widget(page).getByRole("combobox", { name: "Stay" })).toHaveValue(asset.id);
  await expect(widget(page).locator(".rdp-root")).toBeVisible();
});

test("a customer picks free dates on the calendar and books; booked and past days can't be picked", async ({ page, signIn, visit }) => {
  const { email } = await signIn.customer();
  await visit("/stanwood");
  await waitForHydration(page);
  const assetId = await chooseTrailer(page);
  await expectAccessible(page, "booking widget with calendar");

  const { today, ranges } = await bookedDates(page.request, assetId);
  await expectPastDaysDisabled(widget(page), today);

  // Book two nights, then a day whose 2-night stay would run into them must be disabled.
  await widget(page).getByLabel("Nights").selectOption("2");
  const stay = await freeStay(page.request, assetId, 2, { earliest: 5, within: 40, random: false, oneMonth: true, freeDayBefore: true });
  const cell = await showDay(page, stay.checkIn);
  await expect(cell).not.toHaveAttribute("data-disabled", "true");

  // The calendar comes before the button on a phone as on a laptop: nobody sends a request without seeing the dates.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const calendarBox = await widget(page).getByRole("group", { name: "Check-in date" }).boundingBox();
    const buttonBox = await widget(page).getByRole("button", { name: "Request Booking" }).boundingBox();
    // Above the button, or beside it on the left.
    const above = calendarBox!.y + calendarBox!.height <= buttonBox!.y;
    const leftOf = calendarBox!.x + calendarBox!.width <= buttonBox!.x && calendarBox!.y <= buttonBox!.y;
    expect(above || leftOf, `at ${width} px: calendar ${JSON.stringify(calendarBox)}, button ${JSON.stringify(buttonBox)}`).toBe(true);
  }
  // What is missing is named (the spec's title kept).
  await widget(page).getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Missing Information")).toContainText("Please add a check-in date and your name.");

  await cell.getByRole("button").click();
  await expect(widget(page).getByText(`Staying 2 nights from`)).toBeVisible();
  await expect(widget(page).getByLabel("Email")).toHaveValue(email);
  await widget(page).getByLabel("Name").fill("Widget Guest");
  await widget(page).getByLabel("Guests").selectOption("3");
  await expect(widget(page).getByText("$330", { exact: true })).toBeVisible();
  // The connection drops: the spec's fallback words, and the widget keeps the stay.
  const restore = await dropPosts(page);
  await widget(page).getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Booking Failed")).toContainText("Something went wrong. Please try again.");
  await expect(widget(page).getByText("$330", { exact: true })).toBeVisible();
  await expect(widget(page).getByLabel("Name")).toHaveValue("Widget Guest");
  await restore();
  await dismissToasts(page);
  await widget(page).getByRole("button", { name: "Request Booking" }).click();

  await expect(page).toHaveURL("/sponsor-profile?tab=bookings");
  await expect(toast(page, "Booking Request Submitted!")).toBeVisible();
  // The new request is listed under My Bookings straight away.
  const row = page.getByRole("row").filter({ hasText: formatDay(stay.checkIn) });
  await expect(row).toContainText("Lakeside RV Trailer");
  await expect(row).toContainText("$330");
  const after = await bookedDates(page.request, assetId);
  expect(after.ranges).toContainEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  expect(ranges).not.toContainEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut });

  // Back on the calendar: those nights, and the day before (2 nights would run into them), are taken.
  await page.goto("/stanwood");
  await waitForHydration(page);
  await chooseTrailer(page);
  await widget(page).getByLabel("Nights").selectOption("2");
  await expect(await showDay(page, stay.checkIn)).toHaveAttribute("data-disabled", "true");
  await expect(widget(page).locator(`td[data-day="${addDays(stay.checkIn, 1)}"]:not([data-outside])`)).toHaveAttribute("data-disabled", "true");
  // Booked nights look booked (and say so), unlike days a stay would not fit or past days; a legend tells them apart.
  const bookedCell = widget(page).locator(`td[data-day="${stay.checkIn}"]:not([data-outside])`);
  await expect(bookedCell).toHaveClass(/apiary-booked/);
  await expect(bookedCell.getByRole("button")).toHaveAccessibleName(/, booked$/);
  const legend = widget(page).getByRole("list", { name: "What the days show" });
  await expect(legend.getByRole("listitem")).toHaveText([/^Free$/, /Booked$/, /Free, but your stay would not fit$/, /Past$/]);
  // The day before was free and ahead (freeStay's freeDayBefore, five days out at the least): only the new stay closes it.
  await expect(widget(page).locator(`td[data-day="${addDays(stay.checkIn, -1)}"]:not([data-outside])`)).toHaveAttribute("data-disabled", "true");
});

test("nights taken by someone else while the page was open give Dates Unavailable", { tag: "@engine" }, async ({ page, signIn, visit }) => {
  await signIn.customer();
  await visit("/stanwood");
  await waitForHydration(page);
  const assetId = await chooseTrailer(page);
  await widget(page).getByLabel("Nights").selectOption("1");
  const stay = await freeStay(page.request, assetId, 1, { earliest: 45, within: 40, random: false });
  const cell = await showDay(page, stay.checkIn);
  await cell.getByRole("button").click();
  await widget(page).getByLabel("Name").fill("Second Guest");

  // Another guest books the same night in the portal first.
  const taken = await page.request.post("/adopt-hive-signup?index", {
    form: { intent: "book", assetId, checkInDate: stay.checkIn, checkOutDate: stay.checkOut, guestName: "First Guest", guestEmail: uniqueEmail("first") },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(taken.status()).toBe(302);

  await widget(page).getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Dates Unavailable")).toContainText("These dates are already booked. Please select different dates.");
  await expect(page).toHaveURL(/\/stanwood/);
  // The calendar refreshed: that night is now taken.
  await expect(widget(page).locator(`td[data-day="${stay.checkIn}"]:not([data-outside])`)).toHaveAttribute("data-disabled", "true");
});
