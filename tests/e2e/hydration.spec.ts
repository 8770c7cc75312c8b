import type { Page } from "@playwright/test";
import { expect, holdBack, test, waitForHydration } from "./fixtures";

/**
 * Holds back the page's React scripts (everything under /assets/ but the shell's small script,
 * which starts a deferred page's hydration) until `release()`: what a visitor does meanwhile
 * happens on the server-rendered page, as on a slow phone.
 */
function holdScripts(page: Page) {
  return holdBack(page, (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js") && !url.pathname.includes("/shell-script-"));
}

test("what is typed into /contact while it hydrates is what the form judges", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "commit" });
  // Sent empty before React is there: the server answers with its messages.
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  // The answer hydrates at once, but its scripts are slow: the visitor types meanwhile.
  await page.getByLabel("Name", { exact: true }).fill("x".repeat(101));
  release();
  await waitForHydration(page);

  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("x".repeat(101));
  await expect(page.getByText("Name must be less than 100 characters")).toBeVisible();
  await expect(page.getByText("Name is required")).toHaveCount(0);
});

test("a portal tab clicked before the page has hydrated is opened", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/adopt-hive-signup", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Choose your tier" })).toBeVisible();
  // The tabs are links: clicked before React is there, the browser follows it.
  await page.getByRole("link", { name: "Glamping" }).click();
  release();
  await waitForHydration(page);

  await expect(page).toHaveURL(/[?&]tab=booking/);
  await expect(page.getByRole("link", { name: "Glamping" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Book a glamping stay" })).toBeVisible();
  // And once hydrated, the other tab opens in place.
  await page.getByRole("link", { name: "Adopt Hive" }).click();
  await expect(page.getByRole("heading", { name: "Choose your tier" })).toBeVisible();
});

test("a location chosen on the Glamping tab before its code is here is acted on once it is", async ({ page }) => {
  // The tab's code comes when the tab is shown (customer-portal.tsx): opened by its address, the
  // page hydrates first and the tab's selects are the server's until the code arrives.
  const release = await holdBack(page, /\/assets\/portal-booking-form-[\w-]+\.js$/);
  await page.goto("/adopt-hive-signup?tab=booking");
  await waitForHydration(page);
  await page.getByLabel("Location").selectOption({ label: "Stanwood" });
  await expect(page.getByLabel("Stay")).toHaveCount(0);
  release();
  await expect(page.getByLabel("Stay")).toBeVisible();
  await expect(page).toHaveURL(/[?&]location=/);
});

test("a portal tab clicked while React is hydrating the page is opened", async ({ page }) => {
  // The processor slowed (as Lighthouse's phone) so hydration takes many of React's slices; a
  // check between them, as a visitor's click would come, clicks the tab once React has begun
  // hydrating (the document is its container) and before it has finished (no hydrated mark).
  // Seen both ways: React hydrates what was clicked and the router opens the tab in place, or the
  // browser follows the link; either opens it, what must not happen is nothing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.addInitScript(() => {
    const started = () => Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
    const poll = () => {
      if (!started()) return void setTimeout(poll, 0);
      const tab = [...document.querySelectorAll("a")].find((link) => link.textContent?.trim() === "Glamping");
      sessionStorage.setItem("clickedDuringHydration", String(!document.documentElement.hasAttribute("data-hydrated")));
      tab?.click();
    };
    if (!sessionStorage.getItem("clickedDuringHydration")) poll();
  });
  await page.goto("/adopt-hive-signup");
  await waitForHydration(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  expect(await page.evaluate(() => sessionStorage.getItem("clickedDuringHydration"))).toBe("true");
  await expect(page).toHaveURL(/[?&]tab=booking/);
  await expect(page.getByRole("link", { name: "Glamping" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Book a glamping stay" })).toBeVisible();
});
