import { PASSWORD, toast, uniqueEmail } from "./customer-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { formatDay } from "../../app/ui/format";
import { chooseTrailer, freeStay, showDay, widget } from "./stays-helpers";

// What a first-time visitor meets on the way to a booking, on a phone and on a laptop.
for (const width of [390, 1280]) {
  test(`at ${width} px, a visitor sees price, times and free dates first, fills the widget, signs up on the way and finds everything still there`, async ({ page, visit }) => {
    await page.setViewportSize({ width, height: 844 });
    await visit("/stanwood");

    // At the top, before the gallery: the stay's price, its times in the 12-hour format, and its next free dates.
    const facts = page.getByRole("list", { name: "Stays, prices and next free dates" });
    const trailer = facts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Lakeside RV Trailer" }) });
    await expect(trailer).toContainText("$165");
    await expect(trailer).toContainText("From 3:00 PM");
    await expect(trailer).toContainText("By 11:00 AM");
    await expect(trailer.getByRole("definition").last().getByRole("listitem").first()).toHaveText(
      /^(From [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} \(\d+ nights?\))$/,
    );
    const factsBox = await facts.boundingBox();
    const galleryBox = await page.getByTestId("gallery").boundingBox();
    expect(factsBox!.y + factsBox!.height).toBeLessThan(galleryBox!.y);

    // Not signed in: the widget is filled in all the same.
    await widget(page).scrollIntoViewIfNeeded();
    await waitForHydration(page);
    const assetId = await chooseTrailer(page);
    await widget(page).getByLabel("Nights").selectOption("2");
    await widget(page).getByLabel("Guests").selectOption("3");
    const stay = await freeStay(page.request, assetId, 2, { earliest: 10, within: 300 });
    await (await showDay(page, stay.checkIn)).getByRole("button").click();
    await widget(page).getByLabel("Name").fill("Robin Lake");
    await widget(page).getByLabel("Phone").fill("+1 360 555 0142");
    await widget(page).getByRole("button", { name: "Request Booking" }).click();

    // Sent to sign in, told why; the Sign Up tab says the same.
    await expect(page).toHaveURL("/customer-auth?redirectTo=%2Fstanwood%23reserve");
    await expect(page.getByText("Sign in to finish your booking.")).toBeVisible();
    await page.getByRole("navigation", { name: "Log in or sign up" }).getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByText("Create your account to finish your booking.")).toBeVisible();
    const email = uniqueEmail("robin");
    await page.getByLabel("Your name").fill("Robin Account");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL("/stanwood#reserve");

    // Back on the widget with every choice and every word typed (the name typed there wins), and the account's e-mail.
    await waitForHydration(page);
    await expect(widget(page).getByRole("combobox", { name: "Stay" })).toHaveValue(assetId);
    await expect(widget(page).getByLabel("Nights")).toHaveValue("2");
    await expect(widget(page).getByLabel("Guests")).toHaveValue("3");
    await expect(widget(page).getByLabel("Name")).toHaveValue("Robin Lake");
    await expect(widget(page).getByLabel("Phone")).toHaveValue("+1 360 555 0142");
    await expect(widget(page).getByLabel("Email")).toHaveValue(email);
    await expect(widget(page).getByText(`Staying 2 nights from`)).toBeVisible();
    await expect(widget(page).getByText(formatDay(stay.checkIn), { exact: true })).toBeVisible();
    await widget(page).getByRole("button", { name: "Request Booking" }).click();
    await expect(toast(page, "Booking Request Submitted!")).toBeVisible();
  });
}

test("the name given at sign-up or in the profile fills the booking forms; none is made up from the e-mail", async ({ page, signIn, visit }) => {
  // On a phone: the profile's form and the widget stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn.customer({ email: uniqueEmail("sam.sponsor") });
  await visit("/stanwood");
  await widget(page).scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await expect(widget(page).getByLabel("Name")).toHaveValue("");

  await visit("/sponsor-profile?tab=profile&edit=1");
  await page.getByRole("textbox", { name: /^Name/ }).fill("Sam Sponsor");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("definition").filter({ hasText: "Sam Sponsor" })).toBeVisible();

  await visit("/stanwood");
  await widget(page).scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await expect(widget(page).getByLabel("Name")).toHaveValue("Sam Sponsor");
});

test("at 390 px, a chosen tier's adoption card comes into view with the keyboard on its title", async ({ page, signIn, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn.customer();
  await visit("/adopt-hive-signup");
  await page.getByRole("link", { name: "Choose Guardian", exact: true }).click();
  const title = page.getByRole("heading", { name: "Complete your Guardian adoption" });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
});
