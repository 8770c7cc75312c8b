import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * A real unexpected failure: the database goes away under a running server. Pages then show the
 * spec's Application Error screen instead of a blank page or a stack trace.
 */
// The database is closed under the server: nothing else may use it afterwards.
test.use({ ownServer: { reason: "its database is closed", settings: { LOG_LEVEL: "silent" } } });
test.describe.configure({ mode: "default" });

test.describe("application error screen", () => {
  test("shows code, message, details, Reload Page and Copy Error when the database is gone", async ({ page, context, server }) => {
    // The screen's script is not on a page's load: the browser asks for it once the page is
    // interactive, so a failure later shows the screen even when no script can be fetched any more.
    const fetched = page.waitForRequest(/\/assets\/application-error-[^/]+\.js$/);
    const blog = await page.goto("/blog");
    expect(await blog!.text()).not.toContain("application-error");
    await waitForHydration(page);
    await fetched;
    await page.route("**/assets/**", (route) => route.abort());
    await server.platform.database.close();
    // A public page already rendered would still be served from the page cache (until its
    // maximum age), and the menu every page shows from memory: this test is about a page that
    // reads the database while it is gone.
    server.pageCache.clear();
    server.platform.readCaches.clear();
    // A post of the demo data, opened in the page (the router's navigation, not a new document).
    await page.getByRole("main").getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Application Error" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy Error" })).toBeVisible();
    await page.unrouteAll();

    // A document rendered by the server while the database is gone.
    const response = await page.goto("/");
    expect(response?.status()).toBe(500);
    // The error screen hydrates even on a page otherwise served without React: its details and
    // Copy Error need it.
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Application Error" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toBeVisible();
    await expect(page.getByText("UNKNOWN_ERROR")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload Page" })).toBeVisible();
    await expect(page.getByRole("link", { name: /contact/i })).toHaveAttribute("href", "/contact");

    await page.getByRole("button", { name: /show details/i }).click();
    await expect(page.getByText(/timestamp/i)).toBeVisible();
    await page.getByRole("button", { name: /hide details/i }).click();
    await expect(page.getByText(/timestamp/i)).toBeHidden();

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy Error" }).click();
    await expect(page.getByRole("status")).toHaveText("Copied");
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { code: string };
    expect(copied.code).toBe("UNKNOWN_ERROR");
    // The stack of a server error never reaches the browser in production.
    expect(await page.content()).not.toContain("node_modules");
    await expectAccessible(page, "application error screen");
  });

});
