import { randomInt } from "node:crypto";
import { SMS_RISK_NOTE } from "../../app/features/accounts/sign-in-ways/sms-risk-note";
import { dismissToasts, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { linkIn, mailsTo, waitForMail } from "./mailbox";
import { waitForTextCode } from "./sms-sink";

/**
 * Signing in without a password (issue 34 §1, §2): the e-mailed link and code, and the texted code.
 * Each is one story through several pages, and its first sign-in loads the account library.
 */
test.describe.configure({ timeout: 60_000 });
const SLOW = { timeout: 15_000 };

test("an e-mailed code signs a newcomer in (the account is made then), and the e-mailed link signs in on another device", async ({ page, visit, browser, server }) => {
  const email = uniqueEmail("emailed");
  await visit("/customer-auth?redirectTo=%2Fsponsor-profile");
  await page.getByRole("link", { name: "Email me a sign-in link" }).click();
  const way = page.locator("#way-email");
  await way.getByLabel("Email").fill(email);
  await way.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(toast(page, "Check your email")).toContainText(email, SLOW);
  await expect(way.getByRole("status")).toContainText(email);
  await dismissToasts(page);
  await expectAccessible(page, "/customer-auth, the e-mailed code step");

  const mail = await waitForMail(email, /is your Apiary sign-in code$/);
  const code = /^(\d{6})/.exec(mail.subject ?? "")![1]!;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await way.getByLabel("6-digit code").fill(wrong);
  await way.getByRole("button", { name: "Continue" }).click();
  await expect(way.getByText("That code is not right.")).toBeVisible();
  await way.getByLabel("6-digit code").fill(code);
  await way.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/sponsor-profile", SLOW);
  await expect(page.getByRole("region", { name: "Account" })).toContainText(email);

  // Another device: the link opens a one-click finish (a mail scanner opening it spends nothing).
  const other = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": `10.9.${randomInt(256)}.${randomInt(1, 255)}` } });
  try {
    const phone = await other.newPage();
    server.clock.advance(60_000);
    await phone.goto("/customer-auth?redirectTo=%2Fsponsor-profile&way=email");
    await phone.locator("#way-email").getByLabel("Email").fill(email);
    await phone.locator("#way-email").getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(phone.locator("#way-email").getByRole("status")).toBeVisible(SLOW);
    await expect.poll(async () => (await mailsTo(email, /is your Apiary sign-in code$/)).length, { timeout: 20_000 }).toBe(2);
    const second = (await mailsTo(email, /is your Apiary sign-in code$/)).at(-1)!;
    const link = linkIn(second, `${server.platform.env.APP_URL}/customer-auth?link=`);
    await phone.goto(link);
    await phone.getByRole("button", { name: "Sign in to Apiary" }).click();
    await expect(phone).toHaveURL("/sponsor-profile", SLOW);
    await expect(phone.getByRole("region", { name: "Account" })).toContainText(email);
  } finally {
    await other.close();
  }
});

test("a texted code signs a phone customer in, who is asked for an e-mail address at the first booking and then books", async ({ page, visit }) => {
  // 555-01xx: reserved for fiction in North America.
  const local = `206555${String(randomInt(100, 200)).padStart(4, "0")}`;
  const e164 = `+1${local}`;
  await visit("/customer-auth?redirectTo=%2Fadopt-hive-signup%3Ftab%3Dbooking");
  await page.getByRole("link", { name: "Continue with phone" }).click();
  const way = page.locator("#way-phone");
  // Where the number is given, its risk is said (ASVS 6.6.1).
  await expect(way.getByRole("note")).toHaveText(SMS_RISK_NOTE);
  await way.getByLabel("Mobile number").fill("12");
  await way.getByRole("button", { name: "Text me a code" }).click();
  await expect(way.getByText(/Please enter a valid phone number/).first()).toBeVisible();
  await way.getByLabel("Mobile number").fill(`(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`);
  await way.getByRole("button", { name: "Text me a code" }).click();
  await expect(toast(page, "Check your phone")).toContainText(`+1 ${local.slice(0, 3)}`, SLOW);
  await way.getByLabel("6-digit code").fill(await waitForTextCode(e164));
  await way.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL("/adopt-hive-signup?tab=booking", SLOW);
  // The stand-in address is never shown: the number is.
  await expect(page.getByRole("main").getByText("Signed in as")).toContainText(`+1 ${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`);
  await expect(page.getByText("no-email.invalid")).toHaveCount(0);
  const ask = page.getByRole("region", { name: "Add your email address" });
  await expect(ask).toBeVisible();
  await dismissToasts(page);
  await expectAccessible(page, "the portal asking a phone customer for an e-mail address");

  const email = uniqueEmail("phone-owner");
  await ask.getByLabel("Email").fill(email);
  await ask.getByRole("button", { name: "Send me a code" }).click();
  await expect(toast(page, "Check your email")).toContainText(email, SLOW);
  const mail = await waitForMail(email, /is your code to confirm this address$/);
  await ask.getByLabel("6-digit code").fill(/^(\d{6})/.exec(mail.subject ?? "")![1]!);
  await ask.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page, "Email Added")).toContainText(email, SLOW);
  await expect(page).toHaveURL("/adopt-hive-signup?tab=booking");
  await expect(page.getByRole("main").getByText("Signed in as")).toContainText(email);
  await expect(page.getByRole("heading", { name: "Book a glamping stay" })).toBeVisible();
  await expect(page.getByLabel("Location")).toBeVisible();
});
