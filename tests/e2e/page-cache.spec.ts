import { expect, test, waitForHydration } from "./fixtures";

/**
 * The page cache as visitors meet it (server/page-cache.ts): a signed-in visitor's page, with
 * their account menu and e-mail, never reaches an anonymous visitor; what the organisation
 * changes (a menu item, a new post) shows on the anonymous visitor's very next request.
 * Which requests it answers, and how: tests/integration/page-cache.test.ts.
 */
test.use({ ownServer: { reason: "counts on which public pages the cache already holds" } });
test.describe.configure({ mode: "default" });

const PAGES = ["/", "/stanwood", "/blog", "/adopt-hive"];

test("a signed-in visitor's page never reaches an anonymous visitor, whichever comes first", async ({ page, browser, server, signIn }) => {
  test.setTimeout(60_000);
  const anonymous = await browser.newContext({ baseURL: server.url });
  try {
    const { email } = await signIn.customer();
    const stranger = await anonymous.newPage();
    for (const path of PAGES) {
      // Signed in first: their page is theirs, and not kept.
      const theirs = await page.goto(path);
      expect(theirs!.headers()["x-page-cache"], path).toBeUndefined();
      expect(theirs!.headers()["cache-control"], path).toMatch(/no-store/);
      await expect(page.getByRole("button", { name: "Account menu" }), path).toBeVisible();
      await expect(page.locator("html"), path).toContainText(email);

      // The anonymous visitor then gets the page for anyone, rendered for them and kept…
      const first = await stranger.goto(path);
      expect(first!.headers()["x-page-cache"], path).toBe("miss");
      await expect(stranger.getByRole("link", { name: "Login" }), path).toBeVisible();
      expect(await stranger.content(), path).not.toContain(email);
      await expect(stranger.getByRole("button", { name: "Account menu" }), path).toHaveCount(0);

      // …and served from memory after that, still without anything of the signed-in visitor's.
      const again = await stranger.goto(path);
      expect(again!.headers()["x-page-cache"], path).toMatch(/^(?:hit|miss)$/);
      expect(await stranger.content(), path).not.toContain(email);

      // The signed-in visitor, after the page was kept, still gets their own.
      const theirsAgain = await page.goto(path);
      expect(theirsAgain!.headers()["x-page-cache"], path).toBeUndefined();
      await expect(page.locator("html"), path).toContainText(email);
    }
  } finally {
    await anonymous.close();
  }
});

test("a menu item the team adds, and a post it publishes, show on an anonymous visitor's next request", async ({ page, browser, server, signIn, visit }) => {
  test.setTimeout(90_000);
  const visitor = await (await browser.newContext({ baseURL: server.url })).newPage();
  const label = `Swarm Watch ${crypto.randomUUID().slice(0, 6)}`;
  const title = `First honey of the season ${crypto.randomUUID().slice(0, 6)}`;

  // The visitor's pages are in the cache.
  for (const path of ["/", "/blog"]) {
    await visitor.goto(path);
    const again = await visitor.goto(path);
    expect(again!.headers()["x-page-cache"], path).toBe("hit");
  }

  await signIn.admin();
  await visit("/admin/menu-items");
  await page.getByRole("link", { name: "Add Menu Item" }).click();
  const menuDialog = page.getByRole("dialog", { name: "Add Menu Item" });
  await menuDialog.getByLabel("Label", { exact: true }).fill(label);
  await menuDialog.getByLabel("Path").fill("/blog");
  await menuDialog.getByRole("button", { name: "Add Menu Item" }).click();
  await expect(page.getByRole("row").filter({ hasText: label })).toBeVisible();

  await visitor.goto("/");
  await waitForHydration(visitor);
  await visitor.getByRole("button", { name: "Open menu" }).click();
  await expect(visitor.getByRole("dialog").getByTestId("drawer-menu").getByRole("link", { name: label })).toBeVisible();

  await visit("/admin/posts");
  await page.getByRole("link", { name: "New Post" }).click();
  const postDialog = page.getByRole("dialog", { name: "New Post" });
  await postDialog.getByLabel("Title").fill(title);
  await postDialog.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("The first frames are capped.");
  await postDialog.getByRole("switch", { name: /Published/ }).check();
  await postDialog.getByRole("button", { name: "Save Post" }).click();
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();

  await visitor.goto("/blog");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
});
