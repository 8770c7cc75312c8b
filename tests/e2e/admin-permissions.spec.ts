import { and, eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { profiles, rolePermissions, secondFactors, sponsors } from "../../app/platform/db/schema";
import { ADMIN_ROWS_LOCKED } from "../../app/features/role-permissions/role-permissions.server";
import { insertCustomer, insertStaffRole } from "../factories/accounts";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * Role Permissions and Activity as an administrator uses them: define a staff role's row,
 * change it, see why the admin rows are locked, delete it, export, see another person's change
 * arrive, and find all of it in Activity. Then a staff member whose role allows Sponsors only.
 * The rules behind each button are proven command by command in the features' Vitest files.
 */
test("an administrator shapes the permission matrix, and every change is in Activity", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const role = `desk_${crypto.randomUUID().slice(0, 6)}`;
  const admin = await signIn.admin();

  // The spec's table is the screen's list view (the grid is the other, below).
  await visit(`/admin/role-permissions?q=${role}&view=list`);
  await expect(page.getByRole("heading", { level: 1, name: "Role Permissions" })).toBeVisible();
  await expect(page.getByText("No permissions found.")).toBeVisible();

  // Add: role and module are required, then the row appears as Yes/No.
  await page.getByRole("link", { name: "Add Permission" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add Permission" });
  await addDialog.getByRole("button", { name: "Add Permission" }).click();
  await expect(addDialog.getByText("Role is required")).toBeVisible();
  await expect(addDialog.getByText("Module is required")).toBeVisible();
  await expectAccessible(page, "Add Permission with errors");
  await addDialog.getByLabel("Role").fill(role);
  await addDialog.getByLabel("Module").selectOption({ label: "Bookings" });
  await addDialog.getByRole("checkbox", { name: /^View/ }).check();
  await addDialog.getByRole("checkbox", { name: /^Update/ }).check();
  await addDialog.getByRole("button", { name: "Add Permission" }).click();
  await expect(toast(page, "Permission added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: role }).filter({ hasText: "Bookings" });
  await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual([role, "Bookings", "Yes", "No", "Yes", "No", "Actions"]);

  // A second row for the same role and module is refused with the row to edit named.
  await page.getByRole("link", { name: "Add Permission" }).click();
  await addDialog.getByLabel("Role").fill(role);
  await addDialog.getByLabel("Module").selectOption({ label: "Bookings" });
  await addDialog.getByRole("button", { name: "Add Permission" }).click();
  // Said once, inside the dialog: the title at its top, the words under the field.
  await expect(addDialog.locator("[data-dialog-toast]")).toHaveText(/^Error$/);
  await expect(addDialog.getByText(`The role ${role} already has a row for Bookings: edit that row instead.`).filter({ visible: true })).toHaveCount(1);
  await addDialog.getByRole("link", { name: "Cancel" }).click();
  await expect(addDialog).toHaveCount(0);

  // Edit from a click on the row: role and module are locked, the flags change.
  await row.getByRole("cell").nth(1).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Permission" });
  await expect(editDialog.getByLabel("Role")).toHaveAttribute("readonly", "");
  await expect(editDialog.getByLabel("Module")).toHaveValue("Bookings");
  await editDialog.getByRole("checkbox", { name: /^Delete/ }).check();
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Permission updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(5)).toHaveText("Yes");

  // Another administrator adds a row for the role: the open list follows.
  await db.insert(rolePermissions).values({ role, module: "posts", canView: true });
  await expect(page.getByRole("row").filter({ hasText: "Posts" })).toHaveCount(1);

  // CSV of the current filter: every row of the role.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8").trim().split("\r\n");
  expect(csv).toEqual(["Role,Module,View,Create,Update,Delete", `${role},Bookings,Yes,No,Yes,Yes`, `${role},Posts,Yes,No,No,No`]);

  // Delete asks first.
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Delete" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete Permission" });
  await expect(deleteDialog).toContainText(`Are you sure you want to delete the Bookings permissions of ${role}?`);
  await expectAccessible(page, "Delete Permission");
  await deleteDialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Permission deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Bookings" })).toHaveCount(0);
  expect(await db.select().from(rolePermissions).where(and(eq(rolePermissions.role, role), eq(rolePermissions.module, "bookings")))).toEqual([]);

  // The admin role's rows are shown, and the dialog says why they can't be narrowed.
  await visit("/admin/role-permissions?q=admin&module=users&view=list");
  await page.getByRole("row").filter({ hasText: "Users" }).getByRole("link", { name: /^Edit admin/ }).click();
  const lockedDialog = page.getByRole("dialog", { name: "Edit Permission" });
  await expect(lockedDialog.getByRole("note")).toHaveText(ADMIN_ROWS_LOCKED);
  await expect(lockedDialog.getByRole("checkbox", { name: /^View/ })).toBeDisabled();
  await expect(lockedDialog.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expectAccessible(page, "Edit Permission of the admin role");

  await lockedDialog.getByRole("link", { name: "Close" }).last().click();
  await expect(lockedDialog).toHaveCount(0);

  // Activity: the three changes in words, newest first, with the changed flag as before → after.
  await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await page.getByLabel("Search by person's e-mail").fill(admin.email);
  await page.getByLabel("Module").selectOption({ label: "Role Permissions" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/module=role_permissions/);
  const events = page.getByRole("row").filter({ hasText: `the Bookings permissions of ${role}` });
  await expect(events.locator("td:nth-child(2) p:first-child")).toHaveText([`Test removed the Bookings permissions of ${role}`, `Test changed the Bookings permissions of ${role}`, `Test added the Bookings permissions of ${role}`]);
  await expect(events.nth(1).getByRole("list", { name: "Changed fields" })).toHaveText(/^Delete: No\s*→\s*to\s*Yes$/);
  // The row as recorded is behind a disclosure.
  await events.nth(1).getByText("Raw record").click();
  await expect(events.nth(1).locator("pre")).toContainText(`"canDelete": true`);
  await expectAccessible(page, "/admin/activity");
});

test("the permission grid: a role's boxes ticked and saved at once, the admin column locked, on a desk and on a phone", async ({ page, server, signIn, visit }) => {
  test.setTimeout(45_000);
  const db = server.platform.db;
  const role = await insertStaffRole(db, { bookings: ["view"], posts: ["view", "update"] });
  await signIn.admin();
  const grid = page.getByRole("region", { name: /Permissions by role/ });
  const box = (action: string, module: string, who: string = role) => grid.getByRole("checkbox", { name: `${action} ${module} for ${who}`, exact: true });
  const flags = async (module: "bookings" | "posts" | "hives") => {
    const [row] = await db.select().from(rolePermissions).where(and(eq(rolePermissions.role, role), eq(rolePermissions.module, module)));
    return row && [row.canView, row.canCreate, row.canUpdate, row.canDelete];
  };

  for (const [width, changes] of [
    [1280, { tick: ["Update", "Bookings"], untick: ["Update", "Posts"] }],
    [390, { tick: ["View", "Hives"], untick: ["View", "Bookings"] }],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await visit("/admin/role-permissions");
    await expect(page.getByRole("navigation", { name: "Show the permissions as" }).getByRole("link", { name: "Grid" })).toHaveAttribute("aria-current", "page");
    // On a phone, one role's column at a time, chosen above the grid.
    const shownRole = page.getByLabel("Role shown");
    const show = async (who: string) => {
      if (width === 390) await shownRole.selectOption(who);
    };
    // The admin column: every box ticked and locked, and the reason said.
    await show("admin");
    await expect(box("Delete", "Users", "admin")).toBeChecked();
    await expect(box("Delete", "Users", "admin")).toBeDisabled();
    await show("customer");
    await expect(box("View", "Profile", "customer")).toBeDisabled();
    await expect(page.getByRole("list", { name: "Locked columns" })).toContainText(ADMIN_ROWS_LOCKED);
    await show(role);
    await expect(box("View", "Hives")).toBeVisible();
    if (width === 390) {
      await expect(box("Delete", "Users", "admin")).toBeHidden();
      // Nothing scrolls sideways, the grid's frame included.
      expect(await grid.evaluate((frame) => frame.scrollWidth <= frame.clientWidth)).toBe(true);
    } else {
      await expect(shownRole).toBeHidden();
      await expect(box("Delete", "Users", "admin")).toBeVisible();
    }
    // The page itself never scrolls sideways (on a desk, many roles' columns scroll in the grid's frame).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const [ticked, unticked] = [box(changes.tick[0], changes.tick[1]), box(changes.untick[0], changes.untick[1])];
    await ticked.check();
    await unticked.uncheck();
    await page.getByRole("button", { name: "Save Permissions" }).click();
    await expect(toast(page, "Permissions saved")).toContainText(`2 rows changed: ${role}`);
    await expect(ticked).toBeChecked();
    await expect(unticked).not.toBeChecked();
  }
  expect(await flags("bookings")).toEqual([false, false, true, false]);
  expect(await flags("posts")).toEqual([true, false, false, false]);
  expect(await flags("hives")).toEqual([true, false, false, false]);

  // The spec's table is one click away, the grid's changes in it.
  await page.getByRole("link", { name: "List" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole("table")).toContainText("Role");
});

test("a staff member whose role allows Sponsors sees only that screen and resets a sponsor's password and second factors", async ({ page, server, signIn, visit }) => {
  test.setTimeout(45_000);
  const db = server.platform.db;
  const sponsor = await insertCustomer(db, { email: uniqueEmail("sponsor") });
  await db.update(sponsors).set({ companyName: "Skagit Meadows Co", phoneNumber: "+1 360 555 0123" }).where(eq(sponsors.userId, sponsor.userId));
  // The sponsor's phone, their second step, is lost.
  await db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, sponsor.userId));
  await db.insert(secondFactors).values({ userId: sponsor.userId, kind: "phone", friendlyName: "Old phone", phoneNumber: "+13605550123" });
  const role = await insertStaffRole(db, { sponsors: ["view", "update"] });
  await signIn.admin({ role });

  await visit("/admin");
  await expect(page).toHaveURL(/\/admin\/sponsors$/);
  const nav = page.getByRole("navigation", { name: "Back-office" });
  await expect(nav.getByRole("link")).toHaveText(["Sponsors", "Security", "Change Password"]);
  await expectAccessible(page, "/admin/sponsors");

  await page.getByLabel("Search by e-mail, company or phone").fill("Skagit Meadows");
  await page.getByRole("button", { name: "Search" }).click();
  // The searched list, not the unsearched one still on screen (the sponsor is its newest row too):
  // a menu opened on a row about to be replaced would close under the click.
  await expect(page).toHaveURL(/q=Skagit/);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: sponsor.email });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Skagit Meadows Co");
  await expect(row.getByRole("cell").nth(2)).toHaveText("+1 360 555 0123");

  // Reset Password: the spec's title over a failure, then done and the sponsor told.
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Reset Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByLabel("New password", { exact: true }).fill("short");
  await dialog.getByLabel("Confirm new password").fill("short");
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(dialog.locator("[data-dialog-toast]")).toHaveText(/^Password Reset Failed$/);
  await expect(dialog.getByText("Password must be at least 8 characters long").filter({ visible: true })).toHaveCount(1);
  await dialog.getByLabel("New password", { exact: true }).fill("Cedar-Wren-Harbor-47");
  await dialog.getByLabel("Confirm new password").fill("Cedar-Wren-Harbor-47");
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password Reset")).toContainText(sponsor.email);
  await waitForMail(sponsor.email, /changed by an administrator/);

  // Reset Second Factors, from the same row: gone from the row's actions once done.
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Reset Second Factors" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Second Factors" });
  await expect(reset).toContainText(sponsor.email);
  await reset.getByRole("button", { name: "Reset Second Factors" }).click();
  await expect(toast(page, "Second factors reset")).toContainText(sponsor.email);
  expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, sponsor.userId))).toEqual([]);
  await row.getByText("Actions").click();
  await expect(row.getByRole("link", { name: "Reset Password" })).toBeVisible();
  await expect(row.getByRole("link", { name: "Reset Second Factors" })).toHaveCount(0);

  // A new sponsor signs up elsewhere: the cleared list shows them without a reload.
  await visit("/admin/sponsors");
  await waitForHydration(page);
  const newcomer = await insertCustomer(db, { email: uniqueEmail("newcomer") });
  await expect(page.getByRole("row").filter({ hasText: newcomer.email })).toHaveCount(1);

  // Another screen by its address: refused with the reason, still signed in.
  await visit("/admin/role-permissions");
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("main").getByText("You don't have permission to view role permissions. Ask an administrator if you need it.")).toBeVisible();
  await visit("/admin/users");
  await expect(page.getByRole("main").getByText("You don't have permission to view users. Ask an administrator if you need it.")).toBeVisible();
});
