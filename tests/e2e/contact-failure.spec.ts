import { sql } from "drizzle-orm";
import { toast } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The outbox refuses every message while the test runs: no other spec may share the server.
test.use({ ownServer: { reason: "the outbox is made to fail" } });
test.describe.configure({ mode: "default" });

test.describe("contact form when sending fails", () => {
  test("shows Error / Failed to send message and keeps what was typed; the limit stops a flood", async ({ page, server }) => {
    const { db } = server.platform;
    server.platform.logger.level = "fatal"; // the failure is logged as an error on purpose
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_mail before insert on outbox_messages for each row execute function refuse_mail()`);

    await page.goto("/contact");
    await waitForHydration(page);
    const fill = async () => {
      await page.getByLabel("Name", { exact: true }).fill("Rosa Meadow");
      await page.getByLabel("Email", { exact: true }).fill("rosa@example.com");
      await page.getByLabel("Subject", { exact: true }).fill("Honey order");
      await page.getByLabel("Message", { exact: true }).fill("Do you sell honey to holders of the token?");
    };
    await fill();
    await page.getByRole("button", { name: "Send Message" }).click();
    const failed = toast(page, "Error");
    await expect(failed).toBeVisible();
    await expect(failed).toContainText("Failed to send message. Please try again later.");
    await expect(page.getByRole("alert").filter({ hasText: "Error: Failed to send message. Please try again later." })).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Do you sell honey to holders of the token?");
    await expectAccessible(page, "/contact after a failure");

    await db.execute(sql`drop trigger refuse_mail on outbox_messages`);
    // The failed try counted: four more go through, the next is refused.
    for (let i = 0; i < 4; i++) {
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
      await fill();
    }
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Too Many Messages")).toContainText(/Please wait \d+ minutes? and try again\./);
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Honey order");
  });
});
