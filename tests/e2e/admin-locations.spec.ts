import { readFileSync } from "node:fs";
import { stillHasAssets } from "../../app/features/locations/locations.server";
import { insertAsset } from "../factories/stays";
import { toast } from "./admin-helpers";
import { expect, expectAccessible, holdBack, postsSent, requestsSeen, test } from "./fixtures";

/**
 * Locations as an administrator uses them: add one with its amenities (Enter, the Add button,
 * a duplicate ignored, a chip removed), fix it, try to delete it while it has an asset, then
 * delete it. The rules are proven command by command in features/locations/locations.test.ts.
 */
test("an administrator adds, edits and deletes a location with its amenities", async ({ page, server, signIn, visit }) => {
  test.setTimeout(45_000);
  const name = `Arlington Meadow ${crypto.randomUUID().slice(0, 6)}`;
  await signIn.admin();
  await visit(`/admin/locations?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  await expect(page.getByText("No locations found.")).toBeVisible();

  await page.getByRole("link", { name: "Add Location" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Location" });
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Address is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Address").fill("9 Hive Ln, Arlington, WA");
  const amenity = dialog.getByLabel("New amenity");
  await amenity.fill("Pond");
  await amenity.press("Enter");
  await amenity.fill("  Trails ");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await amenity.fill("pond");
  await amenity.press("Enter");
  await amenity.fill("Wifi");
  await amenity.press("Enter");
  const chips = dialog.getByRole("list", { name: "Amenities added" }).getByRole("button");
  await expect(chips).toHaveText(["Pond", "Trails", "Wifi"]);
  await dialog.getByRole("button", { name: "Remove Wifi" }).click();
  await expect(chips).toHaveText(["Pond", "Trails"]);
  await expect(dialog.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
  await expectAccessible(page, "Add Location");
  // Typed but not yet added: kept too.
  await amenity.fill("Fire pit");
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect(toast(page, "Location added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual([name, "9 Hive Ln, Arlington, WA", "Pond\nTrails\nFire pit", "0", "Actions"]);

  // Edit from the row: a fourth amenity shows as "+1" in the list; the CSV has them all.
  await row.getByRole("cell").nth(1).click();
  const edit = page.getByRole("dialog", { name: "Edit Location" });
  await edit.getByLabel("New amenity").fill("Kayaks");
  await edit.getByLabel("New amenity").press("Enter");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Location updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("PondTrailsFire pit+1");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(readFileSync((await download.path())!, "utf8").trim().split("\r\n")).toEqual(["Name,Address,Amenities,Assets", `${name},"9 Hive Ln, Arlington, WA","Pond, Trails, Fire pit, Kayaks",0`]);

  // An asset added elsewhere shows in the count, and keeps the location from being deleted.
  const locationId = new URL(await row.getByRole("link").first().getAttribute("href") ?? "", server.url).searchParams.get("id")!;
  const asset = await insertAsset(server.platform.db, locationId, { name: "Meadow RV" });
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await row.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Location" });
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
  await expect(confirm.getByRole("note")).toContainText("It still has an asset");
  await expectAccessible(page, "Delete Location");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Error")).toContainText(stillHasAssets(name, [asset.name]));

  await server.platform.db.execute(`delete from assets where id = '${asset.id}'`);
  // The open dialog follows too: the warning goes.
  await expect(confirm.getByRole("note")).toHaveCount(0);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Location deleted")).toBeVisible();
  await expect(page.getByText("No locations found.")).toBeVisible();
});

/**
 * A dialog's schema (and zod with it) is not part of the screen's load: it is fetched when the
 * dialog's form is first used, and a send made before it has arrived waits for it, so the
 * browser's messages are the same however quickly the person is.
 */
test("the Locations dialog's schema is fetched when the dialog is used, and a send before it arrives waits for it", async ({ page, signIn, visit }) => {
  const isSchema = (url: URL) => /\/assets\/locations\.schema-[^/]*\.js$/.test(url.pathname);
  const fetched = requestsSeen(page, (request) => isSchema(new URL(request.url())));
  const posts = postsSent(page);
  const release = await holdBack(page, isSchema);

  await signIn.admin();
  await visit("/admin/locations");
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  expect(fetched).toEqual([]);

  await page.getByRole("link", { name: "Add Location" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Location" });
  // Sent empty while the schema is still on its way: held, nothing posted.
  await dialog.getByRole("button", { name: "Add Location" }).click();
  await expect.poll(() => fetched.length).toBe(1);
  await expect(dialog.getByText("Name is required")).toHaveCount(0);
  expect(posts).toEqual([]);

  release();
  // Then checked in the browser, as before: the messages show and nothing reaches the server.
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Address is required")).toBeVisible();
  expect(posts).toEqual([]);
});
