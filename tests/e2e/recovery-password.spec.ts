import type { Page } from "@playwright/test";
import { PASSWORD, dismissToasts, logIn, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

const NEW_PASSWORD = "Orchard-Pollen-Harbor-58";

async function requestReset(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
}

async function resetLink(page: Page, email: string) {
  const mail = await waitForMail(email, /Reset your password/);
  return linkIn(mail, `${new URL(page.url()).origin}/reset-password?token=`);
}

async function choosePassword(page: Page, password: string, confirm = password) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(confirm);
  await page.getByRole("button", { name: "Reset Password" }).click();
}

test.describe("password recovery", () => {
  test("the e-mailed link sets a new password and signs the account out everywhere", async ({ page, browser, signIn, visit }) => {
    const { email } = await signIn.customer({ password: PASSWORD });
    await page.goto("/sponsor-profile");
    // Another browser does the recovery; this one stays signed in until the reset.
    const other = await browser.newContext();
    const phone = await other.newPage();

    await visit("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth");
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page, "Validation Error")).toContainText("Please enter a valid email address");

    // The same answer whether or not the address has an account.
    const stranger = uniqueEmail("stranger");
    await requestReset(page, stranger);
    const answerForStranger = (await page.getByRole("main").innerText()).replace(stranger, "ADDRESS");
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeFocused();
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth");
    await dismissToasts(page);
    await expectAccessible(page, "Check Your Email");

    await phone.goto("/forgot-password");
    await waitForHydration(phone);
    await requestReset(phone, email);
    expect((await phone.getByRole("main").innerText()).replace(email, "ADDRESS")).toBe(answerForStranger);

    await visit(await resetLink(phone, email));
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);

    await choosePassword(page, "short");
    await expect(toast(page, "Password Too Short")).toContainText("Password must be at least 8 characters long.");
    await choosePassword(page, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    await expect(toast(page, "Passwords Don't Match")).toBeVisible();
    await choosePassword(page, "password123");
    await expect(toast(page, "Password Reset Failed")).toContainText("too common or easy to guess");
    await dismissToasts(page);
    await expectAccessible(page, "reset form after a refusal");

    await choosePassword(page, NEW_PASSWORD);
    await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();
    await expect(toast(page, "Password Updated")).toBeVisible();
    await expect(page).toHaveURL("/reset-password?done=customer");
    // Then, after the spec's two seconds, the login page this account uses.
    await expect(page).toHaveURL("/customer-auth", { timeout: 5_000 });

    // Every session ended, this browser's too.
    await phone.goto("/sponsor-profile");
    await expect(phone).toHaveURL(/\/customer-auth\?redirectTo=/);

    await logIn(page, email, PASSWORD);
    await expect(toast(page, "Login Failed")).toBeVisible();
    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL("/adopt-hive-signup");

    // The link works once.
    await phone.goto(await resetLink(phone, email));
    await expect(phone).toHaveURL("/auth");
    await expect(toast(phone, "Invalid or Expired Link")).toBeVisible();
    await other.close();
  });

  test("a missing, damaged or unknown link goes to the login page and says why", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page).toHaveURL("/auth");
    await expect(toast(page, "Invalid Link")).toBeVisible();

    await page.goto("/reset-password?token=abc%20def");
    await expect(page).toHaveURL("/auth");
    await expect(toast(page, "Invalid Link")).toBeVisible();

    await page.goto("/reset-password?token=AbCdEfGhIjKlMnOpQrStUvWx");
    await expect(page).toHaveURL("/auth");
    await expect(toast(page, "Invalid or Expired Link")).toContainText("expired or has already been used");
  });
});

test.describe("password recovery without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("both forms work, field messages show, and the browser moves on to the login page", async ({ page, browser, signIn }) => {
    // The account is made in another browser: this one arrives signed out.
    const elsewhere = await browser.newContext();
    const { email } = await signIn.customer({}, elsewhere);
    await elsewhere.close();

    await page.goto("/forgot-password?from=customer");
    await requestReset(page, email);
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/customer-auth");

    await page.goto(await resetLink(page, email));
    await choosePassword(page, NEW_PASSWORD, "something-else-entirely");
    await expect(page.getByText("Please enter the same password in both fields.")).toBeVisible();
    await choosePassword(page, "password123");
    await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(/too common or easy to guess/);
    await choosePassword(page, NEW_PASSWORD);
    await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();
    await expect(page).toHaveURL("/customer-auth", { timeout: 6_000 });
  });
});
