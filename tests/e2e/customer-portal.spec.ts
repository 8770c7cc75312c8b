import { STAFF_AT_CUSTOMER_DOOR } from "../../app/features/accounts/customer-door";
import { dismissToasts, logIn, signUp, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, holdBack, reactOwns, scriptsFetched, test, waitForHydration } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { E2E_SETTINGS } from "./test-server";
import { dropPosts } from "./network";
import { addDays } from "../../app/features/bookings/stay-dates";
import { bookedDates, expectPastDaysDisabled, freeStay, openPortalBooking, pickPortalStay } from "./stays-helpers";

test("a guest books a stay in the portal, gets the e-mail with its calendar file, and cancels from the link", async ({ page, context, visit }) => {
  // A booking, its e-mail and the cancel link: 25 s alone, past 30 s beside the rest of the suite.
  test.setTimeout(60_000);
  await visit("/adopt-hive-signup");
  await expect(page.getByRole("link", { name: "Adopt Hive" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Choose your tier" })).toBeVisible();

  await page.getByRole("link", { name: "Glamping" }).click();
  await expect(page).toHaveURL(/tab=booking/);
  await waitForHydration(page);
  const assetId = await openPortalBooking(page);
  await expectAccessible(page, "portal booking details");

  // Nothing chosen yet: the spec's "Select dates".
  await page.getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Select dates")).toContainText("Please select check-in and check-out dates");

  await expect(page.getByRole("alert").filter({ hasText: "Please select check-in and check-out dates" })).toBeVisible();
  await dismissToasts(page);

  // The widget's calendar: past days can't be picked (the server's own refusal is in the test without JavaScript).
  await expectPastDaysDisabled(page, (await bookedDates(page.request, assetId)).today);
  const stay = await freeStay(page.request, assetId, 3);
  // Someone else opens the same stay meanwhile, with the same nights still free.
  const other = await context.newPage();
  await openPortalBooking(other);
  await waitForHydration(other);
  await pickPortalStay(other, stay.checkIn, 3);

  await pickPortalStay(page, stay.checkIn, 3);
  await expect(page.getByText("$495", { exact: true })).toBeVisible(); // 3 × $165, shown before sending
  const email = uniqueEmail("guest");
  await page.getByLabel("Guest name").fill("Marigold Guest");
  await page.getByLabel("Guest email").fill(email);
  await page.getByLabel("Number of guests").fill("3");
  await page.getByRole("button", { name: "Request Booking" }).click();

  await expect(page).toHaveURL("/");
  const confirmation = toast(page, "Booking request submitted!");
  await expect(confirmation).toContainText("We'll contact you shortly to confirm your booking.");
  // A guest is told where the details are.
  await expect(confirmation).toContainText("The e-mail we sent you has the details and a link to see or cancel your request.");
  await expect(confirmation).toContainText(/Your reference: STA-[0-9A-F]{6}\./);
  expect((await bookedDates(page.request, assetId)).ranges).toContainEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut });

  const mail = await waitForMail(email, /Your booking request at Stanwood/);
  const ics = mail.attachments.find((a) => a.filename === "stay.ics");
  expect(ics?.content.toString("utf8")).toContain(`DTEND;VALUE=DATE:${stay.checkOut.replaceAll("-", "")}`);
  expect(mail.text).toContain("$495");

  // The other visitor sends the same nights: the database says no.
  await other.getByLabel("Guest name").fill("Late Guest");
  await other.getByLabel("Guest email").fill(uniqueEmail("late"));
  await other.getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(other, "Dates Unavailable")).toContainText("These dates are already booked. Please select different dates.");
  await other.close();

  // The private link from the e-mail: see the request, cancel it, the nights are free again.
  const origin = new URL(page.url()).origin;
  await visit(new URL(linkIn(mail, `${origin}/stay/`)).pathname);
  await expect(page.getByRole("heading", { name: "Your stay at Stanwood" })).toBeVisible();
  // The same short code in the e-mail and on the page.
  const code = /Booking reference\s+(STA-[0-9A-F]{6})/.exec(mail.text ?? "")?.[1];
  expect(code).toBeTruthy();
  await expect(page.getByRole("definition").filter({ hasText: code! })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Pending");
  // Asked first; keeping it changes nothing.
  await page.getByRole("link", { name: "Cancel this request" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this request?" })).toBeFocused();
  await page.getByRole("link", { name: "Keep my request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status:" })).toContainText("Pending");
  await page.getByRole("link", { name: "Cancel this request" }).click();
  await page.getByRole("button", { name: "Yes, cancel my request" }).click();
  await expect(toast(page, "Booking cancelled")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Status:" })).toContainText("Cancelled");
  await expect(page.getByRole("link", { name: "Cancel this request" })).toHaveCount(0);
  expect((await bookedDates(page.request, assetId)).ranges).not.toContainEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  // The guest's calendar loses the event; the organisation is told.
  const cancellation = await waitForMail(email, /is cancelled/);
  expect(cancellation.attachments.find((a) => a.filename === "stay.ics")?.content.toString("utf8")).toContain("METHOD:CANCEL");
  await waitForMail(E2E_SETTINGS.CONTACT_TO, /Booking request cancelled: Marigold Guest/);
  await dismissToasts(page);
  await expectAccessible(page, "guest stay page");

  await visit("/stay/not-a-real-link");
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
});

test("adopting needs an account: sign in, come back with the tier chosen, complete the adoption", async ({ page, visit }) => {
  await visit("/adopt-hive-signup");
  await page.getByRole("link", { name: "Choose Guardian" }).click();
  await expect(toast(page, "Please sign in")).toContainText("You need to be signed in to adopt a hive.");
  await expect(page).toHaveURL(/\/customer-auth\?redirectTo=%2Fadopt-hive-signup%3Ftier%3D/);
  // The sign-in page says why they are there.
  await expect(page.getByText("Sign in to adopt Guardian.")).toBeVisible();

  const email = uniqueEmail("sponsor");
  const back = decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo")!);
  await signUp(page, email, undefined, back);
  await waitForHydration(page);
  await expect(page.getByRole("main").getByText(`Signed in as ${email}`)).toBeVisible();
  const card = page.getByRole("form", { name: "Complete your Guardian adoption" });
  await expect(card).toBeVisible();
  await expect(card.getByLabel(/^Monthly/)).toBeChecked();
  await expect(card.getByLabel("Credit card")).toBeChecked();
  // The card opens below the tiers: it is brought into view, the keyboard starts there.
  await expect(card.getByRole("heading", { name: "Complete your Guardian adoption" })).toBeFocused();
  await expect(card.getByRole("heading", { name: "Complete your Guardian adoption" })).toBeInViewport();
  await dismissToasts(page);
  await expectAccessible(page, "adoption completion card");

  await card.getByLabel(/^Annual · \$599\/year/).check();
  await card.getByLabel("Crypto").check();
  await card.getByLabel("Hive name").fill("Queen Bea");
  // The session ends meanwhile: sign in again, and the card is as it was filled in.
  await page.context().clearCookies();
  await card.getByRole("button", { name: "Complete Adoption" }).click();
  await expect(page).toHaveURL(/\/customer-auth\?redirectTo=/);
  await expect(page.getByText("Sign in to adopt Guardian.")).toBeVisible();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/adopt-hive-signup\?tier=.*paymentFrequency=annual/);
  await waitForHydration(page);
  await expect(card.getByLabel(/^Annual · \$599\/year/)).toBeChecked();
  await expect(card.getByLabel("Crypto")).toBeChecked();
  await expect(card.getByLabel("Hive name")).toHaveValue("Queen Bea");
  await dismissToasts(page);
  // The connection drops: a toast, and the card keeps every choice.
  const restore = await dropPosts(page);
  await card.getByRole("button", { name: "Complete Adoption" }).click();
  await expect(toast(page, "Error creating adoption")).toContainText("Connection failed. Please check your internet and try again.");
  await expect(card.getByLabel("Hive name")).toHaveValue("Queen Bea");
  await expect(card.getByLabel(/^Annual · \$599\/year/)).toBeChecked();
  await restore();
  await dismissToasts(page);
  await card.getByRole("button", { name: "Complete Adoption" }).click();
  await expect(page).toHaveURL("/");
  const confirmation = toast(page, "Adoption request submitted!");
  await expect(confirmation).toContainText("Thank you for supporting bee conservation. Check your email for confirmation details.");
  await expect(confirmation.getByRole("link", { name: "See your adoption" })).toHaveAttribute("href", "/sponsor-profile?tab=adoptions");
  const mail = await waitForMail(email, /Welcome to the hive: your Guardian adoption/);
  expect(mail.text).toContain("$599 per year");
  expect(mail.text).toContain("Queen Bea");

  // The portal's own Logout.
  await page.goto("/adopt-hive-signup");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(toast(page, "Logged out")).toContainText("You have been successfully logged out.");
});

test("administrators see the portal's barred messages and no forms", async ({ page, signIn, visit }) => {
  await signIn.admin();

  await visit("/adopt-hive-signup");
  await expect(page.getByText(STAFF_AT_CUSTOMER_DOOR.adoption)).toBeVisible();
  const guardian = page.getByRole("link", { name: "Choose Guardian", exact: true });
  await guardian.click();
  await expect(page).toHaveURL(/tier=/);
  await expect(page.getByRole("button", { name: "Complete Adoption" })).toHaveCount(0);

  await visit("/adopt-hive-signup?tab=booking");
  await expect(page.getByText(STAFF_AT_CUSTOMER_DOOR.booking)).toBeVisible();
  await expect(page.getByLabel("Location")).toHaveCount(0);

  // Posted anyway, each customer function refuses staff with one status and the spec's words for it.
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { origin: new URL(page.url()).origin }, maxRedirects: 0 });
  for (const [path, form, words] of [
    ["/adopt-hive-signup?index", { intent: "adopt" }, STAFF_AT_CUSTOMER_DOOR.adoption],
    ["/adopt-hive-signup?index", { intent: "book" }, STAFF_AT_CUSTOMER_DOOR.booking],
    ["/api/bookings", { assetId: crypto.randomUUID(), checkInDate: "2030-01-01", checkOutDate: "2030-01-02", guestName: "Staff", guestEmail: "staff@example.com" }, STAFF_AT_CUSTOMER_DOOR.booking],
  ] as const) {
    const refused = await post(path, form);
    expect(refused.status(), path).toBe(403);
    expect(await refused.text(), path).toContain(words);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the portal's booking form works as plain forms, with the server's messages", async ({ page }) => {
    await page.goto("/adopt-hive-signup?tab=booking");
    await page.getByLabel("Location").selectOption({ label: "Stanwood" });
    await page.getByRole("button", { name: "Show stays" }).click();
    await page.getByLabel("Stay").selectOption({ label: "Lakeside RV Trailer · $165/night" });
    await page.getByRole("button", { name: "Continue" }).click();
    const assetId = await page.locator('input[name="assetId"]').inputValue();

    await page.getByLabel("Guest name").fill("Offline Guest");
    await page.getByLabel("Guest email").fill(uniqueEmail("offline"));
    await page.getByRole("button", { name: "Request Booking" }).click();
    await expect(page.getByText("Please select check-in and check-out dates").first()).toBeVisible();

    // A past check-in typed past the date field's minimum: the server refuses it.
    const { today } = await bookedDates(page.request, assetId);
    await page.getByLabel("Check-in date").fill(addDays(today, -1));
    await page.getByLabel("Check-out date").fill(addDays(today, 1));
    await page.getByLabel("Guest name").fill("Early Guest");
    await page.getByLabel("Guest email").fill(uniqueEmail("early"));
    await page.getByRole("button", { name: "Request Booking" }).click();
    await expect(page.getByText("Check-in can't be in the past").first()).toBeVisible();

    const stay = await freeStay(page.request, assetId, 2);
    await page.getByLabel("Check-in date").fill(stay.checkIn);
    await page.getByLabel("Check-out date").fill(stay.checkOut);
    await page.getByLabel("Guest name").fill("Offline Guest");
    await page.getByLabel("Guest email").fill(uniqueEmail("offline"));
    await page.getByRole("button", { name: "Request Booking" }).click();
    await expect(page).toHaveURL("/");
    // The landing page is served without React: the server renders the flash toast itself.
    await expect(toast(page, "Booking request submitted!")).toBeVisible();
    expect((await bookedDates(page.request, assetId)).ranges).toContainEqual({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  });
});

test("the adoption form works without JavaScript for a signed-in sponsor", async ({ browser, signIn }) => {
  const offline = await browser.newContext({ javaScriptEnabled: false });
  const { email } = await signIn.customer({}, offline);
  const nojs = await offline.newPage();
  await nojs.goto("/adopt-hive-signup");
  await nojs.getByRole("link", { name: "Choose Forager" }).click();
  const card = nojs.getByRole("form", { name: "Complete your Forager adoption" });
  await card.getByLabel("Hive name").fill("Clover");
  await card.getByRole("button", { name: "Complete Adoption" }).click();
  await expect(nojs).toHaveURL("/");
  await expect(toast(nojs, "Adoption request submitted!")).toBeVisible();
  const mail = await waitForMail(email, /Welcome to the hive: your Forager adoption/);
  expect(mail.text).toContain("$22.55 per month");
  expect(mail.text).toContain("Clover");
  await offline.close();
});

/** The Glamping tab's own script (portal-booking-form.tsx): the portal opens on Adopt Hive. */
const BOOKING_TAB_SCRIPT = /\/assets\/portal-booking-form-[\w-]+\.js$/;
/** The adoption's completion card, shown once a tier is chosen (adoption-form.tsx, with the form library). */
const ADOPTION_FORM_SCRIPT = /\/assets\/(adoption-form|forms)-[\w-]+\.js$/;

test("the Glamping tab's code is fetched when the tab is shown: by a click, and by its address after the page's own", async ({ page }) => {
  const fetched = scriptsFetched(page, BOOKING_TAB_SCRIPT);
  const forms = scriptsFetched(page, ADOPTION_FORM_SCRIPT);
  await page.goto("/adopt-hive-signup");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Choose your tier" })).toBeVisible();
  expect(fetched, "not on the portal's load").toEqual([]);
  expect(forms, "no form on the tier grid: no form code either").toEqual([]);
  await page.getByRole("link", { name: "Glamping" }).click();
  await expect(page.getByRole("heading", { name: "Book a glamping stay" })).toBeVisible();
  await expect.poll(() => reactOwns(page, "#portal-location")).toBe(true);
  expect(fetched).toHaveLength(1);

  // By its address with the script held back: the server's form is the tab until it arrives.
  const release = await holdBack(page, BOOKING_TAB_SCRIPT);
  await page.goto("/adopt-hive-signup?tab=booking");
  await waitForHydration(page);
  await expect(page.locator("#portal-location")).toBeVisible();
  expect(await reactOwns(page, "nav[aria-label='Portal sections']")).toBe(true);
  expect(await reactOwns(page, "#portal-location")).toBe(false);
  release();
  await expect.poll(() => reactOwns(page, "#portal-location")).toBe(true);
});
