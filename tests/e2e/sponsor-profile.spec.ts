import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { insertAdoption, insertTier } from "../factories/sponsorships";
import { insertBooking, insertStayAsset } from "../factories/stays";
import { sponsors } from "../../app/platform/db/schema";
import { dismissToasts, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, holdBack, postsSent, reactOwns, scriptsFetched, test, waitForHydration } from "./fixtures";

const sections = (page: Page) => page.getByRole("navigation", { name: "Profile sections" });
const tabLink = (page: Page, name: string) => sections(page).getByRole("link", { name, exact: true });

/** Opens a page, lets it hydrate, closes the toasts and checks it with axe. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await dismissToasts(page);
  await expectAccessible(page, path);
}

/**
 * axe runs as a script, so it cannot look at a page in a browser without JavaScript: it checks
 * the same server-rendered HTML, scripts removed, on this site's origin (for the stylesheets).
 */
async function expectServerHtmlAccessible(browser: Browser, baseURL: string, html: string, label: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/robots.txt");
  await page.setContent(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ""), { waitUntil: "load" });
  await expectAccessible(page, label);
  await context.close();
}

test.describe("sponsor profile tabs", () => {
  test("a verified customer moves between the tabs by address and by click, and sees the empty states", async ({ page, server, signIn }) => {
    const { email, userId } = await signIn.customer({ verified: true });

    await open(page, "/sponsor-profile");
    await expect(tabLink(page, "Profile")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Account" })).toContainText(email);
    await expect(page.getByRole("region", { name: "Account" }).getByText("Verified", { exact: true })).toBeVisible();
    const tier = page.getByRole("region", { name: "Current Tier" });
    await expect(tier.getByText("No tier selected")).toBeVisible();
    await expect(tier.getByRole("link", { name: "Choose a Tier" })).toHaveAttribute("href", "/adopt-hive-signup");
    const actions = page.getByRole("region", { name: "Quick Actions" });
    await expect(actions.getByRole("link", { name: "Book or Adopt" })).toHaveAttribute("href", "/adopt-hive-signup");
    await expect(actions.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(actions.getByRole("link", { name: "View Homepage" })).toHaveAttribute("href", "/");

    await open(page, "/sponsor-profile?tab=bookings");
    await expect(tabLink(page, "My Bookings")).toHaveAttribute("aria-current", "page");
    await expect(tabLink(page, "Profile")).not.toHaveAttribute("aria-current", "page");
    const bookings = page.getByRole("region", { name: "My Bookings" });
    await expect(bookings.getByText("No bookings yet")).toBeVisible();
    await expect(bookings.getByRole("link", { name: "Book an Asset" })).toHaveAttribute("href", "/adopt-hive-signup?tab=booking");
    await expect(page.getByRole("region", { name: "Current Tier" })).toHaveCount(0);

    await open(page, "/sponsor-profile?tab=adoptions");
    await expect(tabLink(page, "My Adoptions")).toHaveAttribute("aria-current", "page");
    const adoptions = page.getByRole("region", { name: "My Adoptions" });
    await expect(adoptions.getByText("No adopted hives yet")).toBeVisible();
    await expect(adoptions.getByRole("link", { name: "Adopt a Hive" })).toHaveAttribute("href", "/adopt-hive-signup");

    // An unknown tab is the profile.
    await page.goto("/sponsor-profile?tab=honeycomb");
    await expect(tabLink(page, "Profile")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Current Tier" })).toBeVisible();

    await waitForHydration(page);
    await tabLink(page, "My Bookings").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=bookings");
    await expect(page.getByText("No bookings yet")).toBeVisible();
    await tabLink(page, "My Adoptions").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=adoptions");
    await expect(page.getByText("No adopted hives yet")).toBeVisible();
    await tabLink(page, "Profile").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile");
    await expect(page.getByRole("region", { name: "Current Tier" })).toBeVisible();

    // An adoption request waiting for the team: the tier card says so instead of "No tier selected".
    const guardian = await insertTier(server.platform.db, { name: `Guardian ${crypto.randomUUID().slice(0, 6)}`, isActive: false });
    await insertAdoption(server.platform.db, { kind: "customer", userId, email, name: "", emailVerified: true }, guardian.id, { status: "pending" });
    await open(page, "/sponsor-profile");
    const pending = page.getByRole("region", { name: "Current Tier" });
    await expect(pending).toContainText(`${guardian.name} — request pending`);
    await expect(pending.getByText("No tier selected")).toHaveCount(0);
    await expect(pending.getByRole("link", { name: "See My Adoptions" })).toHaveAttribute("href", "/sponsor-profile?tab=adoptions");
    // The same on a phone, where the cards stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pending.getByText(`${guardian.name} — request pending`)).toBeVisible();
    await expect(pending.getByRole("link", { name: "See My Adoptions" })).toBeVisible();
    await expectAccessible(page, "profile with a pending adoption, at 390 px");
    await page.setViewportSize({ width: 1280, height: 720 });

    // Sign Out is on every tab, and goes to the home page.
    await tabLink(page, "My Bookings").click();
    await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Logged out successfully")).toContainText("See you next time!");
    await page.goto("/sponsor-profile?tab=adoptions");
    await expect(page).toHaveURL("/customer-auth?redirectTo=%2Fsponsor-profile%3Ftab%3Dadoptions");
  });
});

/** The "Sign-in & security" tab's own script (security-tab.tsx, fetched when the tab is shown). */
const SECURITY_TAB_SCRIPT = /\/assets\/security-tab-[\w-]+\.js$/;

test.describe("the Sign-in & security tab's code, fetched when the tab is shown", () => {
  test("by a click: the profile loads without it, the tab comes with it, and its forms check in the browser and post", async ({ page, signIn }) => {
    const customer = await signIn.customer({ verified: true });
    const fetched = scriptsFetched(page, SECURITY_TAB_SCRIPT);
    const posts = postsSent(page);

    // My Bookings and My Adoptions have their own scripts too, fetched on the way to them.
    const PANEL_SCRIPT = /\/assets\/(bookings|adoptions)-panel-[\w-]+\.js$/;
    const panels = scriptsFetched(page, PANEL_SCRIPT);

    await open(page, "/sponsor-profile");
    expect(panels, "the other tabs' scripts are not on the profile's load").toEqual([]);
    await tabLink(page, "My Bookings").click();
    await expect(page.getByText("No bookings yet")).toBeVisible();
    await tabLink(page, "My Adoptions").click();
    await expect(page.getByText("No adopted hives yet")).toBeVisible();
    expect(panels.map((path) => PANEL_SCRIPT.exec(path)?.[1])).toEqual(["bookings", "adoptions"]);
    expect(fetched, "the tab's script is not on the profile's load").toEqual([]);

    await tabLink(page, "Sign-in & security").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=security");
    const card = page.getByRole("region", { name: "Email address" });
    await expect(card).toContainText(customer.email);
    await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
    expect(fetched).toHaveLength(1);

    // The browser's own check, before anything is posted: the schema is fetched when the form is used.
    await card.getByLabel("New email address").fill("not an address");
    await card.getByRole("button", { name: "Change email" }).click();
    await expect(toast(page, "Validation Error")).toContainText("Please enter a valid email address");
    await expect(card.getByText("Please enter a valid email address")).toBeVisible();
    expect(posts).toEqual([]);

    const next = uniqueEmail("clicked");
    await card.getByLabel("New email address").fill(next);
    await card.getByRole("button", { name: "Change email" }).click();
    await expect(card.getByRole("status")).toContainText(`We sent a link to ${next}`);
    expect(posts).toHaveLength(1);
  });

  test("by its address: the server's HTML is the tab until its script arrives, then the same forms are React's", async ({ page, signIn }) => {
    const customer = await signIn.customer({ verified: true });
    // The tab's script is held back until the page has been looked at.
    const release = await holdBack(page, SECURITY_TAB_SCRIPT);

    await page.goto("/sponsor-profile?tab=security");
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Email address" });
    await expect(card).toContainText(customer.email);
    await expect(page.getByRole("region", { name: "Passkeys" }).getByRole("button", { name: "Add a passkey" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Where you're signed in" })).toBeVisible();
    // The rest of the page is React's already; the tab is still the server's HTML.
    expect(await reactOwns(page, "nav[aria-label='Profile sections']")).toBe(true);
    expect(await reactOwns(page, "form#change-email")).toBe(false);

    release();
    await expect.poll(() => reactOwns(page, "form#change-email")).toBe(true);
    const posts = postsSent(page);
    await card.getByLabel("New email address").fill("not an address");
    await card.getByRole("button", { name: "Change email" }).click();
    await expect(toast(page, "Validation Error")).toContainText("Please enter a valid email address");
    expect(posts).toEqual([]);
    await dismissToasts(page);
    await expectAccessible(page, "the security tab opened by its address");
  });

  test("without JavaScript: the tab is rendered whole by the server and its forms post", async ({ browser, signIn }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signIn.customer({ verified: true }, context);
    const page = await context.newPage();
    await page.goto("/sponsor-profile");
    await tabLink(page, "Sign-in & security").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=security");
    await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Where you're signed in" })).toBeVisible();
    const card = page.getByRole("region", { name: "Email address" });
    await card.getByLabel("New email address").fill("not an address");
    await card.getByRole("button", { name: "Change email" }).click();
    await expect(card.getByText("Please enter a valid email address")).toBeVisible();
    const next = uniqueEmail("noscript");
    await card.getByLabel("New email address").fill(next);
    await card.getByRole("button", { name: "Change email" }).click();
    await expect(card.getByRole("status")).toContainText(`We sent a link to ${next}`);
    await context.close();
  });
});

test.describe("the Edit Profile form's code, fetched when it is about to be used", () => {
  test("not with the profile; opened by its address, the server's form stands until its script arrives, then checks in the browser", async ({ page, signIn }) => {
    await signIn.customer({ verified: true });
    const FORM_SCRIPT = /\/assets\/profile-details-form-[\w-]+\.js$/;
    const fetched = scriptsFetched(page, FORM_SCRIPT);
    await open(page, "/sponsor-profile");
    expect(fetched, "the edit form's script is not on the profile's load").toEqual([]);

    const release = await holdBack(page, FORM_SCRIPT);
    await page.goto("/sponsor-profile?tab=profile&edit=1");
    await waitForHydration(page);
    const details = page.getByRole("region", { name: "Profile Details" });
    await expect(details.getByRole("button", { name: "Save Changes" })).toBeVisible();
    expect(await reactOwns(page, "form#sponsor-profile")).toBe(false);

    release();
    await expect.poll(() => reactOwns(page, "form#sponsor-profile")).toBe(true);
    const posts = postsSent(page);
    await details.getByLabel(/Phone number/).fill("call me maybe");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Error updating profile")).toContainText("Phone number may contain only digits");
    expect(posts).toEqual([]);
  });
});

test.describe("editing the profile", () => {
  test("with JavaScript: Edit Profile opens the form in place, Save Changes keeps the values, Cancel drops the changes", async ({ page, signIn }) => {
    await signIn.customer();
    await open(page, "/sponsor-profile");
    const details = page.getByRole("region", { name: "Profile Details" });
    // No name at sign-up: none is made up from the e-mail.
    await expect(details.getByText("Not provided")).toHaveCount(4);

    await details.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile&edit=1");
    await expect(details.getByRole("textbox", { name: /^Name/ })).toBeFocused();
    await expectAccessible(page, "profile edit form");

    await details.getByRole("textbox", { name: /^Name/ }).fill("Fern Clover");
    await details.getByLabel(/Company name/).fill("Clover Fields Ltd");
    await details.getByLabel(/Address/).fill("12 Lake Road\nStanwood, WA 98292");
    await details.getByLabel(/Phone number/).fill("call me maybe");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Error updating profile")).toContainText("Phone number may contain only digits");
    await expect(details.getByLabel(/Phone number/)).toHaveAttribute("aria-invalid", "true");
    await dismissToasts(page);
    await expectAccessible(page, "profile edit form with an error");

    await details.getByLabel(/Phone number/).fill("+1 (360) 555-0199");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Profile updated")).toBeVisible();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile");
    await expect(details.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await expect(details).toContainText("Fern Clover");
    await expect(details).toContainText("Clover Fields Ltd");
    await expect(details).toContainText("12 Lake Road");
    await expect(details).toContainText("Stanwood, WA 98292");
    await expect(details).toContainText("+1 (360) 555-0199");

    await details.getByRole("link", { name: "Edit Profile" }).click();
    await details.getByLabel(/Company name/).fill("Something Else");
    await details.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile");
    await expect(details.getByLabel(/Company name/)).toHaveCount(0);
    await expect(details).toContainText("Clover Fields Ltd");
    await expect(details.getByRole("link", { name: "Edit Profile" })).toBeFocused();

    // A reload shows what the server kept; emptying a field clears it.
    await page.reload();
    await expect(details).toContainText("Clover Fields Ltd");
    await details.getByRole("link", { name: "Edit Profile" }).click();
    await details.getByLabel(/Company name/).fill("");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Profile updated")).toBeVisible();
    await expect(details).not.toContainText("Clover Fields Ltd");
    await expect(details.getByText("Not provided")).toHaveCount(1);
  });

  test("without JavaScript: the tabs, the edit form, its errors and Cancel all work", async ({ browser, baseURL, signIn }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signIn.customer({}, context);
    const page = await context.newPage();
    await page.goto("/sponsor-profile");

    await tabLink(page, "My Bookings").click();
    await expect(page).toHaveURL("/sponsor-profile?tab=bookings");
    await expect(page.getByText("No bookings yet")).toBeVisible();
    await tabLink(page, "Profile").click();

    const details = page.getByRole("region", { name: "Profile Details" });
    await details.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile&edit=1");
    await details.getByLabel(/Company name/).fill("No Script Apiaries");
    await details.getByLabel(/Phone number/).fill("555-HIVE");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(details.getByRole("alert")).toHaveText("Error updating profile: Phone number may contain only digits, spaces and + ( ) - .");
    await expect(details.getByLabel(/Company name/)).toHaveValue("No Script Apiaries");
    await expectServerHtmlAccessible(browser, baseURL!, await page.content(), "profile edit form with an error, without JavaScript");

    await details.getByLabel(/Phone number/).fill("425 555 0142");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile");
    await expect(details).toContainText("No Script Apiaries");
    await expect(details).toContainText("425 555 0142");

    await details.getByRole("link", { name: "Edit Profile" }).click();
    await details.getByLabel(/Company name/).fill("Thrown Away");
    await details.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/sponsor-profile?tab=profile");
    await expect(details).toContainText("No Script Apiaries");

    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL("/");
    await context.close();
  });
});

/**
 * Rows written straight into the database: bookings and adoptions (the booking and adoption
 * forms have their own tests), a missing sponsor record, an administrator.
 */
test.describe("the sponsor profile over rows written directly", () => {
  test("show asset, type, status, dates and totals, and hives with plan and price", async ({ page, server, signIn }) => {
    // The address counts as confirmed (the e-mailed link has its own tests): guest bookings under it are the sponsor's.
    const { email, userId } = await signIn.customer({ verified: true });
    const db = server.platform.db;
    const actor = { kind: "customer" as const, userId, email, name: "", emailVerified: true };

    const { asset } = await insertStayAsset(db, "Willow Airstream");
    await insertBooking(db, asset.id, {
      userId: userId,
      guestEmail: email,
      checkInDate: "2030-07-04",
      checkOutDate: "2030-07-07",
      numberOfNights: 3,
      numberOfGuests: 3,
      totalAmount: "376.50",
      status: "confirmed",
      createdAt: new Date(Date.now() - 60_000),
    });
    await insertBooking(db, asset.id, {
      guestEmail: email.toUpperCase(),
      checkInDate: "2030-08-01",
      checkOutDate: "2030-08-02",
      numberOfNights: 1,
      numberOfGuests: 1,
      totalAmount: "125.00",
      experienceType: "rental",
    });
    await insertBooking(db, asset.id, {
      guestEmail: "someone.else@example.com",
      checkInDate: "2030-09-01",
      checkOutDate: "2030-09-03",
      numberOfNights: 2,
      totalAmount: "999.00",
    });
    const tier = await insertTier(db, { name: "Meadow Keeper", description: "Care for one hive all season.", priceMonthly: "30.00", priceAnnual: "331.20" });
    await db.update(sponsors).set({ tierId: tier.id }).where(eq(sponsors.userId, userId));
    await insertAdoption(db, actor, tier.id, { startDate: "2026-03-05", createdAt: new Date(Date.now() - 60_000) });
    await insertAdoption(db, actor, tier.id, { hiveName: "Queen Bea", paymentFrequency: "annual", status: "active", startDate: "2026-04-01" });

    await open(page, "/sponsor-profile");
    const tierCard = page.getByRole("region", { name: "Current Tier" });
    await expect(tierCard).toContainText("Meadow Keeper");
    await expect(tierCard).toContainText("Care for one hive all season.");
    await expect(tierCard).toContainText("$331.20/year");
    await expect(tierCard).toContainText(/Member since\s*[A-Z][a-z]{2} \d{2}, \d{4}/);

    await open(page, "/sponsor-profile?tab=bookings");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Stay", "Type", "Status", "Check-in", "Check-out", "Guests", "Total"]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    // Newest first: the guest booking under the verified address, then the one made while signed in.
    await expect(rows.nth(0).getByRole("cell").or(rows.nth(0).getByRole("rowheader"))).toHaveText([
      "Willow Airstream",
      "Rental",
      "Pending",
      "Aug 01, 2030",
      "Aug 02, 2030",
      "1",
      "$125",
    ]);
    await expect(rows.nth(1).getByRole("cell").or(rows.nth(1).getByRole("rowheader"))).toHaveText([
      "Willow Airstream",
      "RV",
      "Confirmed",
      "Jul 04, 2030",
      "Jul 07, 2030",
      "3",
      "$376.50",
    ]);
    await expect(table).not.toContainText("$999");

    // A phone gets a card per stay instead of the table.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeHidden();
    const stays = page.getByRole("list", { name: "Your stays, newest first" }).getByRole("listitem");
    await expect(stays).toHaveCount(2);
    await expect(stays.nth(1)).toContainText("Willow Airstream");
    await expect(stays.nth(1)).toContainText("Jul 04, 2030");
    await expect(stays.nth(1)).toContainText("$376.50");
    await expectAccessible(page, "My Bookings on a phone");
    await page.setViewportSize({ width: 1280, height: 720 });

    await open(page, "/sponsor-profile?tab=adoptions");
    const hives = page.getByRole("list", { name: "Your adopted hives, newest first" }).getByRole("listitem");
    await expect(hives).toHaveCount(2);
    await expect(hives.nth(0)).toContainText("Queen Bea");
    await expect(hives.nth(0)).toContainText("Meadow Keeper");
    await expect(hives.nth(0)).toContainText("Annual");
    await expect(hives.nth(0)).toContainText("Active");
    await expect(hives.nth(0)).toContainText("Apr 01, 2026");
    await expect(hives.nth(0)).toContainText("$331.20/year");
    await expect(hives.nth(1).getByRole("heading")).toHaveText("Meadow Keeper");
    await expect(hives.nth(1)).toContainText("Monthly");
    await expect(hives.nth(1)).toContainText("Pending");
    await expect(hives.nth(1)).toContainText("Mar 05, 2026");
    await expect(hives.nth(1)).toContainText("$30/month");
  });

  test("a customer without a sponsor record sees Profile Not Found", async ({ page, server, signIn }) => {
    const { email } = await signIn.customer();
    await server.platform.db.delete(sponsors).where(eq(sponsors.email, email));
    await open(page, "/sponsor-profile?tab=bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Profile Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Profile sections" })).toHaveCount(0);
  });

  test("an administrator is barred from the profile, and the server refuses an edit posted anyway", async ({ page, server, signIn, baseURL }) => {
    const admin = await signIn.admin();
    // A sponsor row the administrator might try to reach through the customer form.
    await server.platform.db.insert(sponsors).values({ userId: admin.userId, email: admin.email, companyName: "Admin Co" });

    await open(page, "/sponsor-profile");
    await expect(page.getByText(`You are signed in as ${admin.email}, an administrator account.`)).toBeVisible();
    await expect(page.getByText("Admin accounts cannot be used for customer functions. Please use a customer account.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile Details" })).toHaveCount(0);

    const response = await page.request.post("/sponsor-profile?tab=profile&edit=1", {
      form: { intent: "update-profile", companyName: "Taken Over" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const [row] = await server.platform.db.select().from(sponsors).where(eq(sponsors.userId, admin.userId));
    expect(row?.companyName).toBe("Admin Co");
  });
});
