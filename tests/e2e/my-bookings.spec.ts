import { formatDay } from "../../app/ui/format";
import { insertBooking, insertStayAsset } from "../factories/stays";
import { dismissToasts, toast } from "./customer-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForMail } from "./mailbox";
import { E2E_SETTINGS } from "./test-server";

for (const width of [390, 1280]) {
  test(`at ${width} px, a customer opens a request from My Bookings, downloads it for their calendar and cancels it after being asked`, async ({ page, server, signIn, visit }) => {
    await page.setViewportSize({ width, height: 900 });
    const db = server.platform.db;
    const { email, userId } = await signIn.customer({ name: "Ivy Meadows" });
    const { location, asset } = await insertStayAsset(db);
    const stay = await insertBooking(db, asset.id, { userId, guestEmail: email, guestName: "Ivy Meadows", location: location.name, numberOfNights: 2, totalAmount: "251.00" });
    const someoneElse = await insertBooking(db, asset.id, { guestEmail: "someone@example.com", guestName: "Someone Else", location: location.name });

    await visit("/sponsor-profile?tab=bookings");
    await page.getByRole("link", { name: `${asset.name}, ${formatDay(stay.checkInDate)}` }).first().click();
    await expect(page).toHaveURL(`/sponsor-profile/bookings/${stay.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Your stay at ${location.name}` })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Status:" })).toContainText("Pending");
    await expect(page.getByText("$251")).toBeVisible();
    // The short code people read out, not the id.
    await expect(page.getByRole("definition").filter({ hasText: new RegExp(`^${location.name.replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase()}-${stay.reference}$`) })).toBeVisible();
    await expectAccessible(page, "My Bookings: one stay");

    // The calendar file of this stay, as it stands.
    const ics = await page.request.get(await page.getByRole("link", { name: "Add to my calendar (.ics)" }).getAttribute("href") ?? "");
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const text = await ics.text();
    expect(text).toContain(`UID:booking-${stay.id}@apiary`);
    expect(text).toContain("STATUS:TENTATIVE");
    // Someone else's booking is not found, page or file.
    expect((await page.request.get(`/sponsor-profile/bookings/${someoneElse.id}`)).status()).toBe(404);
    expect((await page.request.get(`/sponsor-profile/bookings/${someoneElse.id}/stay.ics`)).status()).toBe(404);

    await page.getByRole("link", { name: "Cancel this request" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this request?" })).toBeFocused();
    await expectAccessible(page, "My Bookings: cancel asked");
    await page.getByRole("button", { name: "Yes, cancel my request" }).click();
    await expect(toast(page, "Booking cancelled")).toContainText("Your request is cancelled and the dates are free again.");
    await expect(page.getByRole("status").filter({ hasText: "Status:" })).toContainText("Cancelled");
    await dismissToasts(page);

    const mail = await waitForMail(email, /is cancelled/);
    expect(mail.attachments.find((a) => a.filename === "stay.ics")?.content.toString("utf8")).toContain("METHOD:CANCEL");
    const notice = await waitForMail(E2E_SETTINGS.CONTACT_TO, /Booking request cancelled: Ivy Meadows/);
    expect(notice.text).toContain("from their account");

    await page.getByRole("link", { name: "My Bookings" }).first().click();
    // The table from md up, a card per stay below: either way the stay now reads Cancelled.
    const listed = width >= 768 ? page.getByRole("row").filter({ hasText: formatDay(stay.checkInDate) }) : page.getByRole("listitem").filter({ hasText: formatDay(stay.checkInDate) });
    await expect(listed).toContainText("Cancelled");
  });
}
