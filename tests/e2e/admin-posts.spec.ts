import { eq } from "drizzle-orm";
import sharp from "sharp";
import { posts } from "../../app/platform/db/schema";
import { dismissToasts, toast } from "./admin-helpers";
import { expect, expectAccessible, holdBack, test } from "./fixtures";

// /blog and the landing page's teaser list the exact seeded posts in other specs.
test.use({ ownServer: { reason: "publishes a post, which the blog's and the teaser's specs would see" } });
test.describe.configure({ mode: "default" });

/**
 * The blog as the organisation's editor keeps it: a post written in the rich-text editor with a
 * featured image, published with the switch, seen in the landing page's teaser and on /blog;
 * renamed, its old address forwards to the new one; deleted with a confirmation.
 * The rules: features/posts/posts.test.ts.
 */
test("an editor publishes a post, sees it in the teaser and on the blog, renames it and deletes it", async ({ page, context, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const title = `Swarm season ${crypto.randomUUID().slice(0, 6)}`;
  const slug = title.toLowerCase().replace(/ /g, "-");
  await signIn.admin();
  await visit("/admin/posts");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Honey harvest notes (draft)" }).getByRole("cell").nth(2)).toHaveText("Draft");

  await page.getByRole("link", { name: "New Post" }).click();
  const editor = page.getByRole("dialog", { name: "New Post" });
  await editor.getByRole("button", { name: "Save Post" }).click();
  await expect(editor.getByText("Title is required")).toBeVisible();
  await expect(editor.getByText("Content is required")).toBeVisible();
  await editor.getByLabel("Title").fill(title);
  await expect(editor.getByText(`Leave it empty to use “${slug}”, made from the title.`)).toBeVisible();
  await editor.getByLabel("Excerpt").fill("What to do when the bees leave home.");
  await editor.getByRole("textbox", { name: "Content" }).click();
  await editor.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Catching a swarm");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Keep calm and call us.");
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 150, b: 30 } } }).jpeg().toBuffer();
  await editor.getByLabel("Choose image").setInputFiles({ name: "swarm.jpg", mimeType: "image/jpeg", buffer: photo });
  // The server re-encodes it in three widths first: real work, slower on a busy machine.
  await expect(editor.getByRole("img", { name: "Featured image: preview" })).toBeVisible({ timeout: 20_000 });
  await editor.getByRole("switch", { name: /Published/ }).check();
  await expectAccessible(page, "New Post filled in");
  await editor.getByRole("button", { name: "Save Post" }).click();
  await expect(toast(page, "Post published")).toContainText(`/blog/${slug} is live.`);
  await dismissToasts(page);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell").nth(1)).toHaveText(slug);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Published");

  // The landing page's teaser and the blog show it first, with its image.
  const visitor = await context.newPage();
  await visitor.goto("/home");
  const teaser = visitor.getByTestId("blog-teaser").getByRole("listitem").first();
  await expect(teaser).toContainText(title);
  await expect(teaser.locator("img")).toHaveAttribute("src", /\/uploads\/images\/[0-9a-f-]+\/960\.jpg$/);
  await visitor.goto("/blog");
  await expect(visitor.getByRole("main").getByRole("listitem").first().getByRole("heading", { level: 2 })).toHaveText(title);
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 2, name: "Catching a swarm" })).toBeVisible();
  await expect(visitor.getByTestId("post-content")).toContainText("Keep calm and call us.");
  await expectAccessible(visitor, `/blog/${slug}`);

  // Renamed: the old address forwards (301) to the new one.
  await row.getByRole("cell").first().click();
  const edit = page.getByRole("dialog", { name: "Edit Post" });
  await expect(edit.getByText("Changing it keeps the old address working")).toBeVisible();
  await edit.getByLabel("Slug").fill(`${slug}-guide`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Post updated")).toBeVisible();
  const old = await visitor.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/${slug}-guide`);
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}-guide$`));

  await dismissToasts(page);
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Post" });
  await expect(confirm).toContainText(`This will permanently delete the post ${title}. This action cannot be undone.`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Post deleted")).toBeVisible();
  expect((await visitor.request.get(`/blog/${slug}-guide`)).status()).toBe(404);

  // Someone else deletes the post while its Delete dialog is open: the screen hears of it and
  // the dialog and the row go (a delete sent anyway is refused, "This post no longer exists.",
  // in posts.test.ts).
  const draft = "Honey harvest notes (draft)";
  await dismissToasts(page);
  await page.getByRole("button", { name: `Actions for ${draft}` }).click();
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(confirm).toContainText(draft);
  await server.platform.db.delete(posts).where(eq(posts.title, draft));
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: `Actions for ${draft}` })).toBeHidden();
});

test("what is typed while the editor is still on its way goes on into it, keys and all", async ({ page, signIn, visit }) => {
  await signIn.admin();
  // The editor's script held back until the text area has been typed into.
  const release = await holdBack(page, /\/assets\/tiptap-editor-[^/]+\.js$/);
  await visit("/admin/posts?dialog=add");
  const dialog = page.getByRole("dialog", { name: "New Post" });
  const textArea = dialog.locator("textarea[name=content]");
  await textArea.click();
  await page.keyboard.type("Frames capped, ");
  release();
  // Typing on while the editor takes over: nothing typed is lost, the focus stays in the field.
  await page.keyboard.type("supers on by Friday.", { delay: 15 });
  await expect(textArea).toHaveCount(0);
  const content = dialog.getByRole("textbox", { name: "Content" });
  await expect(content).toBeFocused();
  await expect(content).toHaveText("Frames capped, supers on by Friday.");
});
