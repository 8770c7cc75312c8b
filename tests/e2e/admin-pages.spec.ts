import sharp from "sharp";
import { dismissToasts, toast } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Pages as the organisation's editor uses them: a new page with a hero image (uploaded as it is
 * chosen, with a preview) and two sections written in the rich-text editor, previewed, saved and
 * seen at its address; then a section edited while the public page is open in another tab, which
 * follows live. The rules: features/pages/pages.test.ts.
 */
test("an editor creates a page with a hero image and two sections, previews it, and an open public page follows an edit live", async ({ page, context, signIn, visit }) => {
  test.setTimeout(60_000);
  const slug = `bee-garden-${crypto.randomUUID().slice(0, 6)}`;
  await signIn.admin();
  await visit(`/admin/pages?q=${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await expect(page.getByText("No pages yet.")).toBeVisible();
  // The back-office has its own menu, not the public site's marketing footer.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await page.getByRole("link", { name: "New Page" }).click();
  const editor = page.getByRole("dialog", { name: "New Page" });
  await editor.getByRole("button", { name: "Create Page" }).click();
  await expect(editor.getByText("Slug is required")).toBeVisible();
  await expect(editor.getByText("Title is required")).toBeVisible();
  await editor.getByLabel("Slug").fill("admin");
  await editor.getByRole("button", { name: "Create Page" }).click();
  await expect(editor.getByText("That address belongs to another part of the site. Choose another slug.")).toBeVisible();
  await expectAccessible(page, "New Page with errors");

  await editor.getByLabel("Slug").fill(slug);
  await editor.getByLabel("Title", { exact: true }).fill("The Bee Garden");
  await editor.getByLabel("Hero title").fill("Plant for pollinators");
  await editor.getByLabel("Hero subtitle").fill("What to sow for bees, month by month.");
  const picture = await sharp({ create: { width: 1600, height: 800, channels: 3, background: { r: 40, g: 90, b: 50 } } }).jpeg().toBuffer();
  await editor.getByLabel("Choose image").setInputFiles({ name: "meadow.jpg", mimeType: "image/jpeg", buffer: picture });
  // The server re-encodes it in three widths first: real work, slower on a busy machine.
  await expect(editor.getByRole("img", { name: "Hero image: preview" })).toBeVisible({ timeout: 20_000 });

  await editor.getByRole("button", { name: "Add section" }).click();
  await editor.getByRole("button", { name: "Add section" }).click();
  const first = editor.getByRole("listitem", { name: "Section 1" });
  const second = editor.getByRole("listitem", { name: "Section 2" });
  await first.getByLabel("Section title").fill("Pure Raw Honey");
  await first.getByRole("textbox", { name: "Section content" }).click();
  await page.keyboard.type("Our honey is never heated.");
  await first.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" Ever.");
  await second.getByLabel("Section title").fill("What to sow");
  await second.getByRole("textbox", { name: "Section content" }).click();
  await second.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Phacelia");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Borage");
  // Reorder and put back: the order is what is saved.
  await second.getByRole("button", { name: "Move section 2 up" }).click();
  await expect(editor.getByRole("listitem", { name: "Section 1" }).getByLabel("Section title")).toHaveValue("What to sow");
  await editor.getByRole("button", { name: "Move section 1 down" }).click();
  await expectAccessible(page, "New Page filled in");

  // The preview: the page as visitors will see it, the title-matched background included.
  await editor.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: /Preview of/ });
  await expect(preview.getByRole("heading", { level: 1, name: "Plant for pollinators" })).toBeVisible();
  await expect(preview.locator('[data-background="pure-raw-honey"]')).toContainText("Our honey is never heated. Ever.");
  await expect(preview.locator("section").nth(1).locator("li")).toHaveText(["Phacelia", "Borage"]);
  await expectAccessible(page, "Page preview");
  await preview.getByRole("button", { name: "Back to editing" }).click();
  // A new page is a draft until it is published.
  await expect(editor.getByRole("switch", { name: /Published/ })).not.toBeChecked();
  await editor.getByRole("switch", { name: /Published/ }).click();
  await editor.getByRole("button", { name: "Create Page" }).click();
  await expect(toast(page, "Page created")).toContainText(`/${slug} is live.`);
  await dismissToasts(page);
  await expect.poll(() => page.getByRole("row").filter({ hasText: slug }).getByRole("cell").allInnerTexts()).toEqual([`/${slug}`, "The Bee Garden", "Plant for pollinators", expect.any(String), "Actions"]);

  // The public page, open in another tab.
  const visitor = await context.newPage();
  await visitor.goto(`/${slug}`);
  await waitForHydration(visitor);
  await expect(visitor.getByRole("heading", { level: 1, name: "Plant for pollinators" })).toBeVisible();
  await expect(visitor.getByRole("contentinfo")).toBeVisible();
  await expect(visitor.locator("header picture source[type='image/webp']")).toHaveAttribute("srcset", /\/uploads\/images\/[0-9a-f-]+\/480\.webp 480w/);
  const honey = visitor.locator('section[data-background="pure-raw-honey"]');
  await expect(honey.getByRole("heading", { level: 2, name: "Pure Raw Honey" })).toBeVisible();
  await expect(honey.locator("strong")).toHaveText(" Ever.");
  await expect(visitor.locator("section").nth(1).locator("li")).toHaveText(["Phacelia", "Borage"]);
  await expectAccessible(visitor, `/${slug}`);

  // An edit of a section reaches the open page without a reload.
  await page.getByRole("row").filter({ hasText: slug }).getByRole("cell").first().click();
  const edit = page.getByRole("dialog", { name: "Edit Page" });
  await expect(edit.getByText("Fixed once the page exists")).toBeVisible();
  const content = edit.getByRole("listitem", { name: "Section 1" }).getByRole("textbox", { name: "Section content" });
  await content.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Straight from the comb.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Page updated")).toBeVisible();
  await expect(honey).toContainText("Straight from the comb.");

  // Deleting it: the spec's confirmation, then the address is gone.
  await page.getByRole("button", { name: "Actions for The Bee Garden" }).click();
  await page.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Page" });
  await expect(confirm).toContainText(`This will permanently delete the page The Bee Garden (/${slug}). This action cannot be undone.`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Page deleted")).toBeVisible();
  expect((await visitor.request.get(`/${slug}`)).status()).toBe(404);
});
