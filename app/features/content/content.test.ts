import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages, posts } from "~/platform/db/schema";
import { seedDemoData } from "~/platform/db/seed/seed.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { findPublicPage } from "./public-pages.server";
import { findPublishedPost, listPublishedPosts } from "./public-posts.server";
import { sectionBackground } from "./section-backgrounds";
import { listSitemapEntries, renderRobots, renderSitemap } from "./sitemap.server";

/** Where uploaded files would be served: the page only needs their addresses. */
const uploadsAt = { url: (key: string) => `/uploads/${key}` };

describe("section backgrounds", () => {
  it.each([
    ["Decentralized Beekeeping Revolution", "decentralized-beekeeping"],
    ["Tokenized Beekeeping & Hive Adoption", "tokenized-hive-adoption"],
    ["Pure Raw Honey", "pure-raw-honey"],
    ["  glamping &  nature connection ", "glamping-nature"],
    ["Web3 Meets Nature", "web3-nature"],
    ["Our Volunteers", "default"],
  ])("%j → %s", (title, background) => {
    expect(sectionBackground(title)).toBe(background);
  });
});

describe.each(testEngines())("public content on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
    await seedDemoData(t.db);
    await t.db.insert(posts).values([
      { slug: "future-post-draft", title: "Not yet", content: "<p>secret</p>", published: false, publishedAt: null },
      // Published once, then switched back to draft by an editor: still a draft.
      { slug: "unpublished-again", title: "Pulled", content: "<p>pulled</p>", published: false, publishedAt: null },
      {
        slug: "with-payload",
        title: "A post with <b>markup</b> & more",
        content: '<p>Hello</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
        featuredImage: "javascript:alert(1)",
        published: true,
        publishedAt: new Date("2026-07-01T12:00:00Z"),
      },
    ]);
    await t.db.insert(pages).values([
      { slug: "admin", title: "Shadow admin", sections: [] },
      { slug: "blog", title: "Shadow blog", sections: [] },
      { slug: "empty-page", title: "Coming soon", sections: [] },
      {
        slug: "hostile",
        title: "Hostile",
        heroImage: "javascript:alert(1)",
        sections: [{ title: "Mystery", content: '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://evil.example"></iframe>' }],
      },
    ]);
  });
  afterAll(() => t?.dispose());

  it("loads a page by slug with its hero and sections, backgrounds picked by title", async () => {
    const page = await findPublicPage(t.db, "about", uploadsAt);
    expect(page).toMatchObject({ slug: "about", title: "About Apiary", heroTitle: "Bees first, always", heroImage: null });
    expect(page!.sections.map((s) => s.background)).toEqual([
      "decentralized-beekeeping",
      "tokenized-hive-adoption",
      "pure-raw-honey",
      "glamping-nature",
      "web3-nature",
    ]);
    expect(page!.sections[0]!.html).toMatch(/^<p>We keep bees in the open/);
  });

  it("sanitises section HTML and refuses an unsafe hero image on every read", async () => {
    const page = await findPublicPage(t.db, "hostile", uploadsAt);
    expect(page!.heroImage).toBeNull();
    expect(page!.sections).toEqual([{ title: "Mystery", html: "<p>Hi</p>", background: "default" }]);
  });

  it("finds nothing for unknown, malformed or reserved slugs, even when a row has that slug", async () => {
    expect(await findPublicPage(t.db, "no-such-page", uploadsAt)).toBeNull();
    expect(await findPublicPage(t.db, "About", uploadsAt)).toBeNull();
    expect(await findPublicPage(t.db, "../etc", uploadsAt)).toBeNull();
    expect(await findPublicPage(t.db, "admin", uploadsAt)).toBeNull();
    expect(await findPublicPage(t.db, "blog", uploadsAt)).toBeNull();
    expect(await findPublicPage(t.db, "empty-page", uploadsAt)).toMatchObject({ sections: [] });
  });

  it("lists only published posts, newest first, and never shows a draft", async () => {
    const listed = await listPublishedPosts(t.db);
    expect(listed.map((p) => p.slug)).toEqual(["with-payload", "why-we-plant-before-we-place-hives", "spring-inspection-at-stanwood"]);
    expect((await listPublishedPosts(t.db, { limit: 2 })).map((p) => p.slug)).toHaveLength(2);
    for (const draft of ["honey-harvest-notes-draft", "future-post-draft", "unpublished-again"]) {
      expect(await findPublishedPost(t.db, draft, uploadsAt)).toBeNull();
    }
    expect(await findPublishedPost(t.db, "nope", uploadsAt)).toBeNull();
  });

  it("serves a published post with its content sanitised and an unsafe image dropped", async () => {
    const post = await findPublishedPost(t.db, "with-payload", uploadsAt);
    expect(post).toMatchObject({ title: "A post with <b>markup</b> & more", featuredImage: null });
    expect(post!.html).toBe('<p>Hello</p><a rel="noopener noreferrer">x</a>');
  });

  it("puts static pages, content pages and published posts in the sitemap, escaped, never drafts or reserved slugs", async () => {
    const entries = await listSitemapEntries(t.db);
    const paths = entries.map((e) => e.path);
    expect(paths.slice(0, 8)).toEqual(["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference", "/contact", "/blog", "/adopt-hive-signup"]);
    expect(paths).toEqual(expect.arrayContaining(["/about", "/empty-page", "/hostile", "/blog/with-payload", "/blog/spring-inspection-at-stanwood"]));
    expect(paths).not.toContain("/admin");
    expect(paths).not.toContain("/blog/honey-harvest-notes-draft");
    expect(paths).not.toContain("/blog/future-post-draft");

    const [about] = await t.db.select().from(pages).where(eq(pages.slug, "about"));
    expect(entries.find((e) => e.path === "/about")!.lastModified).toEqual(about!.updatedAt);

    const xml = renderSitemap("https://apiary.example/", [...entries, { path: "/a&b<c>", lastModified: new Date("2026-01-02T03:04:05Z") }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<loc>https://apiary.example/</loc>");
    expect(xml).toContain("<loc>https://apiary.example/blog/with-payload</loc>");
    expect(xml).toContain("<loc>https://apiary.example/a&amp;b&lt;c&gt;</loc>\n    <lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(xml.match(/<url>/g)).toHaveLength(entries.length + 1);
    expect(xml.match(/<lastmod>/g)).toHaveLength(entries.length + 1);
  });

  it("lets crawlers in, keeps them out of accounts and the back-office, and names the sitemap", () => {
    const robots = renderRobots("https://apiary.example");
    expect(robots.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /auth",
      "Disallow: /sponsor-profile",
      "Disallow: /stay/",
      "Disallow: /reset-password",
      "Disallow: /forgot-password",
      "Disallow: /admin-setup",
      "",
      "Sitemap: https://apiary.example/sitemap.xml",
      "",
    ]);
  });
});
