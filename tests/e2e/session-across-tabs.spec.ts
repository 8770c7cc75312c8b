import type { Page } from "@playwright/test";
import { logIn } from "./customer-helpers";
import { SESSION_CHANNEL } from "../../app/platform/realtime/session-across-tabs";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Signing in or out in one tab shows in the other open tabs without the visitor touching them:
 * pages without React reload, React pages refresh their data in place, and a protected page
 * sends a signed-out visitor to log in.
 */
test.describe("the signed-in state across tabs", () => {
  const header = (page: Page) => page.getByRole("banner");
  const signedIn = (page: Page) => header(page).getByRole("button", { name: "Account menu" });

  async function open(page: Page, path: string) {
    await page.goto(path);
    await waitForHydration(page);
    // Set on the window: gone if the page reloads, kept if it only refreshes its data.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  }
  const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  test("logging in and out in one tab updates static, deferred and React pages in the others", async ({ browser, context, signIn }) => {
    // The account is made in another browser: this one starts signed out.
    const elsewhere = await browser.newContext();
    const { email, password } = await signIn.customer({}, elsewhere);
    await elsewhere.close();
    const account = await context.newPage();

    const staticPage = await context.newPage();
    await open(staticPage, "/adopt-hive");
    const reactPage = await context.newPage();
    await open(reactPage, "/blog");
    // /contact waits for its form before it starts React: still without React here.
    const deferredPage = await context.newPage();
    await deferredPage.goto("/contact");
    await deferredPage.locator("html[data-hydrated]").waitFor({ state: "detached" });
    for (const page of [staticPage, reactPage, deferredPage]) await expect(signedIn(page)).toHaveCount(0);

    await account.goto("/customer-auth");
    await logIn(account, email, password);
    await expect(signedIn(account)).toHaveCount(1);

    for (const page of [staticPage, reactPage, deferredPage]) await expect(signedIn(page)).toHaveCount(1);
    expect(await sameDocument(staticPage)).toBe(false);
    expect(await sameDocument(reactPage)).toBe(true);

    // A protected page open in another tab: signing out elsewhere sends it to log in.
    const profile = await context.newPage();
    await open(profile, "/sponsor-profile");
    await open(staticPage, "/adopt-hive");
    // The page without React reloads slowly (a busy machine), and meanwhile the other tabs announce
    // the change too: it must still load only once (a second reload would cancel the first).
    let staticLoads = 0;
    staticPage.on("request", (request) => {
      if (request.isNavigationRequest()) staticLoads++;
    });
    await staticPage.route("**/adopt-hive", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await account.bringToFront();
    await account.getByRole("button", { name: "Account menu" }).click();
    await account.locator("#account-menu").getByRole("button", { name: "Logout" }).click();
    await expect(signedIn(account)).toHaveCount(0);
    await reactPage.evaluate((name) => new BroadcastChannel(name).postMessage(""), SESSION_CHANNEL);

    for (const page of [staticPage, reactPage, deferredPage]) await expect(signedIn(page)).toHaveCount(0);
    await expect(header(reactPage).getByRole("link", { name: "Login" })).toBeVisible();
    expect(await sameDocument(reactPage)).toBe(true);
    await expect(profile).toHaveURL("/customer-auth?redirectTo=%2Fsponsor-profile");
    expect(staticLoads).toBe(1);
  });

  test("a tab that only reloads or navigates while signed in changes nothing elsewhere", async ({ context, signIn }) => {
    await signIn.customer();
    const account = await context.newPage();
    await account.goto("/sponsor-profile");
    const other = await context.newPage();
    await open(other, "/adopt-hive");
    await account.goto("/home");
    await account.reload();
    await account.goto("/blog");
    await waitForHydration(account);
    // Give a wrong reload time to happen: the other tab must still be the same document.
    await account.waitForTimeout(500);
    expect(await sameDocument(other)).toBe(true);
    await expect(signedIn(other)).toHaveCount(1);
  });

  test("a sign-out in another tab sends an open back-office page to the home page", async ({ context, signIn }) => {
    await signIn.admin();
    const screen = await context.newPage();
    await open(screen, "/admin/users");
    const account = await context.newPage();
    await account.goto("/admin/security");
    await waitForHydration(account);
    await account.getByRole("navigation", { name: "Back-office" }).getByRole("button", { name: "Logout" }).click();
    await expect(account).toHaveURL("/auth");
    // The spec's sign-out event: to /, not to the sign-in form, and nothing of the screen left.
    await expect(screen).toHaveURL("/");
    await expect(screen.getByRole("heading", { name: "User Management" })).toHaveCount(0);
    await expect(signedIn(screen)).toHaveCount(0);
  });
});
