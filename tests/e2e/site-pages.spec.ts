import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { E2E_SETTINGS } from "./test-server";

/** The public marketing pages: the spec's texts, figures and links, on the seeded demo data. */

const PAGES = ["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference"] as const;

/** Every JSON-LD block of the page, parsed (a parse error fails the test). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The h2 headings of <main>, in document order. */
async function sectionHeadings(page: Page) {
  return page.locator("main h2").allTextContents();
}

function section(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

test.describe("landing A (/)", () => {
  test("has every section of the spec in order, with its figures and links", async ({ page, visit }) => {
    await visit("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save the bees, one hive at a time");
    const hero = section(page, "Save the bees, one hive at a time");
    await expect(hero.getByRole("link", { name: "Adopt a Hive" })).toHaveAttribute("href", "/adopt-hive-signup");
    await expect(hero.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/stanwood");
    const badge = page.getByTestId("token-badge");
    await expect(badge).toHaveAttribute("href", /^https:\/\//);
    await expect(badge).toHaveAttribute("target", "_blank");
    await expect(badge).toHaveAttribute("rel", "noopener noreferrer");

    expect(await sectionHeadings(page)).toEqual([
      "Our Mission",
      "What We Do",
      "Where We Are Now",
      "Book Your Experience",
      "Meet Our Team",
      "Roadmap",
      "How the Token Works",
      "Adopt a hive this season",
    ]);
    await expect(section(page, "Our Mission").getByRole("listitem")).toHaveCount(3);
    await expect(section(page, "What We Do").getByRole("listitem")).toHaveCount(6);

    const now = section(page, "Where We Are Now");
    await expect(now).toContainText("Stanwood");
    await expect(now).toContainText("5 Acres pilot operation");
    await expect(now.getByRole("heading", { name: "Active" })).toBeVisible();
    await expect(now.getByRole("heading", { name: "Pilot" })).toBeVisible();

    const book = section(page, "Book Your Experience");
    const stanwood = book.getByTestId("experience-stanwood");
    await expect(stanwood).toContainText("Available");
    for (const offer of ["RV Glamping", "Beekeeping Tours", "Paddle Boarding", "Hiking Trails", "Honey Tasting", "5.6 acres", "17 active beehives"]) {
      await expect(stanwood).toContainText(offer);
    }
    await expect(stanwood.getByRole("link")).toHaveAttribute("href", "/stanwood");
    for (const [place, why] of [
      ["Arlington, WA", "Opening next: its date will be on our blog first."],
      ["Eastern Washington", "Planned for later: members vote on when it comes."],
    ]) {
      const card = book.getByRole("listitem").filter({ has: page.getByRole("heading", { name: place }) });
      await expect(card).toContainText("Coming Soon");
      // A disabled button says why.
      await expect(card.getByRole("button", { name: "Notify Me" })).toBeDisabled();
      await expect(card.getByRole("button", { name: "Notify Me" })).toHaveAccessibleDescription(why!);
    }

    const team = section(page, "Meet Our Team");
    await expect(team.getByRole("heading", { level: 3 })).toHaveText(["Founder & Lead Beekeeper", "Land & Habitat Manager", "Community & Token Lead"]);

    const roadmap = section(page, "Roadmap");
    await expect(roadmap.getByRole("listitem").filter({ hasText: "Arlington" })).toContainText(/Next.*240 acres/s);
    await expect(roadmap.getByRole("listitem").filter({ hasText: "Eastern Washington" })).toContainText(/Long-term.*500 acres/s);

    const token = section(page, "How the Token Works");
    await expect(token.getByRole("heading", { level: 3 })).toHaveText(["Medium of exchange", "Rewards", "Proof-of-impact"]);
    await expect(section(page, "Adopt a hive this season").getByRole("link")).toHaveAttribute("href", "/adopt-hive");

    const [organization] = await jsonLd(page);
    expect(organization).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: "Apiary" });
  });
});

test.describe("landing B (/home)", () => {
  test("hero, why cards, three steps, community stats, five perks and the contact call to action", async ({ page, visit }) => {
    await visit("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save the Bees, Earn Crypto");
    const hero = section(page, "Save the Bees, Earn Crypto");
    await expect(hero.getByRole("link", { name: "Adopt a Hive" })).toHaveAttribute("href", "/adopt-hive");
    await expect(hero.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/bitcoin-conference");
    await expect(section(page, "Why Sponsor a Hive with Us").getByRole("listitem")).toHaveCount(3);
    await expect(section(page, "Three Steps to Your Own Hive").getByRole("listitem")).toHaveCount(3);

    const stats = page.getByTestId("community-stats");
    await expect(stats.locator("dd")).toHaveText(["500+", "1M+", "2K+", "3"]);
    await expect(stats.locator("dt")).toHaveText(["active hives", "bees protected", "members", "locations"]);

    await expect(page.getByTestId("perks").getByRole("listitem")).toHaveText([
      /monthly token rewards/i,
      /reserve experiences/i,
      /real-time hive updates/i,
      /voting rights on future locations/i,
      /discounts/i,
    ]);
    const cta = page.getByRole("region", { name: /questions about hives/i });
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    const headings = await sectionHeadings(page);
    expect(headings.indexOf("What You Get")).toBeLessThan(headings.indexOf("Latest from Our Blog"));
    expect(headings.at(-1)).toMatch(/questions about hives/i);
  });
});

test.describe("/adopt-hive", () => {
  test("how it works, the seeded tiers with prices and Choose links, sponsor benefits, business offers and the FAQ", async ({ page, visit }) => {
    await visit("/adopt-hive");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adopt a Hive");
    expect(await sectionHeadings(page)).toEqual([
      "Why Adopt a Hive",
      "How It Works",
      "Choose Your Tier",
      "What Sponsors Receive",
      "Business Offers",
      "Frequently Asked Questions",
      "Ready to adopt your hive?",
    ]);
    await expect(section(page, "How It Works").getByRole("listitem")).toHaveCount(4);

    const cards = page.getByTestId("tier-card");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Forager", "Guardian", "Steward", "Colony Partner"]);
    const forager = cards.first();
    await expect(forager).toContainText("$22.55/month");
    await expect(forager).toContainText("$249/year");
    await expect(forager).toContainText("save 8%");
    await expect(cards.nth(3)).toContainText("$5,499/year");
    for (const name of ["Forager", "Guardian", "Steward", "Colony Partner"]) {
      await expect(page.getByRole("link", { name: `Choose ${name}` })).toHaveAttribute("href", /^\/adopt-hive-signup\?tier=[0-9a-f-]{36}$/);
    }

    const faq = section(page, "Frequently Asked Questions");
    await faq.getByText("What happens if my hive fails?").click();
    await expect(faq).toContainText("we replace it with another hive or habitat project at the same tier");
    await faq.getByText("Is a honey share guaranteed?").click();
    await expect(faq).toContainText("Honey shares are not guaranteed");
    await faq.getByText("What does the Guardian tier include?").click();
    await expect(faq).toContainText("a day pass to the Stanwood property and 10% off stays and workshops");
    await expectAccessible(page, "/adopt-hive with the FAQ open");

    await expect(section(page, "Ready to adopt your hive?").getByRole("link", { name: "Adopt a Hive Now" })).toHaveAttribute("href", "/adopt-hive-signup");
  });
});

test.describe("/stanwood", () => {
  test("gallery of 5 lazy images, features, activities, highlights, buttons, then the booking widget", async ({ page, visit }) => {
    await visit("/stanwood");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const images = page.getByTestId("gallery").locator("img");
    await expect(images).toHaveCount(5);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", "960");
      await expect(img).toHaveAttribute("height", "640");
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("decoding", "async");
      expect((await img.getAttribute("alt"))!.length).toBeGreaterThan(20);
    }
    // The files exist in both formats.
    for (const src of await images.evaluateAll((nodes) => nodes.map((n) => (n as HTMLImageElement).getAttribute("src")!))) {
      for (const url of [src, src.replace(/\.png$/, ".webp")]) {
        const response = await page.request.get(url);
        expect(response.status(), url).toBe(200);
      }
    }
    await expect(section(page, "What Makes It Special").getByRole("listitem")).toHaveCount(4);
    await expect(section(page, "Outdoor Activities").getByRole("listitem")).toHaveCount(6);

    const highlights = section(page, "Property Highlights");
    await expect(highlights.getByTestId("property-figures")).toContainText("5.6 acres");
    await expect(highlights.getByTestId("property-figures")).toContainText("17 beehives");
    for (const item of ["One RV trailer", "Lake access", "Hiking", "Paddle boarding", "Beekeeping tours"]) {
      await expect(highlights.getByRole("listitem").filter({ hasText: item })).toHaveCount(1);
    }
    await expect(highlights.getByRole("link", { name: "Adopt a Hive" })).toHaveAttribute("href", "/adopt-hive");
    await expect(highlights.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

    // The booking widget comes after the highlights, under a single #reserve.
    const reserve = page.locator("#reserve");
    await expect(reserve).toHaveCount(1);
    await expect(reserve.getByRole("heading", { name: "Reserve Your Dates" })).toBeVisible();
    const reserveFollows = await highlights.evaluate((el) => Boolean(el.compareDocumentPosition(document.getElementById("reserve")!) & Node.DOCUMENT_POSITION_FOLLOWING));
    expect(reserveFollows).toBe(true);

    const [lodging] = await jsonLd(page);
    expect(lodging).toMatchObject({
      "@type": "LodgingBusiness",
      address: { addressLocality: "Stanwood", addressRegion: "WA" },
    });
    expect((lodging!.amenityFeature as { name: string }[]).map((a) => a.name)).toEqual(expect.arrayContaining(["RV trailer", "Lake access", "Paddle boarding"]));
  });
});

test.describe("/bitcoin-conference", () => {
  test("Register Now opens the registration page in a new tab; the schedule is the spec's table", async ({ page, visit }) => {
    await visit("/bitcoin-conference");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bitcoin Conference 2024");
    const register = page.getByRole("link", { name: /^Register Now/ }).first();
    await expect(register).toHaveAttribute("href", /^https:\/\//);
    await expect(register).toHaveAttribute("target", "_blank");
    await expect(register).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByTestId("early-bird")).toHaveText("Early-bird pricing runs until September 15th.");
    await expect(page.locator("main")).toContainText("500+ professionals");
    await expect(page.locator("main")).toContainText("Sept 30 to Oct 1, 2024");

    const table = page.getByRole("table", { name: /conference schedule/i });
    await expect(table.getByRole("columnheader")).toHaveText(["Day", "Time", "Session"]);
    const rows = await table.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children).map((cell) => cell.textContent!.trim())),
    );
    expect(rows).toEqual([
      ["Day 1 (Sept 30)", "9:00 AM", "Opening keynote"],
      ["Day 1", "10:30 AM", "Technology panel"],
      ["Day 1", "2:00 PM", "Regulatory landscape"],
      ["Day 1", "6:00 PM", "Networking reception"],
      ["Day 2 (Oct 1)", "9:00 AM", "Lightning Network deep dive"],
      ["Day 2", "11:00 AM", "Investment strategies"],
      ["Day 2", "2:30 PM", "Startup showcase"],
      ["Day 2", "5:00 PM", "Closing ceremony"],
    ]);

    const [event] = await jsonLd(page);
    expect(event).toMatchObject({ "@type": "Event" });
    expect(String(event!.startDate)).toMatch(/^2024-09-30/);
    expect(String(event!.endDate)).toMatch(/^2024-10-01/);
  });
});

test.describe("every page", () => {
  test("fits a 320 px wide screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, `${path} at 320 px`).toBeLessThanOrEqual(widths.client);
      await expectAccessible(page, `${path} at 320 px`);
    }
  });

  test("every image has its size and a text alternative; those below the fold load lazily", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PAGES) {
      await page.goto(path);
      const images = await page.locator("main img").evaluateAll((nodes) =>
        nodes.map((node) => {
          const img = node as HTMLImageElement;
          return {
            src: img.getAttribute("src"),
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
            alt: img.getAttribute("alt") ?? "",
            loading: img.getAttribute("loading"),
            top: img.getBoundingClientRect().top + window.scrollY,
          };
        }),
      );
      for (const image of images) {
        expect(Number(image.width), `${path} ${image.src} width`).toBeGreaterThan(0);
        expect(Number(image.height), `${path} ${image.src} height`).toBeGreaterThan(0);
        expect(image.alt.length, `${path} ${image.src} alt`).toBeGreaterThan(10);
        if (image.top > 844 * 1.5) expect(image.loading, `${path} ${image.src} below the fold`).toBe("lazy");
      }
    }
  });

  test("reads fine with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const expectations: Record<(typeof PAGES)[number], string[]> = {
      "/": ["Save the bees, one hive at a time", "Book Your Experience", "17 active beehives", "Proof-of-impact"],
      "/home": ["Save the Bees, Earn Crypto", "1M+", "Voting rights on future locations", "Contact Us"],
      "/adopt-hive": ["Adopt a Hive", "Forager", "$22.55/month", "Frequently Asked Questions"],
      "/stanwood": ["Property Highlights", "5.6 acres", "17 beehives", "Reserve Your Dates"],
      "/bitcoin-conference": ["Bitcoin Conference 2024", "Lightning Network deep dive", "September 15th"],
    };
    for (const path of PAGES) {
      await page.goto(path);
      for (const text of expectations[path]) await expect(page.locator("main"), `${path} without JS`).toContainText(text);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    }
    // The FAQ answers open natively, without script.
    await page.goto("/adopt-hive");
    await page.getByText("What happens if my hive fails?").click();
    await expect(page.getByText(/same tier/).first()).toBeVisible();
    await context.close();
  });

  // "/" is served without React, /stanwood with it: the drawer behaves the same on both.
  for (const path of ["/", "/stanwood"]) {
    test(`the drawer on ${path} is usable with the keyboard at phone width: focus stays inside, Escape closes it`, async ({ page, visit }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await visit(path);
      const opener = page.getByRole("button", { name: "Open menu" });
      await opener.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await expect(drawer).toBeVisible();
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Shift+Tab");
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});

test("the token badge and Register Now use the configured addresses", async ({ page }) => {
  const { TOKEN_SWAP_URL, CONFERENCE_REGISTER_URL } = E2E_SETTINGS;
  await page.goto("/");
  await expect(page.getByTestId("token-badge")).toHaveAttribute("href", TOKEN_SWAP_URL);
  await page.goto("/bitcoin-conference");
  for (const link of await page.getByRole("link", { name: /^Register Now/ }).all()) {
    await expect(link).toHaveAttribute("href", CONFERENCE_REGISTER_URL);
  }
  const [event] = await jsonLd(page);
  expect(event).toMatchObject({ offers: { url: CONFERENCE_REGISTER_URL } });
});
