import { randomInt } from "node:crypto";
import { dismissToasts, toast } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";
import { dropPosts } from "./network";
import { E2E_SETTINGS } from "./test-server";

/** The test servers' configured CONTACT_TO (the default has a unit test). */
const CONTACT_TO = E2E_SETTINGS.CONTACT_TO;

/** A subject no other test or run uses, to find this test's e-mail in the shared mailbox. */
const uniqueSubject = (label: string) => `${label} ${Date.now()}-${randomInt(1e6)}`;

test.describe("contact form", () => {
  test("shows every message of the spec's table on submit, then again as the visitor types", async ({ page, visit }) => {
    await visit("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: CONTACT_TO })).toHaveAttribute("href", `mailto:${CONTACT_TO}`);

    // Nothing is said before the first submit.
    await page.getByLabel("Name", { exact: true }).fill("R");
    await page.getByLabel("Name", { exact: true }).fill("");
    await expect(page.getByText("Name is required")).toHaveCount(0);

    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "/contact with errors");

    // From now on every change revalidates.
    await page.getByLabel("Name", { exact: true }).fill("x".repeat(101));
    await expect(page.getByText("Name must be less than 100 characters")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("   ");
    await expect(page.getByText("Name is required")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Rosa Meadow");
    await expect(page.getByText(/^Name /)).toHaveCount(0);

    await page.getByLabel("Email", { exact: true }).fill(`${"a".repeat(250)}@example.com`);
    await expect(page.getByText("Email must be less than 255 characters")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("rosa@");
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("rosa@example.com");
    await expect(page.getByText("Invalid email address")).toHaveCount(0);

    await page.getByLabel("Subject", { exact: true }).fill("s".repeat(201));
    await expect(page.getByText("Subject must be less than 200 characters")).toBeVisible();
    await page.getByLabel("Subject", { exact: true }).fill("Hive visit");
    await expect(page.getByText(/^Subject /)).toHaveCount(0);

    await page.getByLabel("Message", { exact: true }).fill("m".repeat(2001));
    await expect(page.getByText("Message must be less than 2000 characters")).toBeVisible();
    await page.getByLabel("Message", { exact: true }).fill("  too short  ");
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  });

  test("loads without React until the visitor reaches for the form; what was typed meanwhile is kept", async ({ page }) => {
    const subject = uniqueSubject("Early typing");
    await page.goto("/contact");
    await page.waitForTimeout(300);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    // Focusing the first field starts React; the typing goes on while it takes over.
    await page.getByLabel("Name", { exact: true }).pressSequentially("Early Bird");
    await page.getByLabel("Email", { exact: true }).fill("early@example.com");
    await page.getByLabel("Subject", { exact: true }).fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("Typed while the page was still waking up.");
    await waitForHydration(page);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Early Bird");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message sent!")).toBeVisible();
    await waitForMail(CONTACT_TO, new RegExp(`New contact message: ${subject}`));
  });

  test("sends the message: toast, empty form, and the e-mail reaches the mailbox with Reply-To set to the sender", async ({ page, visit }) => {
    const subject = uniqueSubject("School visit");
    await visit("/contact");
    await page.getByLabel("Name", { exact: true }).fill("  Rosa Meadow ");
    await page.getByLabel("Email", { exact: true }).fill(" rosa.meadow@example.com ");
    await page.getByLabel("Subject", { exact: true }).fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("Could our class of 24 visit the Stanwood hives in June?");
    // The connection drops first: the spec's failure toast, and the form keeps every word.
    const restore = await dropPosts(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Error")).toContainText("Failed to send message. Please try again later.");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Could our class of 24 visit the Stanwood hives in June?");
    await restore();
    await dismissToasts(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const sent = toast(page, "Message sent!");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("Thank you for contacting us. We'll get back to you soon.");
    for (const label of ["Name", "Email", "Subject", "Message"]) await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    await expectAccessible(page, "/contact after sending");

    const mail = await waitForMail(CONTACT_TO, new RegExp(`New contact message: ${subject}`));
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(["rosa.meadow@example.com"]);
    expect(mail.text).toContain("Rosa Meadow");
    expect(mail.text).toContain("Could our class of 24 visit the Stanwood hives in June?");
  });

  test("works without JavaScript: errors under the fields, then the confirmation after the redirect", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Rosa");
    await page.getByLabel("Email", { exact: true }).fill("not an email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Rosa");
    // (axe needs JavaScript in the page; the same markup is checked with it on in the tests above.)

    const subject = uniqueSubject("No script");
    await page.getByLabel("Email", { exact: true }).fill("noscript@example.com");
    await page.getByLabel("Subject", { exact: true }).fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("Sent from a browser with JavaScript turned off.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("status")).toHaveText("Message sent! Thank you for contacting us. We'll get back to you soon.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    const mail = await waitForMail(CONTACT_TO, new RegExp(subject));
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(["noscript@example.com"]);
    await context.close();
  });
});
