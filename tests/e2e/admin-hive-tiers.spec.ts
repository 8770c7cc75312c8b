import { capacityBelowTaken, tierInUse } from "../../app/features/hive-tiers/hive-tiers.server";
import { insertCustomer } from "../factories/accounts";
import { insertAdoption } from "../factories/sponsorships";
import { dismissToasts, toast } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Hive Tiers as the sponsorship team uses them: add a tier (the spec's defaults, perks one per
 * line), see sponsors take its places live, try to lower its capacity below them and to delete it,
 * then deactivate it. The rules: features/hive-tiers/hive-tiers.test.ts.
 */
test("an administrator adds a tier, keeps its promises to sponsors, and deactivates it", async ({ page, server, signIn, visit }) => {
  test.setTimeout(45_000);
  // Offered on the site only while the test runs (it ends deactivated): other specs count the tiers there.
  const name = `Hive Keeper ${crypto.randomUUID().slice(0, 6)}`;
  await signIn.admin();
  await visit(`/admin/hive-tiers?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Hive Tiers" })).toBeVisible();
  await expect(page.getByText("No tiers found.")).toBeVisible();

  await page.getByRole("link", { name: "Add Tier" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Tier" });
  // The spec's defaults: active, display order 0, prices 0.
  await expect(dialog.getByRole("switch", { name: /Active/ })).toBeChecked();
  await expect(dialog.getByLabel("Display order")).toHaveValue("0");
  await expect(dialog.getByLabel("Monthly price ($)")).toHaveValue("0");
  await dialog.getByLabel("Monthly price ($)").fill("12.345");
  await dialog.getByRole("button", { name: "Add Tier" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Monthly price must be a number of dollars, 0 or more, with at most 2 decimals")).toBeVisible();
  await expectAccessible(page, "Add Tier with errors");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Protect a whole colony through the season.");
  await dialog.getByLabel("Monthly price ($)").fill("25");
  await dialog.getByLabel("Annual price ($)").fill("270.50");
  await dialog.getByLabel("Perks").fill("Jar of honey\n\n  Hive visit  \nYour name on the hive");
  await dialog.getByLabel("Honey share").fill("1.5");
  await dialog.getByLabel("Max adoptions").fill("3");
  await dialog.getByRole("button", { name: "Add Tier" }).click();
  await expect(toast(page, "Tier added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect
    .poll(() => row.getByRole("cell").allInnerTexts())
    .toEqual([name, "Protect a whole colony through the season.", "$25.00", "$270.50", "3 perks", "1.5 kg", "0 of 3", "0", "Active", "Actions"]);

  // Two sponsors take places (from the site, say): the count follows live.
  const tierId = new URL((await row.getByRole("link").first().getAttribute("href")) ?? "", server.url).searchParams.get("id")!;
  const db = server.platform.db;
  for (const status of ["active", "pending"] as const) await insertAdoption(db, await insertCustomer(db), tierId, { status });
  await expect(row.getByRole("cell").nth(6)).toHaveText("2 of 3");

  // Capacity cannot drop below them; the tier cannot be deleted while adoptions refer to it.
  await row.getByRole("cell").first().click();
  const edit = page.getByRole("dialog", { name: "Edit Tier" });
  await expect(edit.getByLabel("Perks")).toHaveValue("Jar of honey\nHive visit\nYour name on the hive");
  await expect(edit.getByText("Taken now: 2 of 3.")).toBeVisible();
  await edit.getByLabel("Max adoptions").fill("1");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  // Said once: the toast's title at the dialog's top, its words under the field.
  await expect(toast(page, "Error")).toBeVisible();
  await expect(edit.getByText(capacityBelowTaken(name, 2)).filter({ visible: true })).toHaveCount(1);
  await expectAccessible(page, "Edit Tier refused");
  await edit.getByRole("link", { name: "Cancel" }).click();
  await dismissToasts(page);

  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await row.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Tier" });
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Error").filter({ hasText: tierInUse(name, 2) })).toBeVisible();
  await confirm.getByRole("link", { name: "Cancel" }).click();

  // Deactivated: no longer offered on the adoption page, still on its adoptions.
  const adoptionPage = async () => (await page.request.get("/adopt-hive")).text();
  expect(await adoptionPage()).toContain(name);
  await row.getByRole("cell").first().click();
  await edit.getByRole("switch", { name: /Active/ }).uncheck();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Tier updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(8)).toHaveText("Inactive");
  expect(await adoptionPage()).not.toContain(name);
});
