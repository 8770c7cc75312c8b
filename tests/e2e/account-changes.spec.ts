import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { uniqueEmail } from "./sign-in";
import { toast } from "./toasts";
import { SESSION_CHANGED_EVENT } from "../../app/platform/realtime/session-across-tabs";

/**
 * Sign-in & security: changing one's e-mail address end to end through the mailbox (another open
 * tab shows the new address by itself: the spec's USER_UPDATED), and a stale session asked to
 * confirm it's them before a change, which then goes through as typed.
 * The rules (undo, expiry, taken addresses, password rules) are proven in
 * app/features/accounts/email-change.test.ts, password-change.test.ts and fresh-proof.test.ts.
 */
test("a sponsor changes their e-mail by the link sent to it, and another open tab shows it; later, a stale session confirms it's them and the change is sent without retyping", async ({ page, context, visit, signIn, server }) => {
  // Two tabs, two e-mails and a stale session: 11 s alone, up to 30 s beside the rest of the suite.
  test.setTimeout(60_000);
  const customer = await signIn.customer({ verified: true });
  await visit("/sponsor-profile?tab=security");
  const card = page.getByRole("region", { name: "Email address" });
  await expect(card).toContainText(customer.email);
  await expectAccessible(page, "the security tab's e-mail and password cards");

  const next = uniqueEmail("moved");
  await card.getByLabel("New email address").fill(next);
  await card.getByRole("button", { name: "Change email" }).click();
  await expect(card.getByRole("status")).toContainText(`We sent a link to ${next}`);
  // Nothing changes until the link is followed.
  await expect(card).toContainText(customer.email);

  // Another tab of the same browser, open on the profile; marked so that a reload would show.
  const other = await context.newPage();
  await other.goto("/sponsor-profile");
  await waitForHydration(other);
  await other.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await expect(other.getByRole("main")).toContainText(customer.email);

  const confirm = await waitForMail(next, /^Confirm your new Apiary email address$/);
  const link = new URL(linkIn(confirm, "http"));
  expect(link.pathname).toBe("/email-change");
  await page.goto(`${link.pathname}${link.search}`);
  // The other tab hears of the change while this one is still on its way to the profile, and
  // announces the new address: this tab must not reload its data on top of that navigation, whose
  // answer carries "Email Changed" (the server has spent the toast: its cookie is gone). The
  // answer is held until the announcement has been heard.
  await page.evaluate((event) => window.addEventListener(event, () => ((window as unknown as { heard: boolean }).heard = true)), SESSION_CHANGED_EVENT);
  let answered!: () => void;
  const heard = new Promise<void>((resolve) => (answered = resolve));
  await page.route(/\/sponsor-profile\.data/, async (route) => {
    const response = await route.fetch();
    const spent = response.headersArray().some(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("apiary_toast=") && /max-age=0/i.test(value));
    if (spent) await context.clearCookies({ name: "apiary_toast" });
    await heard;
    // A request the page gave up meanwhile (what this test guards against) has no one to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(other.getByRole("main")).toContainText(next);
  await page.waitForFunction(() => (window as unknown as { heard?: boolean }).heard === true);
  answered();
  await expect(toast(page, "Email Changed")).toContainText(next);
  await page.unroute(/\/sponsor-profile\.data/);
  await expect(page).toHaveURL(/\/sponsor-profile\?tab=security$/);
  await expect(page.getByRole("region", { name: "Email address" })).toContainText(next);
  // The other tab heard of it and refreshed its data in place, without a reload.
  await expect(other.getByRole("main")).toContainText(next);
  await expect(other.getByRole("main")).not.toContainText(customer.email);
  expect(await other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await other.close();
  const told = await waitForMail(customer.email, /^Your Apiary email address was changed$/);
  expect(new URL(linkIn(told, "http")).searchParams.get("undo")).toBeTruthy();

  // Six minutes later the session is stale: the change asks "Confirm it's you" first. (The
  // worker's later tests get the clock back: their sessions would be stale from the start.)
  const before = server.clock.now();
  server.clock.advance(Date.now() - server.clock.now() + 6 * 60_000);
  const third = uniqueEmail("third");
  const again = page.getByRole("region", { name: "Email address" });
  await again.getByLabel("New email address").fill(third);
  await again.getByRole("button", { name: "Change email" }).click();
  const proof = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(proof).toContainText(`Or a 6-digit code by email, to ${next}.`);
  await expect(proof.getByRole("button", { name: "Email me a code" })).toBeVisible();
  await expectAccessible(page, "Confirm it's you over the security tab");
  await proof.getByLabel("Your password").fill(customer.password);
  await proof.getByRole("button", { name: "Confirm with password" }).click();
  await expect(proof).toHaveCount(0);
  // The same form went again, with what was typed in it.
  await expect(again.getByRole("status")).toContainText(`We sent a link to ${third}`);
  await waitForMail(third, /^Confirm your new Apiary email address$/);
  server.clock.advance(before - server.clock.now());
});
