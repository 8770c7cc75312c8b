import { currentCode, nextCode, totpFor } from "./admin-helpers";
import { logIn, toast } from "./customer-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { waitForTextCode } from "./sms-sink";

/**
 * A sponsor turns on an authenticator app, or adds a phone, in the profile's "Sign-in & security"
 * tab, and the next sign-in asks for its code before the profile opens (the rules behind it, for
 * every first step and the phone factor, are proven in second-factors.test.ts).
 */
test("a sponsor turns on two-step verification and the next sign-in asks for the code", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  const sponsor = await signIn.customer();
  await visit("/sponsor-profile?tab=security");
  const card = page.getByRole("region", { name: "Two-step verification" });
  await expect(card).toContainText("Off");
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
  const totp = totpFor((await card.getByTestId("totp-secret").textContent())!.trim());
  await card.getByLabel("Authenticator code").fill(currentCode(totp, server));
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByTestId("backup-codes")).toBeVisible();
  expect(await card.getByTestId("backup-codes").getByRole("listitem").count()).toBe(10);
  await expect(card.getByRole("list", { name: "Your second steps" })).toContainText("Authenticator app");

  // Signed out, then in again with the password: the code comes first.
  await page.context().clearCookies();
  await page.goto("/customer-auth?redirectTo=%2Fsponsor-profile");
  await waitForHydration(page);
  await logIn(page, sponsor.email, sponsor.password);
  await expect(page).toHaveURL(/\/customer-auth\/two-step\?redirectTo=%2Fsponsor-profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Step Verification" })).toBeVisible();
  // Not signed in yet: the profile sends the waiting session back to the code step.
  await page.goto("/sponsor-profile");
  await expect(page).toHaveURL(/\/customer-auth\/two-step/);
  await waitForHydration(page);

  await page.getByLabel("Authenticator code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Verification Failed")).toContainText("Invalid verification code");
  await page.getByLabel("Authenticator code").fill(nextCode(totp, server));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/sponsor-profile");
  await expect(page.getByRole("heading", { level: 1, name: "Sponsor Profile" })).toBeVisible();
});

test("a sponsor adds a phone as the second step, and the next sign-in texts a code to it", async ({ page, server, signIn, visit }) => {
  test.setTimeout(60_000);
  // A number of its own (555-01xx is kept for fiction): texts are read from the sink by number.
  const last4 = String(100 + Math.floor(Math.random() * 100)).padStart(4, "0");
  const phone = `+1360555${last4}`;
  const sponsor = await signIn.customer();
  await visit("/sponsor-profile?tab=security");
  const card = page.getByRole("region", { name: "Two-step verification" });
  await card.getByLabel("Phone number").fill(`(360) 555-${last4}`);
  await card.getByLabel("Name").fill("My phone");
  await card.getByRole("button", { name: "Text me a code" }).click();
  await expect(card).toContainText("We texted a 6-digit code to");
  await card.getByLabel("Code from the text").fill(await waitForTextCode(phone, 1));
  await card.getByRole("button", { name: "Verify and add" }).click();
  await expect(card.getByRole("list", { name: "Your second steps" })).toContainText(/My phone.*Text message to/s);

  await page.context().clearCookies();
  await page.goto("/customer-auth?redirectTo=%2Fsponsor-profile");
  await waitForHydration(page);
  await logIn(page, sponsor.email, sponsor.password);
  await expect(page).toHaveURL(/\/customer-auth\/two-step\?redirectTo=%2Fsponsor-profile$/);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText(`We will text a code to My phone (+1 ••• ••• ${last4}).`);
  // A new text waits a minute after the last one to the same number.
  server.clock.advance(61_000);
  await page.getByRole("button", { name: "Text me a code" }).click();
  const code = await waitForTextCode(phone, 2);
  await page.getByLabel("Text message code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/sponsor-profile");
  await expect(page.getByRole("heading", { level: 1, name: "Sponsor Profile" })).toBeVisible();
});
