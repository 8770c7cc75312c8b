import { expect, expectAccessible, test } from "./fixtures";

const ABOUT_SECTIONS = [
  ["Decentralized Beekeeping Revolution", "decentralized-beekeeping"],
  ["Tokenized Beekeeping & Hive Adoption", "tokenized-hive-adoption"],
  ["Pure Raw Honey", "pure-raw-honey"],
  ["Glamping & Nature Connection", "glamping-nature"],
  ["Web3 Meets Nature", "web3-nature"],
] as const;

test.describe("content pages", () => {
  test("/about: hero, then one full-screen snap section per entry, each with its own artwork", async ({ page, visit, request, consoleErrors }) => {
    await visit("/about");
    // The site name is not repeated when the title already carries it.
    await expect(page).toHaveTitle("About Apiary");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /community hive sponsorship/);
    await expect(page.getByRole("heading", { level: 1, name: "Bees first, always" })).toBeVisible();
    await expect(page.getByText("A conservation apiary on a Washington lake, funded by the people who care about pollinators.")).toBeVisible();

    const sections = page.locator("section[data-background]");
    await expect(sections).toHaveCount(5);
    for (const [index, [title, art]] of ABOUT_SECTIONS.entries()) {
      const section = sections.nth(index);
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(title);
      await expect(section).toHaveAttribute("data-background", art);
      const style = await section.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, snap: getComputedStyle(el).scrollSnapAlign, height: el.getBoundingClientRect().height }));
      expect(style.image).toContain(`/images/sections/${art}.svg`);
      expect(style.snap).toBe("start");
      expect(style.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);
      const artwork = await request.get(`/images/sections/${art}.svg`);
      expect(artwork.status()).toBe(200);
      expect(artwork.headers()["content-type"]).toContain("image/svg+xml");
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollSnapType)).toContain("y");
    await expect(sections.first()).toContainText("every hive has a public record of inspections");
    // No hydration mismatch and no CSP complaint about the inline snap style.
    expect(consoleErrors).toEqual([]);
  });

  test("unknown slugs and paths that belong to the app answer with the 404 page", async ({ page }) => {
    for (const path of ["/no-such-page", "/api", "/stay", "/assets"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    }
    await expectAccessible(page, "404 for a reserved slug");
  });

  test("sitemap.xml lists the public pages, content pages and published posts; robots.txt names it", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const expected = ["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference", "/contact", "/blog", "/adopt-hive-signup", "/about"];
    expect(locs).toEqual(expect.arrayContaining([...expected, "/blog/spring-inspection-at-stanwood", "/blog/why-we-plant-before-we-place-hives"].map((p) => `${baseURL}${p}`)));
    expect(locs.every((loc) => loc.startsWith(`${baseURL}/`))).toBe(true);
    expect(xml).not.toContain("honey-harvest-notes-draft");
    expect(xml.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(locs.length);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/admin", "/api/", "/auth", "/sponsor-profile", "/stay/", "/reset-password", "/forgot-password", "/admin-setup"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
