import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

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
    await expect(drawer.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/customer-auth");
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
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/customer-auth");
    await expect(header.getByRole("link", { name: /apiary/i }).first()).toHaveAttribute("href", "/");
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(header.getByRole("link", { name: "Login" })).toBeHidden();
    await expectAccessible(page, "/ at phone width");
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
    for (const network of ["Facebook", "X", "YouTube"]) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${network}\\b`) })).toHaveAttribute("target", "_blank");
    }
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
    const response = await page.request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
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
