import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DEFERRED_MODULE_TYPE, HYDRATE_TRIGGER_ATTRIBUTE } from "../../app/platform/html/deferred-hydration";

/** Runs axe (WCAG 2.1 A/AA) on the page as it is now and fails on any violation. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * The root marks <html data-hydrated> once React has taken over the server-rendered page (the
 * shell script marks pages served without React). A page that hydrates when its interactive part
 * is needed (PageHandle "deferred") gets the pointer moved onto that part first, as a visitor would.
 */
export async function waitForHydration(page: Page) {
  if ((await page.locator(`script[type="${DEFERRED_MODULE_TYPE}"]`).count()) > 0) {
    await page.locator(`[${HYDRATE_TRIGGER_ATTRIBUTE}]`).first().hover();
  }
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

type Fixtures = {
  /** Navigates and checks the page with axe: every page a test visits is checked. */
  visit: (path: string) => Promise<void>;
  /** Console errors (CSP violations included) collected during the test; asserted empty at the end. */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
  visit: async ({ page }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectAccessible(page, path);
    });
  },
});

export { expect };
