import { readFileSync } from "node:fs";
import { BACK_OFFICE_TIME_ZONE } from "../../app/features/back-office/format";
import { todayIn } from "../../app/features/bookings/stay-dates";
import { insertTier } from "../factories/sponsorships";
import { dismissToasts, toast } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * Hive Adoptions as the sponsorship team uses them, and what the sponsor sees: an adoption taken
 * by phone for a sponsor picked by e-mail, made active (the sponsor's tier card and e-mail), a
 * payment recorded (total and history, in the back-office and in My Adoptions), the sponsor's
 * certificate, Reset Password, and a cancellation. The rules: features/adoptions/admin-adoptions.test.ts.
 */
test("staff record an adoption and its payment, and the sponsor sees it in their profile", async ({ page, browser, server, signIn, visit }) => {
  test.setTimeout(60_000);
  // Not offered on the site: other specs on this server count the adoption page's tiers.
  const tier = await insertTier(server.platform.db, { name: `Meadow Friend ${crypto.randomUUID().slice(0, 6)}`, priceMonthly: "25.00", isActive: false });
  const sponsorContext = await browser.newContext({ baseURL: server.url });
  const sponsor = await signIn.customer({ verified: true }, sponsorContext);
  const sponsorPage = await sponsorContext.newPage();
  const today = todayIn(BACK_OFFICE_TIME_ZONE);

  await signIn.admin();
  await visit(`/admin/hive-adoptions?q=${encodeURIComponent(sponsor.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Hive Adoptions" })).toBeVisible();
  await expect(page.getByText("No adoptions found.")).toBeVisible();

  await page.getByRole("link", { name: "Add Adoption" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Adoption" });
  // The spec's defaults: pending, monthly, credit card, total paid 0.
  await expect(dialog.getByLabel("Status")).toHaveValue("pending");
  await expect(dialog.getByLabel("Frequency")).toHaveValue("monthly");
  await expect(dialog.getByLabel("Payment method")).toHaveValue("credit_card");
  await expect(dialog.getByLabel("Total paid ($)")).toHaveValue("0");
  await expect(dialog.getByLabel("Start date")).toHaveValue(today);
  await dialog.getByRole("button", { name: "Add Adoption" }).click();
  await expect(dialog.getByText("Choose the sponsor by their e-mail")).toBeVisible();
  await expect(dialog.getByText("Choose a tier", { exact: true }).last()).toBeVisible();
  await expectAccessible(page, "Add Adoption with errors");

  // Part of the e-mail offers the account.
  await dialog.getByLabel("Sponsor's e-mail").pressSequentially(sponsor.email.slice(0, 14));
  await expect(dialog.locator(`#sponsor-emails option[value="${sponsor.email}"]`)).toHaveCount(1);
  await dialog.getByLabel("Sponsor's e-mail").fill(sponsor.email);
  await dialog.getByLabel("Tier").selectOption({ label: `${tier.name} (inactive)` });
  await expect(dialog.getByText("$25 per month")).toBeVisible();
  await dialog.getByLabel("Hive name").fill("Buzz Aldrin");
  await dialog.getByLabel("Status").selectOption("active");
  await dialog.getByRole("button", { name: "Add Adoption" }).click();
  await expect(toast(page, "Adoption added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: sponsor.email });
  const startDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" }).format(new Date(`${today}T00:00:00Z`));
  await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual([sponsor.email, tier.name, "Buzz Aldrin\nNo hive assigned", "Active", "Monthly", "Credit card", startDay, "$0.00", "Actions"]);
  const activated = await waitForMail(sponsor.email, /adoption is active$/);
  expect(activated.text).toContain("Buzz Aldrin");

  // Record Payment from the row: the total and the history follow.
  await row.getByRole("button", { name: `Actions for the adoption of ${sponsor.email}` }).click();
  await row.getByRole("link", { name: "Record Payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record Payment" });
  await expect(payment.getByText("No payments recorded yet.")).toBeVisible();
  await expect(payment.getByLabel("Payment date")).toHaveValue(today);
  // What one month of the tier costs is offered.
  await expect(payment.getByLabel("Amount ($)")).toHaveValue("25.00");
  await payment.getByLabel("Amount ($)").fill("0");
  await payment.getByRole("button", { name: "Record Payment" }).click();
  await expect(payment.getByText("Amount must be more than $0, in dollars with at most 2 decimals")).toBeVisible();
  await expectAccessible(page, "Record Payment");
  await payment.getByLabel("Amount ($)").fill("25");
  await payment.getByLabel("Payment method").selectOption("cash");
  await payment.getByLabel("Notes").fill("Receipt 17");
  await payment.getByRole("button", { name: "Record Payment" }).click();
  await expect(toast(page, "Payment recorded")).toBeVisible();
  await expect(row.getByRole("cell").nth(7)).toHaveText("$25.00");
  const receipt = await waitForMail(sponsor.email, /^Receipt for your \$25\.00 payment$/);
  expect(receipt.text).toMatch(/Total paid to date\s+\$25\.00/);
  await row.getByRole("cell").first().click();
  const edit = page.getByRole("dialog", { name: "Edit Adoption" });
  await expect(edit.getByRole("list", { name: "Payments, newest first" }).getByRole("listitem")).toHaveText([`${startDay} · Cash$25.00Receipt 17`]);
  await expect(edit.getByRole("link", { name: "Download the adoption certificate (PDF)" })).toHaveAttribute("href", /^\/certificates\//);
  await edit.getByRole("link", { name: "Cancel" }).click();

  // The sponsor's profile: the tier card and My Adoptions with the payment.
  await sponsorPage.goto("/sponsor-profile");
  await waitForHydration(sponsorPage);
  const tierCard = sponsorPage.getByRole("region", { name: "Current Tier" });
  await expect(tierCard).toContainText(tier.name);
  await expect(tierCard).toContainText(`Member since${startDay}`);
  await sponsorPage.goto("/sponsor-profile?tab=adoptions");
  const adoption = sponsorPage.getByRole("listitem").filter({ hasText: "Buzz Aldrin" });
  await expect(adoption).toContainText("Paid so far$25");
  await adoption.getByText("Payments (1)").click();
  await expect(adoption.getByRole("list", { name: "Payments for Buzz Aldrin, newest first" })).toContainText("Cash");
  await expectAccessible(sponsorPage, "My Adoptions with a payment");
  // The certificate of the active adoption, made on the server.
  const [certificate] = await Promise.all([sponsorPage.waitForEvent("download"), adoption.getByRole("link", { name: "Download certificate (PDF)" }).click()]);
  expect(certificate.suggestedFilename()).toMatch(/^apiary-adoption-certificate-[0-9a-f]{8}\.pdf$/);
  expect(readFileSync((await certificate.path())!).subarray(0, 5).toString()).toBe("%PDF-");

  // Reset Password, as on Sponsors.
  await row.getByRole("button", { name: `Actions for the adoption of ${sponsor.email}` }).click();
  await row.getByRole("link", { name: "Reset Password" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await expect(reset).toContainText(sponsor.email);
  await expectAccessible(page, "Reset Password");
  await reset.getByRole("link", { name: "Cancel" }).click();
  await dismissToasts(page);

  // Cancelled: the sponsor is told and the tier card empties.
  await row.getByRole("cell").first().click();
  await edit.getByLabel("Status").selectOption("cancelled");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Adoption updated")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("Cancelled");
  await waitForMail(sponsor.email, /adoption is cancelled$/);
  await sponsorPage.goto("/sponsor-profile");
  await expect(sponsorPage.getByRole("region", { name: "Current Tier" })).toContainText("No tier selected");
  await sponsorContext.close();
});
