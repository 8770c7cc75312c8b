import { asc, eq } from "drizzle-orm";
import { hiveTiers, posts } from "../../app/platform/db/schema";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/** Public pages' rules that depend on the data: the tests replace every post and change the tiers. */
test.use({ ownServer: { reason: "deletes every post and changes the seeded tiers" } });
test.describe.configure({ mode: "default" });

test.describe("with data of its own", () => {

  test("Latest from Our Blog: the 4 newest published posts, drafts never, and no section without posts", async ({ page, server }) => {
    const { db } = server.platform;
    await db.delete(posts);
    await page.goto("/home");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "What You Get" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest from Our Blog" })).toHaveCount(0);
    await expect(page.getByTestId("blog-teaser")).toHaveCount(0);

    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 17));
    await db.insert(posts).values([
      { slug: "oldest-post", title: "Oldest post", excerpt: "The first one.", published: true, publishedAt: day(1) },
      { slug: "second-post", title: "Second post", excerpt: "Second.", published: true, publishedAt: day(2) },
      { slug: "third-post", title: "Third post", excerpt: "Third.", published: true, publishedAt: day(3) },
      { slug: "fourth-post", title: "Fourth post", excerpt: "Fourth.", published: true, publishedAt: day(4), featuredImage: "/images/stanwood/hive-meadow-480.webp" },
      { slug: "newest-post", title: "Newest post", excerpt: "The latest news from the hives.", published: true, publishedAt: day(5) },
      { slug: "secret-draft", title: "Secret draft", excerpt: "Not for the public.", published: false, publishedAt: null },
    ]);

    await page.goto("/home");
    await waitForHydration(page);
    const teaser = page.getByRole("region", { name: "Latest from Our Blog" });
    const titles = teaser.getByRole("heading", { level: 3 });
    await expect(titles).toHaveText(["Newest post", "Fourth post", "Third post", "Second post"]);
    await expect(teaser).not.toContainText("Secret draft");
    await expect(teaser).not.toContainText("Oldest post");
    const newest = teaser.getByRole("article").first();
    await expect(newest.getByRole("link", { name: "Newest post" })).toHaveAttribute("href", "/blog/newest-post");
    await expect(newest).toContainText("Jan 05, 2026");
    await expect(newest).toContainText("The latest news from the hives.");
    await expect(newest.locator("img")).toHaveCount(0);
    const withImage = teaser.getByRole("article").nth(1).locator("img");
    await expect(withImage).toHaveAttribute("src", "/images/stanwood/hive-meadow-480.webp");
    await expect(withImage).toHaveAttribute("alt", /Fourth post/);
    await expect(withImage).toHaveAttribute("loading", "lazy");
    await expectAccessible(page, "/home with blog posts");
  });

  test("tiers: inactive ones are hidden, a full one says so and offers no Choose link, Choose carries the tier id", async ({ page, server }) => {
    const { db } = server.platform;
    const tiers = await db.select().from(hiveTiers).orderBy(asc(hiveTiers.displayOrder));
    const [forager, guardian, steward] = tiers;
    await db.update(hiveTiers).set({ maxAdoptions: 0 }).where(eq(hiveTiers.id, guardian!.id));
    await db.update(hiveTiers).set({ isActive: false }).where(eq(hiveTiers.id, steward!.id));

    await page.goto("/adopt-hive");
    await waitForHydration(page);
    const cards = page.getByTestId("tier-card");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Forager", "Guardian", "Colony Partner"]);
    await expect(page.getByRole("link", { name: "Choose Forager" })).toHaveAttribute("href", `/adopt-hive-signup?tier=${forager!.id}`);
    const full = cards.filter({ has: page.getByRole("heading", { name: "Guardian" }) });
    await expect(full.getByTestId("tier-full")).toHaveText("This tier is full");
    await expect(full.getByRole("link")).toHaveCount(0);
    await expectAccessible(page, "/adopt-hive with a full tier");
  });
});
