import type { Page } from "@playwright/test";
import { toast } from "./customer-helpers";
import { expect, expectAccessible, holdBack, reactOwns, requestsSeen, scriptsFetched, test, waitForHydration } from "./fixtures";

test.describe("site shell", () => {
  test("the drawer lists the visible menu items from the database, then its fixed entries", async ({ page, visit }) => {
    await visit("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    const menu = drawer.getByTestId("drawer-menu");
    // Seeded visible items, in display order.
    await expect(menu.getByRole("link", { name: "Adopt a Hive", exact: true })).toHaveAttribute("href", "/adopt-hive");
    await expect(menu.getByRole("link", { name: "Stanwood Eco-Stays" })).toHaveAttribute("href", "/stanwood");
    await expect(menu.getByRole("link", { name: "Roadmap" })).toHaveAttribute("href", "/#roadmap");
    // Fixed entries for a visitor who is not signed in.
    await expect(drawer.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/customer-auth");
    await expect(drawer.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/customer-auth?tab=signup");
    await expect(drawer.getByRole("link", { name: "Adopt-a-Hive" })).toHaveAttribute("href", "/adopt-hive-signup");
    await expectDrawerOnTheRight(page);
    await expect(drawer).toBeVisible();
    await expectAccessible(page, "/ with the drawer open");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the header shows Login and Sign Up on medium screens and wider", async ({ page, visit }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await visit("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/customer-auth");
    await expect(header.getByRole("link", { name: /apiary/i }).first()).toHaveAttribute("href", "/");
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(header.getByRole("link", { name: "Login" })).toBeHidden();
    await expectAccessible(page, "/ at phone width");
    // Sign Up opens the sign-up form, not the login one.
    await page.setViewportSize({ width: 1024, height: 800 });
    await header.getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/customer-auth\?tab=signup$/);
    await expect(page.getByRole("navigation", { name: "Log in or sign up" }).getByRole("link", { name: "Sign Up" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Your name")).toBeVisible();
  });

  test("the footer has the spec's programs, locations and links", async ({ page, visit }) => {
    await visit("/");
    const footer = page.getByRole("contentinfo");
    for (const text of ["Adopt-a-Hive", "Eco-Stays", "Educational Tours", "Community Events", "Newsletter"]) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText("Newsletter", { exact: true })).not.toHaveAttribute("href");
    await expect(footer.getByRole("link", { name: /Stanwood/ })).toHaveAttribute("href", "/stanwood");
    await expect(footer.getByText(/Arlington/)).toBeVisible();
    await expect(footer.getByText(/Eastern WA/)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    // The social links configured (tests/setup/test-settings.ts), and not the one left unset.
    await expect(footer.getByRole("link", { name: "Facebook (opens in a new tab)" })).toHaveAttribute("href", "https://www.facebook.com/apiary.bees");
    await expect(footer.getByRole("link", { name: "YouTube (opens in a new tab)" })).toHaveAttribute("href", "https://www.youtube.com/@apiary-bees");
    await expect(footer.getByRole("link", { name: /^X\b/ })).toHaveCount(0);
    await expect(footer.getByText(/2024/)).toBeVisible();
  });

  test("an unknown path answers 404 with the Page Not Found page", async ({ page, visit }) => {
    const response = await page.request.get("/no/such/page");
    expect(response.status()).toBe(404);
    await visit("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("pages run under the Content-Security-Policy without violations", async ({ page, visit, consoleErrors }) => {
    // A public page, the same for every anonymous visitor: its inline scripts' hashes.
    const response = await page.request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    // A page of the visitor's own: a nonce of its own.
    const own = await page.request.get("/customer-auth");
    expect(own.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    await visit("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });

  test("pages with forms report no CSP violation either (caught ones included, e.g. an eval probe)", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
    });
    for (const path of ["/contact", "/stanwood", "/adopt-hive-signup?tab=booking", "/customer-auth"]) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  });
});

test.describe("the drawer and the footer come after the page is interactive", () => {
  const THEIR_CODE = /\/assets\/(menu-drawer-dialog|site-footer)-[\w-]+\.js$/;

  test("until their code comes they are the server's HTML, and work as it is; then React's", async ({ page }) => {
    const fetched = scriptsFetched(page, THEIR_CODE);
    const release = await holdBack(page, THEIR_CODE);
    await page.goto("/customer-auth");
    await waitForHydration(page);
    // Asked for once the page has hydrated; the page itself does not name them.
    await expect.poll(() => fetched.length).toBe(2);
    expect(await (await page.request.get("/customer-auth")).text()).not.toMatch(/menu-drawer-dialog|site-footer/);
    expect(await reactOwns(page, "form#login")).toBe(true);
    expect(await reactOwns(page, "#site-drawer")).toBe(false);
    expect(await reactOwns(page, "footer")).toBe(false);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer.getByRole("link", { name: "Adopt-a-Hive" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    release();
    await expect.poll(() => reactOwns(page, "#site-drawer")).toBe(true);
    await expect.poll(() => reactOwns(page, "footer")).toBe(true);
    // Nothing was rendered twice or lost on the way.
    await expect(page.locator("#site-drawer")).toHaveCount(1);
    await expect(footer).toHaveCount(1);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/customer-auth\?tab=signup$/);
    await expect(page.getByLabel("Your name")).toBeVisible();
    await footer.getByRole("link", { name: "Contact Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /contact/i })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("a public page reached from the back-office without a page load has its footer", async ({ page, signIn, visit }) => {
    await signIn.admin();
    await visit("/admin");
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.locator("#account-menu").getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/sponsor-profile$/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });
});

test.describe("pages served without React, and the native drawer and menu", () => {
  const STATIC_PAGES = ["/", "/home", "/adopt-hive", "/bitcoin-conference"];

  test("the marketing pages load the shell script only; React pages load theirs without module preloads", async ({ page, visit }) => {
    for (const path of STATIC_PAGES) {
      await visit(path);
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll("script")]
          .filter((s) => s.type !== "application/ld+json")
          .map((s) => s.getAttribute("src") ?? "inline"),
      );
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/shell-script-[\w-]+\.js$/)]);
      await expect(page.locator("html"), path).toHaveAttribute("data-static", "");
    }
    const blog = await (await page.request.get("/blog")).text();
    expect(blog).not.toContain("modulepreload");
    expect(blog).toMatch(/<script[^>]* type="module"[^>]*>[^<]*import\(/);
    await visit("/blog");
    await expect(page.locator("html")).not.toHaveAttribute("data-static");
  });

  test("/stanwood hydrates only when the booking widget comes into view, and then works", async ({ page }) => {
    const scripts = requestsSeen(page, (request) => request.resourceType() === "script");
    await page.goto("/stanwood");
    await page.waitForTimeout(500);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/shell-script-/)]);
    // The drawer works before React does.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("region", { name: "Reserve Your Dates" }).scrollIntoViewIfNeeded();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(scripts.length).toBeGreaterThan(1);
    const widget = page.getByRole("region", { name: "Reserve Your Dates" });
    await widget.getByLabel("Location").selectOption({ label: "Stanwood" });
    await expect(widget.getByRole("combobox", { name: "Stay" }).getByRole("option", { name: "Lakeside RV Trailer · $165/night" })).toHaveCount(1);
    await expectAccessible(page, "/stanwood once hydrated");
  });

  test("a drawer link to a section of the same page closes the drawer and scrolls there", async ({ page, visit }) => {
    await visit("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Roadmap" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/#roadmap$/);
    await expect(page.locator("#roadmap")).toBeInViewport();
  });

  test("on a React page a drawer link navigates in place and closes the drawer; so does going back", async ({ page, visit }) => {
    await visit("/contact");
    // The drawer's links are plain links until its code comes, just after hydration.
    await expect.poll(() => reactOwns(page, "#site-drawer")).toBe(true);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/customer-auth$/);
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(drawer).toBeHidden();
    // Both navigations happened without a document load.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("signed in, on a page without React: the account menu works natively and Logout shows the server's toast", async ({ page, signIn }) => {
    const { email } = await signIn.customer();
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "Account menu" });
    await opener.click();
    const menu = page.locator("#account-menu");
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(email);
    await expectAccessible(page, "/ with the account menu open");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    const loggedOut = toast(page, "Logged out successfully");
    await expect(loggedOut).toBeVisible();
    await expect(loggedOut).toHaveAttribute("role", "status");
    await expect(loggedOut).toContainText("See you next time!");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
    await expectAccessible(page, "/ with the flash toast");
    await loggedOut.getByRole("button", { name: "Close" }).click();
    await expect(loggedOut).toHaveCount(0);
  });

  test("the server's flash toast hides itself after five seconds, not while it is pointed at", async ({ page, signIn }) => {
    await signIn.customer();
    await page.goto("/home");
    await waitForHydration(page);
    // Paused, so that a slow machine's real seconds cannot count towards the five.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1_000);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.locator("#account-menu").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    const loggedOut = toast(page, "Logged out successfully");
    await page.clock.runFor(100); // the animation frame that shows it
    await expect(loggedOut).toBeVisible();
    await page.clock.runFor(3_800);
    await expect(loggedOut).toBeVisible();
    // Held while the pointer is on it, however long; five more seconds once it leaves.
    await loggedOut.hover();
    await page.clock.runFor(10_000);
    await expect(loggedOut).toBeVisible();
    await page.mouse.move(0, 400);
    await page.clock.runFor(4_000);
    await expect(loggedOut).toBeVisible();
    await page.clock.runFor(1_200);
    await expect(loggedOut).toHaveCount(0);
  });
});

/** The drawer slides in from the right: once settled, its right edge is the viewport's. */
async function expectDrawerOnTheRight(page: Page) {
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await page.getByRole("dialog").boundingBox();
      return box && { right: Math.round(box.x + box.width), left: Math.round(box.x) };
    })
    .toEqual({ right: viewport.width, left: expect.any(Number) });
  const box = (await page.getByRole("dialog").boundingBox())!;
  expect(box.x).toBeGreaterThan(viewport.width / 4);
}

test("the site's own fonts apply once the page has painted, from this site only", async ({ page, visit }) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(request.url());
  });
  await visit("/stanwood");
  // Headings in Fraunces, text in Inter, both loaded (not a fallback).
  await page.waitForFunction(() => document.fonts.check('700 40px "Fraunces Variable"') && document.fonts.check('400 16px "Inter Variable"'));
  await expect.poll(() => page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', "")))).toEqual(
    expect.arrayContaining(["Fraunces Variable", "Inter Variable"]),
  );
  expect(await page.getByRole("heading", { level: 1 }).evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"?Fraunces Variable/);
  expect(await page.locator("body").evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(/^"?Inter Variable/);
  // Only the latin subsets a page of ours needs, and only from this site.
  expect(fontRequests.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  for (const url of fontRequests) {
    expect(url.startsWith(`${origin}/assets/`), url).toBe(true);
    expect(url, url).toMatch(/-latin-wght-normal-/);
  }
});

test("a toast on a React page stays while the keyboard is on it, and goes five seconds after", async ({ page, signIn, visit }) => {
  await signIn.customer();
  await visit("/sponsor-profile?tab=profile&edit=1");
  // The page's clock runs (React and sonner need their timers); runFor jumps it ahead.
  await page.clock.install();
  await page.getByRole("button", { name: "Save Changes" }).click();
  const saved = toast(page, "Profile updated");
  await expect(saved).toBeVisible();
  // Tabbed to (its close button): held, however long.
  await saved.getByRole("button", { name: "Close toast" }).focus();
  await page.clock.runFor(10_000);
  await expect(saved).toBeVisible();
  // Focus moves on: what was left of its five seconds, then it goes.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(2_000);
  await expect(saved).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(saved).toBeHidden();
});
