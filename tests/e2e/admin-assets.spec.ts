import { readFileSync } from "node:fs";
import { stillHasBookings } from "../../app/features/assets/assets.server";
import { insertBooking, insertLocation } from "../factories/stays";
import { toast } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Assets as an administrator uses them: add one (the spec's defaults, required fields), close it
 * for maintenance while a stay is booked ahead (asked first, nothing cancelled), and try to
 * delete it while it has a booking. The rules: features/assets/assets.test.ts.
 */
test("an administrator adds an asset, closes it with a stay ahead, and can't delete it while booked", async ({ page, server, signIn, visit }) => {
  test.setTimeout(45_000);
  const db = server.platform.db;
  const location = await insertLocation(db, { name: `Assets Meadow ${crypto.randomUUID().slice(0, 6)}` });
  const name = `Lakeside RV ${crypto.randomUUID().slice(0, 6)}`;
  await signIn.admin();
  await visit(`/admin/assets?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No assets found.")).toBeVisible();

  await page.getByRole("link", { name: "Add Asset" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Asset" });
  // The spec's defaults.
  await expect(dialog.getByLabel("Type")).toHaveValue("rv");
  await expect(dialog.getByLabel("Status")).toHaveValue("available");
  await expect(dialog.getByLabel("Check-in time")).toHaveValue("15:00");
  await expect(dialog.getByLabel("Check-out time")).toHaveValue("11:00");
  await expect(dialog.getByLabel("Price per night ($)")).toHaveValue("0");
  await dialog.getByRole("button", { name: "Add Asset" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Location is required")).toBeVisible();
  await expectAccessible(page, "Add Asset with errors");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Location").selectOption({ label: location.name });
  await dialog.getByLabel("Price per night ($)").fill("125.50");
  await dialog.getByLabel("Description").fill("Sleeps four, lake view.");
  await dialog.getByRole("button", { name: "Add Asset" }).click();
  await expect(toast(page, "Asset added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual([name, "RV", location.name, "Available", "3:00 PM", "11:00 AM", "$125.50", "Sleeps four, lake view.", "Actions"]);

  // A guest books it on the site; then it goes into maintenance: the dialog names the stay first.
  const assetId = new URL((await row.getByRole("link").first().getAttribute("href")) ?? "", server.url).searchParams.get("id")!;
  await insertBooking(db, assetId, { guestEmail: "ana@example.com", guestName: "Ana Ruiz", status: "confirmed" });
  await row.getByRole("cell").nth(1).click();
  const edit = page.getByRole("dialog", { name: "Edit Asset" });
  await edit.getByLabel("Status").selectOption("maintenance");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByRole("alert")).toContainText(/1 stay is booked ahead on this asset: Ana Ruiz/);
  await expectAccessible(page, "Edit Asset asking before closing");
  await edit.getByRole("checkbox", { name: /Save anyway/ }).check();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Asset updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("Maintenance");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(readFileSync((await download.path())!, "utf8").trim().split("\r\n")).toEqual([
    "Name,Type,Location,Status,Check-in,Check-out,Price per night,Currency,Description",
    `${name},RV,${location.name},Maintenance,3:00 PM,11:00 AM,125.50,USD,"Sleeps four, lake view."`,
  ]);

  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await row.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Asset" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Error").filter({ hasText: stillHasBookings(name, 1) })).toBeVisible();
});
