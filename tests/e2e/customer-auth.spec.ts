import { PASSWORD, dismissToasts, followVerificationLink, logIn, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { mailsTo } from "./mailbox";
import { dropPosts } from "./network";

test.describe("customer sign-up", () => {
  test("checks the form, creates the account, and the e-mailed link verifies the address", async ({ page, visit }) => {
    const email = uniqueEmail("signup");
    await visit("/customer-auth?tab=signup&redirectTo=/sponsor-profile");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(toast(page, "Validation Error")).toContainText("Please enter a valid email address");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(toast(page, "Validation Error")).toContainText("Password must be at least 6 characters");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await dismissToasts(page);
    await expectAccessible(page, "sign-up with errors");

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel(/Company name/).fill("Clover Fields Ltd");
    // The connection drops: the spec's fallback words, and nothing typed is lost.
    const restore = await dropPosts(page);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(toast(page, "Signup Failed")).toContainText("Connection failed. Please check your internet and try again.");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel(/Company name/)).toHaveValue("Clover Fields Ltd");
    await restore();
    await dismissToasts(page);

    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Sponsor Profile" })).toBeVisible();
    const account = page.getByRole("region", { name: "Account" });
    await expect(account).toContainText(email);
    await expect(account.getByText("Not verified")).toBeVisible();
    await expectAccessible(page, "/sponsor-profile, not verified");

    await followVerificationLink(page, email);
    // The link's ?verified=1 is shown once as a toast and then dropped from the address.
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(toast(page, "Email Verified")).toBeVisible();
    await expect(account.getByText("Verified", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend verification e-mail" })).toHaveCount(0);
    await dismissToasts(page);
    await expectAccessible(page, "/sponsor-profile, verified");
  });

  test("a customer can have the verification e-mail sent again", async ({ page, signIn }) => {
    const { email } = await signIn.customer();
    await page.goto("/sponsor-profile");
    await expect.poll(async () => (await mailsTo(email, /Confirm your e-mail address/)).length, { timeout: 20_000 }).toBe(1);
    await page.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expect(toast(page, "Verification Email Sent")).toContainText(email);
    await expect.poll(async () => (await mailsTo(email, /Confirm your e-mail address/)).length, { timeout: 20_000 }).toBe(2);
    // Either link works; the newest is followed.
    await followVerificationLink(page, email);
    await expect(page.getByRole("region", { name: "Account" }).getByText("Verified", { exact: true })).toBeVisible();
  });

  test("a link that is not valid says so", async ({ page, signIn }) => {
    await signIn.customer();
    await page.goto("/api/auth/verify-email?token=forged&callbackURL=%2Fsponsor-profile%3Fverified%3D1");
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(toast(page, "Invalid or Expired Link")).toBeVisible();
    await expect(page.getByText("Not verified")).toBeVisible();
  });
});

test.describe("customer login", () => {
  test("logs in, refuses a wrong password, and logs out with the spec's toast", async ({ page, signIn, visit }) => {
    const { email } = await signIn.customer({ password: PASSWORD });
    await page.goto("/sponsor-profile");
    await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Logged out successfully")).toContainText("See you next time!");

    await visit("/customer-auth?redirectTo=/sponsor-profile");
    await logIn(page, email, "not-my-password");
    await expect(toast(page, "Login Failed")).toContainText("Invalid email or password");
    await dismissToasts(page);
    const restore = await dropPosts(page);
    await logIn(page, email);
    await expect(toast(page, "Login Failed")).toContainText("Connection failed. Please check your internet and try again.");
    await restore();
    await logIn(page, email);
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(page.getByRole("region", { name: "Account" })).toContainText(email);
  });

  test("returns to the page that asked for a login", async ({ page, browser, signIn, visit }) => {
    // The account is made in another browser: this one arrives signed out.
    const elsewhere = await browser.newContext();
    const { email } = await signIn.customer({ password: PASSWORD }, elsewhere);
    await elsewhere.close();

    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL("/customer-auth?redirectTo=%2Fsponsor-profile");
    await visit(new URL(page.url()).pathname + new URL(page.url()).search);
    await logIn(page, email);
    await expect(page).toHaveURL("/sponsor-profile");
  });

  test("a signed-in customer opening the login page is sent on at once", async ({ page, signIn }) => {
    await signIn.customer();
    await page.goto("/customer-auth?redirectTo=/sponsor-profile");
    await expect(page).toHaveURL("/sponsor-profile");
    await page.goto("/customer-auth");
    await expect(page).toHaveURL("/adopt-hive-signup");
  });
});

test.describe("sessions", () => {
  test("lists the devices and signs out one, then other devices, then every device", async ({ page, browser, signIn, visit }) => {
    // Three browsers signed in and signed out in turn: past 30 s beside the rest of the suite.
    test.setTimeout(60_000);
    const { email } = await signIn.customer({ password: PASSWORD });
    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    await other.goto("/customer-auth?redirectTo=/sponsor-profile");
    await logIn(other, email);
    await expect(other).toHaveURL("/sponsor-profile");

    // Sign-in & security lists both devices, this one marked, and signs the other out by itself.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await visit("/sponsor-profile?tab=security");
      const list = page.getByRole("region", { name: "Where you're signed in" });
      await expect(list.getByTestId("session-row")).toHaveCount(2);
      await expect(list.getByTestId("session-row").first()).toContainText("This device");
      await expect(list.getByTestId("session-row").first()).toContainText("Local network");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.getByRole("region", { name: "Where you're signed in" }).getByRole("button", { name: /^Sign out Chrom/ }).click();
    await expect(toast(page, "Signed out of that device")).toBeVisible();
    await expect(page.getByTestId("session-row")).toHaveCount(1);
    await other.reload();
    await expect(other).toHaveURL(/\/customer-auth\?redirectTo=%2Fsponsor-profile$/);
    await logIn(other, email);
    await expect(other).toHaveURL("/sponsor-profile");

    await visit("/sponsor-profile");
    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect(sessions).toContainText("You are signed in on this device and 1 other.");
    await sessions.getByRole("button", { name: "Sign out of other devices" }).click();
    await expect(toast(page, "Signed out of other devices")).toBeVisible();
    await expect(page).toHaveURL("/sponsor-profile");
    await expect(sessions).toContainText("You are signed in on this device only.");
    await other.reload();
    await expect(other).toHaveURL(/\/customer-auth\?redirectTo=%2Fsponsor-profile$/);

    await logIn(other, email);
    await expect(other).toHaveURL("/sponsor-profile");
    await page.reload();
    await sessions.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Logged out successfully")).toBeVisible();
    await other.reload();
    await expect(other).toHaveURL(/\/customer-auth/);
    await page.goto("/sponsor-profile");
    await expect(page).toHaveURL(/\/customer-auth/);
    await laptop.close();
  });
});
