import { eq, sql } from "drizzle-orm";
import { MENU_ITEM_MESSAGES } from "../../app/features/menu-items/menu-items.schema";
import { menuItems } from "../../app/platform/db/schema";
import { dismissToasts, toast } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Menu Items as the site's editor uses them: add an item (a javascript: link refused first), see
 * it in the drawer of a visitor's open page, hide it from its row and watch it leave that drawer
 * live, move it up with the keyboard, delete it. The rules: features/menu-items/menu-items.test.ts.
 */
test("an administrator adds a menu item, hides it from an open page's drawer live, moves it up with the keyboard and deletes it", async ({ page, browser, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const label = `Pollinator Walk ${crypto.randomUUID().slice(0, 6)}`;
  // Other specs read the drawer: a move numbers every item, so the numbers are put back at the end.
  const numbers = await db.select({ id: menuItems.id, displayOrder: menuItems.displayOrder }).from(menuItems);
  const visitor = await browser.newContext({ baseURL: server.url });
  try {
    await signIn.admin();
    await visit("/admin/menu-items");
    await expect(page.getByRole("heading", { level: 1, name: "Menu Items" })).toBeVisible();
    const labels = () => page.locator("tbody tr td:nth-child(2)").allInnerTexts();

    // Add: a javascript: link is refused under the path; the new item goes last, visible.
    await page.getByRole("link", { name: "Add Menu Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Menu Item" });
    await expect(dialog.getByRole("switch", { name: /Visible/ })).toBeChecked();
    await expect(dialog.getByLabel("Display order")).toHaveValue(String(Math.max(...numbers.map((item) => item.displayOrder)) + 1));
    await dialog.getByLabel("Label", { exact: true }).fill(label);
    await dialog.getByLabel("Path").fill("javascript:alert(document.cookie)");
    await dialog.getByRole("button", { name: "Add Menu Item" }).click();
    await expect(dialog.getByText(MENU_ITEM_MESSAGES.unsafeScheme("javascript:"))).toBeVisible();
    await expectAccessible(page, "Add Menu Item with an error");
    await dialog.getByLabel("Path").fill("/pollinator-walk");
    await dialog.getByRole("button", { name: "Add Menu Item" }).click();
    await expect(toast(page, "Menu item added")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: label });
    await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual([expect.any(String), label, "/pollinator-walk", "Internal", "Visible", "Actions"]);
    expect((await labels()).at(-1)).toBe(label);

    // A visitor's page, open with the drawer out.
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/");
    await waitForHydration(visitorPage);
    await visitorPage.getByRole("button", { name: "Open menu" }).click();
    const drawer = visitorPage.getByRole("dialog").getByTestId("drawer-menu");
    await expect(drawer.getByRole("link", { name: label })).toHaveAttribute("href", "/pollinator-walk");

    // Hidden from its row: it leaves the open drawer without a reload.
    const visibility = row.getByRole("switch", { name: `Show ${label} in the menu` });
    await expect(visibility).toHaveAttribute("aria-checked", "true");
    await visibility.click();
    await expect(toast(page, "Menu item hidden")).toBeVisible();
    await expect(visibility).toHaveAttribute("aria-checked", "false");
    await expect(row.getByRole("cell").nth(4)).toHaveText("Hidden");
    await expect(drawer.getByRole("link", { name: label })).toHaveCount(0);
    await expect(drawer.getByRole("link", { name: "Stanwood Eco-Stays" })).toBeVisible();
    await dismissToasts(page);
    await expectAccessible(page, "Menu Items with a hidden item");

    // Move up, by keyboard: it swaps with the item above, and the focus stays on its button.
    const above = (await labels()).at(-2)!;
    const moveUp = row.getByRole("button", { name: `Move ${label} up` });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Menu order saved")).toBeVisible();
    await expect.poll(async () => (await labels()).slice(-2)).toEqual([label, above]);
    await expect(moveUp).toBeFocused();

    // Delete, after saying so.
    await row.getByRole("button", { name: `Actions for ${label}` }).click();
    await row.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Menu Item" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${label}?`);
    await expectAccessible(page, "Delete Menu Item");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Menu item deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await visitor.close();
    await db.delete(menuItems).where(eq(menuItems.label, label));
    // One item per number: the numbers go back together, checked once they all have.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set constraints menu_items_display_order_key deferred`);
      for (const item of numbers) await tx.update(menuItems).set({ displayOrder: item.displayOrder }).where(eq(menuItems.id, item.id));
    });
  }
});
