import { eq } from "drizzle-orm";
import pg from "pg";
import { menuItems } from "../../app/platform/db/schema";
import { expect, test, waitForHydration } from "./fixtures";
import type { TestServer } from "./test-server";

/**
 * The proof of the live feed: a row written straight into the database (not through the app;
 * on PostgreSQL from another connection, as another app instance or a psql session would)
 * shows up in the drawer of a page that is already open, without a reload.
 */
async function insertMenuItem(server: TestServer, label: string, path: string, order: number) {
  if (!server.databaseUrl) {
    await server.platform.db.insert(menuItems).values({ label, path, displayOrder: order });
    return;
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query("insert into menu_items (label, path, display_order) values ($1, $2, $3)", [label, path, order]);
  await client.end();
}

test("a menu item inserted into the database appears in the open drawer without a reload", { tag: "@engine" }, async ({ page, server }) => {
  const label = `Honey Harvest Festival ${Date.now()}`;
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = "same page"));
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog").getByTestId("drawer-menu");
  await expect(menu.getByRole("link", { name: "Stanwood Eco-Stays" })).toBeVisible();
  await expect(menu.getByRole("link", { name: label })).toHaveCount(0);

  try {
    // One item per number: one past the seeded menu.
    await insertMenuItem(server, label, "https://example.org/festival", 900);
    const festival = menu.getByRole("link", { name: new RegExp(label) });
    await expect(festival).toBeVisible();
    await expect(festival).toHaveAttribute("target", "_blank");
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("same page");
  } finally {
    // Other tests on this server read the menu.
    await server.platform.db.delete(menuItems).where(eq(menuItems.label, label));
  }
});
