import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { menuItems, pages, posts } from "../../app/platform/db/schema";
import { XSS_PAYLOADS } from "../fixtures/xss-corpus";
import { expect, expectAccessible, holdBack, reactOwns, test, waitForHydration } from "./fixtures";

/**
 * Pages, posts and a menu item written straight into the database. They would change what the
 * blog and the drawer show in other specs: a server of their own, the tests in order.
 */
test.use({ ownServer: { reason: "adds pages, posts and a menu item" } });

test.describe("pages and posts written to the database", () => {
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ servers }, testInfo) => {
    const server = await servers.ownFor(testInfo.file);
    const { db } = server.platform;
    await db.insert(pages).values([
      { slug: "being-built", title: "Volunteer Days", sections: [] },
      { slug: "stay", title: "A page hidden by a route", sections: [{ title: "Hidden", content: "<p>never shown</p>" }] },
      { slug: "live-notes", title: "Live Notes", heroTitle: "Notes from the hives", sections: [{ title: "Pure Raw Honey", content: "<p>First draft of the honey notes.</p>" }] },
      { slug: "second-page", title: "Second Page", heroTitle: "The second page", sections: [{ title: "Our Volunteers", content: "<p>Volunteers keep the apiary going.</p>" }] },
      {
        slug: "xss-page",
        title: "Hostile page",
        heroTitle: "Hostile page",
        heroImage: "javascript:window.__xss=1",
        sections: XSS_PAYLOADS.map((content, i) => ({ title: `Payload ${i + 1}`, content: `<p>Before ${i + 1}</p>${content}` })),
      },
    ]);
    await db.insert(posts).values([
      {
        slug: "xss-post",
        title: "Hostile post",
        excerpt: "A post full of payloads.",
        content: XSS_PAYLOADS.join("\n"),
        featuredImage: "javascript:window.__xss=1",
        published: true,
        publishedAt: new Date("2026-08-01T12:00:00Z"),
      },
      {
        slug: "pictured-post",
        title: "Harvest day in pictures",
        excerpt: "Frames, smoke and the first jars of the season.",
        content: "<p>The whole day, frame by frame.</p>",
        featuredImage: "/images/sections/pure-raw-honey.svg",
        published: true,
        publishedAt: new Date("2026-08-02T12:00:00Z"),
      },
      { slug: "secret-draft", title: "Secret draft", content: "<p>not yet</p>", published: false },
    ]);
    await db.insert(menuItems).values({ label: "Second Page", path: "/second-page", displayOrder: 900 });
  });

  const open = async (page: Page, path: string) => {
    const response = await page.goto(path);
    // The 404 page is the root's error boundary, which does not mark the page hydrated.
    if (response?.status() === 200) await waitForHydration(page);
    return response;
  };

  test("a page without sections says it is being built; a reserved slug stays a 404 even with a row", async ({ page }) => {
    await open(page, "/being-built");
    await expect(page.getByRole("heading", { level: 1, name: "Volunteer Days" })).toBeVisible();
    await expect(page.getByText("This page is currently being built. Check back soon!")).toBeVisible();
    await expect(page.locator("section[data-background]")).toHaveCount(0);
    await expectAccessible(page, "/being-built");

    const response = await open(page, "/stay");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("never shown")).toHaveCount(0);
  });

  test("an open page updates live when its row changes, without a reload", { tag: "@engine" }, async ({ page, server }) => {
    await open(page, "/live-notes");
    await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = "same page"));
    await expect(page.getByRole("heading", { level: 2, name: "Pure Raw Honey" })).toBeVisible();
    await expect(page.locator("section[data-background]")).toHaveCount(1);

    await server.platform.db
      .update(pages)
      .set({
        heroTitle: "Harvest notes",
        sections: [
          { title: "Pure Raw Honey", content: "<p>Moisture under 18% in every super.</p>" },
          { title: "Web3 Meets Nature", content: "<p>Every jar is traced to its hive.</p>" },
        ],
      })
      .where(eq(pages.slug, "live-notes"));

    await expect(page.getByRole("heading", { level: 1, name: "Harvest notes" })).toBeVisible();
    await expect(page.getByText("Moisture under 18% in every super.")).toBeVisible();
    await expect(page.locator("section[data-background]").nth(1)).toHaveAttribute("data-background", "web3-nature");
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("same page");
    await expectAccessible(page, "/live-notes after the live update");
  });

  test("shows a skeleton while another content page loads", async ({ page }) => {
    await open(page, "/live-notes");
    // The drawer's links are plain links until its code comes, just after hydration.
    await expect.poll(() => reactOwns(page, "#site-drawer")).toBe(true);
    const release = await holdBack(page, /\/second-page\.data/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Second Page" }).click();
    await expect(page.getByTestId("page-skeleton")).toBeVisible();
    await expect(page.getByTestId("content-page")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "The second page" })).toBeVisible();
    await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
    await expect(page.locator("section[data-background]")).toHaveAttribute("data-background", "default");
    await expectAccessible(page, "/second-page");
  });

  test("a page and a post full of script-injection payloads open without any script running", async ({ page, consoleErrors }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    for (const [path, content] of [
      ["/xss-page", page.getByTestId("section-content")],
      ["/blog/xss-post", page.getByTestId("post-content")],
    ] as const) {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(content.first()).toBeVisible();
      // Give error and load handlers every chance to fire.
      await page.mouse.move(400, 400);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), path).toBeUndefined();
      expect(dialogs, path).toEqual([]);
      const forbidden = content.locator(
        ":is(script, style, iframe, svg, math, form, object, embed, meta, base, link, input, textarea, video, details, marquee), [onerror], [onload], [onclick], [onmouseover], [onfocus], [style]",
      );
      await expect(forbidden, path).toHaveCount(0);
      await expect(content.locator('a[href^="javascript" i], a[href^="data" i], a[href^="vbscript" i], img[src^="javascript" i], img[src^="data" i]')).toHaveCount(0);
      await expect(page.locator('img[src^="javascript" i]')).toHaveCount(0);
      await expectAccessible(page, path);
    }
    await expect(page.getByTestId("post-content").locator("a").first()).toHaveAttribute("rel", "noopener noreferrer");
    // Images of the payloads that point at missing files may 404; nothing else may complain (a CSP
    // report here would mean markup tried to run a script).
    expect(consoleErrors.filter((message) => !message.startsWith("Failed to load resource"))).toEqual([]);
  });

  test("the blog shows a post's image, and a draft is nowhere to be seen", async ({ page, baseURL }) => {
    await open(page, "/blog");
    const pictured = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Harvest day in pictures" }) });
    const image = pictured.locator("img");
    await expect(image).toHaveAttribute("src", "/images/sections/pure-raw-honey.svg");
    await expect(image).toHaveAttribute("width", "640");
    await expect(image).toHaveAttribute("height", "400");
    await expect(page.getByText("Secret draft")).toHaveCount(0);
    await expectAccessible(page, "/blog with images");

    await pictured.getByRole("link", { name: "Harvest day in pictures" }).click();
    await expect(page).toHaveURL("/blog/pictured-post");
    await expect(page.getByRole("heading", { level: 1, name: "Harvest day in pictures" })).toBeVisible();
    await expect(page.locator("article img")).toHaveAttribute("src", "/images/sections/pure-raw-honey.svg");

    const response = await open(page, "/blog/secret-draft");
    expect(response?.status()).toBe(404);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`${baseURL}/blog/pictured-post`);
    expect(sitemap).not.toContain("secret-draft");
    expect(sitemap).not.toContain(`${baseURL}/stay<`);
  });
});
