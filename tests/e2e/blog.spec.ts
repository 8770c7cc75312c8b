import { expect, expectAccessible, test } from "./fixtures";

test.describe("blog", () => {
  test("lists published posts newest first with date, title, excerpt and link, and opens one", async ({ page, visit, consoleErrors }) => {
    await visit("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText([
      "Why we plant before we place hives",
      "Spring inspection at Stanwood: all 17 hives came through winter",
    ]);
    await expect(cards.locator("time")).toHaveText(["Jun 2, 2026", "Apr 12, 2026"]);
    await expect(cards.first()).toContainText("A hive is only as healthy as the forage around it.");
    await expect(page.getByText("Honey harvest notes (draft)")).toHaveCount(0);

    await cards.first().getByRole("link", { name: "Why we plant before we place hives" }).click();
    await expect(page).toHaveURL(/\/blog\/why-we-plant-before-we-place-hives$/);
    await expect(page.getByRole("heading", { level: 1, name: "Why we plant before we place hives" })).toBeVisible();
    await expect(page.locator("article time")).toHaveText("Jun 2, 2026");
    await expect(page.getByTestId("post-content")).toContainText("sowing native pollinator meadows");
    await expect(page).toHaveTitle("Why we plant before we place hives | Apiary");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: "Why we plant before we place hives", datePublished: "2026-06-02T17:00:00.000Z" });
    await expectAccessible(page, "/blog/why-we-plant-before-we-place-hives");

    await page.getByRole("link", { name: "All posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(consoleErrors).toEqual([]);
  });

  test("a draft and an unknown post answer with the 404 page", async ({ page }) => {
    for (const path of ["/blog/honey-harvest-notes-draft", "/blog/no-such-post"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(page.getByText("Draft: extraction days")).toHaveCount(0);
    }
    await expectAccessible(page, "404 for a draft post");
  });
});
