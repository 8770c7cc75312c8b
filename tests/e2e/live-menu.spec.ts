import pg from "pg";
import { menuItems } from "../../app/platform/db/schema";
import { expect, test, waitForHydration } from "./fixtures";
import { startInProcessServer, type InProcessServer } from "./in-process-server";

/**
 * The proof of the live feed: a row written straight into the database (not through the app)
 * shows up in the drawer of a page that is already open, without a reload. The server runs in
 * this process so the test can reach the embedded database, which only one process may open.
 */
test.describe("live menu", () => {
  let running: InProcessServer;
  let insertMenuItem: (label: string, path: string, order: number) => Promise<void>;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    running = await startInProcessServer(testInfo.project.name);
    const { databaseUrl } = running;
    insertMenuItem = databaseUrl
      ? async (label, itemPath, order) => {
          // Another connection, as another app instance or a psql session would write.
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await client.query("insert into menu_items (label, path, display_order) values ($1, $2, $3)", [label, itemPath, order]);
          await client.end();
        }
      : async (label, itemPath, order) => {
          await running.platform.db.insert(menuItems).values({ label, path: itemPath, displayOrder: order });
        };
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  test("a menu item inserted into the database appears in the open drawer without a reload", async ({ page }) => {
    await page.goto(`${running.url}/`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = "same page"));
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog").getByTestId("drawer-menu");
    await expect(menu.getByRole("link", { name: "Stanwood Eco-Stays" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Honey Harvest Festival" })).toHaveCount(0);

    await insertMenuItem("Honey Harvest Festival", "https://example.org/festival", 1);

    const festival = menu.getByRole("link", { name: /Honey Harvest Festival/ });
    await expect(festival).toBeVisible();
    await expect(festival).toHaveAttribute("target", "_blank");
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("same page");
  });
});
