import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { toast } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import type { TestServer } from "./test-server";

/**
 * A list that cannot be read (here: its table renamed away on the server's own database) gives
 * the spec's "Error loading …" toast and a notice in its place, while the rest of the page keeps
 * working; once the table is back, "Try again" shows the list. Only this test uses the worker's
 * server meanwhile, and the table is put back whatever happens.
 */
test.describe("a list that fails to load", { tag: "@engine" }, () => {
  /** Runs `check` with `table` unreadable, and puts it back whatever happens. */
  async function withTableOffline(server: TestServer, table: string, check: () => Promise<void>) {
    const { db, logger } = server.platform;
    // The failures are logged as errors on purpose: kept out of the test output.
    const level = logger.level;
    logger.level = "fatal";
    await db.execute(sql.raw(`alter table ${table} rename to ${table}_offline`));
    // A public page or a list kept from before would go on being served through the outage, as
    // it should; these tests are about pages rendered during one (which are never kept).
    server.pageCache.clear();
    server.platform.readCaches.clear();
    try {
      await check();
    } finally {
      await db.execute(sql.raw(`alter table ${table}_offline rename to ${table}`));
      logger.level = level;
    }
  }

  const notice = (page: Page, title: string) => page.getByRole("alert").filter({ has: page.getByText(title, { exact: true }) });

  test("tiers: /adopt-hive and the portal say Error loading tiers, keep the rest, and recover", async ({ page, server }) => {
    await withTableOffline(server, "hive_tiers", async () => {
      await page.goto("/adopt-hive");
      await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
      const onPage = notice(page, "Error loading tiers");
      await expect(onPage).toBeVisible();
      // The visitor gets a code for support, not the database's own words.
      await expect(onPage).toContainText("Please reload the page in a moment. (Code: DATABASE_42P01)");
      await expect(onPage).not.toContainText("hive_tiers");
      await expect(page.getByTestId("tier-grid")).toHaveCount(0);
      await expectAccessible(page, "/adopt-hive without tiers");

      await page.goto("/adopt-hive-signup");
      await waitForHydration(page);
      await expect(toast(page, "Error loading tiers")).toBeVisible();
      await expect(notice(page, "Error loading tiers")).toBeVisible();
      await expect(page.getByText("No tiers are open for adoption right now")).toHaveCount(0);
      // The other tab does not depend on the tiers.
      await page.getByRole("link", { name: "Glamping" }).click();
      await expect(page.getByRole("combobox", { name: "Location" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    await page.goto("/adopt-hive");
    await expect(page.getByTestId("tier-grid").getByRole("heading", { name: "Forager" })).toBeVisible();
  });

  test("tiers: Try again reloads the page once the list can be read", async ({ page, server }) => {
    await withTableOffline(server, "hive_tiers", async () => {
      await page.goto("/adopt-hive-signup");
      await expect(notice(page, "Error loading tiers")).toBeVisible();
    });
    await notice(page, "Error loading tiers").getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Forager" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the booking widget says Error loading locations, then Error loading availability", async ({ page, server }) => {
    const widget = page.getByRole("region", { name: "Reserve Your Dates" });
    await withTableOffline(server, "locations", async () => {
      await page.goto("/stanwood");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Said in the server's HTML, before the widget's code has loaded.
      await expect(notice(page, "Error loading locations")).toBeVisible();
      await waitForHydration(page);
      await expect(toast(page, "Error loading locations")).toBeVisible();
      await expectAccessible(page, "/stanwood without locations");
    });

    // The booked dates are read from asset_nights (stays and other sites' blocks together). Stanwood's
    // one stay is chosen as the page opens, so the table is away before it does.
    const asset = widget.getByRole("combobox", { name: "Stay" });
    await withTableOffline(server, "asset_nights", async () => {
      await page.goto("/stanwood");
      await waitForHydration(page);
      await widget.getByLabel("Location").selectOption({ label: "Stanwood" });
      await asset.selectOption({ label: "Lakeside RV Trailer · $165/night" });
      await expect(toast(page, "Error loading availability")).toBeVisible();
      await expect(notice(page, "Error loading availability")).toContainText("(Code: DATABASE_42P01)");
      await expect(widget.locator(".rdp-root")).toHaveCount(0);
    });
  });

  test("the back-office's Bookings says Error [code] with the database's message, keeps the menu, and recovers", async ({ page, server, signIn }) => {
    await signIn.admin();
    await withTableOffline(server, "bookings", async () => {
      await page.goto("/admin/bookings");
      await waitForHydration(page);
      // Staff get the spec's "Error [code]" with the message itself, for support.
      await expect(toast(page, "Error DATABASE_42P01")).toContainText('relation "bookings" does not exist');
      await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
      await expect(page.getByText("The bookings could not be read. Reload the page in a moment.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Locations" })).toBeVisible();
    });
    await page.reload();
    await expect(page.getByRole("link", { name: "Add Booking" })).toBeVisible();
    await expect(toast(page, "Error DATABASE_42P01")).toHaveCount(0);
  });

  test("the back-office's Blog Posts says the spec's short Failed to fetch posts, keeps the screen, and recovers", async ({ page, server, signIn }) => {
    await signIn.admin();
    await withTableOffline(server, "posts", async () => {
      await page.goto("/admin/posts");
      await waitForHydration(page);
      await expect(toast(page, "Failed to fetch posts")).toContainText('relation "posts" does not exist');
      await expect(page.getByText("The posts could not be read. Reload the page in a moment.")).toBeVisible();
      await expect(page.getByRole("link", { name: "New Post" })).toBeVisible();
    });
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "Why we plant before we place hives" })).toBeVisible();
  });

  test("the sponsor profile says Error loading profile, or Error loading bookings on its tab, and recovers", async ({ page, server, signIn }) => {
    await signIn.customer();

    await withTableOffline(server, "sponsors", async () => {
      await page.goto("/sponsor-profile");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Sponsor Profile", level: 1 })).toBeVisible();
      await expect(toast(page, "Error loading profile")).toBeVisible();
      await expect(notice(page, "Error loading profile")).toBeVisible();
      await expect(page.getByRole("link", { name: "Contact Support" })).toBeVisible();
      await expectAccessible(page, "/sponsor-profile without the profile");
    });
    await withTableOffline(server, "bookings", async () => {
      await page.goto("/sponsor-profile?tab=bookings");
      await expect(notice(page, "Error loading bookings")).toBeVisible();
      await expect(page.getByText("No bookings yet")).toHaveCount(0);
      // The tabs still lead to what can be read.
      await page.getByRole("link", { name: "My Adoptions" }).click();
      await expect(page.getByText("No adopted hives yet")).toBeVisible();
    });

    await page.goto("/sponsor-profile");
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
