import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdoptions } from "~/features/adoptions/admin-adoptions.server";
import { adoptionsScreen } from "~/features/adoptions/adoptions.screen";
import { listBookings } from "~/features/bookings/admin-bookings.server";
import { bookingsScreen } from "~/features/bookings/bookings.screen";
import { hiveTiersScreen } from "~/features/hive-tiers/hive-tiers.screen";
import { pagesScreen } from "~/features/pages/pages.screen";
import { parseListParams } from "~/platform/list-params";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { csvCell, csvColumns, csvLine } from "./csv-export.server";
import type { ScreenDeclaration } from "./screen";
import { BACK_OFFICE_SCREENS } from "./screens";

describe("a CSV cell", () => {
  it("is quoted only when it must be, quotes doubled", () => {
    expect(csvCell("fern@example.com")).toBe("fern@example.com");
    expect(csvCell("customer, front_desk")).toBe('"customer, front_desk"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("can't be taken for a formula by a spreadsheet, while phone numbers and amounts stay as they are", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("+1 360 555 0142")).toBe("+1 360 555 0142");
    expect(csvCell("-12.50")).toBe("-12.50");
  });
});

describe("the CSV file's columns", () => {
  it("are every list's columns under the spec's headers, in order, with the file's own columns among them", () => {
    for (const screen of BACK_OFFICE_SCREENS) {
      const headers = csvColumns(screen).map((column) => column.header);
      const listed = screen.columns.map((column) => column.header);
      expect(headers.filter((header) => listed.includes(header)), screen.id).toEqual(listed);
    }
    expect(csvColumns(bookingsScreen).map((column) => column.header)).toEqual(["Reference", "Guest name", "Email", "Phone", "Location", "Asset", "Check-in", "Check-out", "Nights", "Guests", "Status", "Total", "Currency"]);
  });

  it("give amounts as plain numbers with a currency, days as yyyy-MM-dd and moments as yyyy-MM-dd HH:mm in the organisation's time zone", () => {
    const line = <Row,>(screen: Pick<ScreenDeclaration<Row>, "columns" | "csv">, row: Row) => csvLine(csvColumns(screen).map((column) => column.value(row)));
    const tier = { id: "t", name: "Queen", description: "d", priceMonthly: "1999.5", priceAnnual: "249", perks: [], honeyShareKg: null, maxAdoptions: null, displayOrder: 0, isActive: true, taken: 0 };
    expect(line(hiveTiersScreen, tier as never)).toMatch(/^Queen,d,1999\.50,249\.00,USD,/);
    const page = { id: "p", slug: "about", title: "About", heroTitle: null, published: false, updatedAt: "2026-12-13T07:30:00.000Z" };
    // 07:30 UTC is still the 12th, 23:30, at Stanwood.
    expect(line(pagesScreen, page)).toBe("/about,About,,2026-12-12 23:30,Draft\r\n");
  });
});

describe.each(testEngines())("the CSV export's rows on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());
  const as = actingAs(() => platform);

  it("a booking: its code, phone, nights and guests, its days and its total as numbers a spreadsheet can sum and sort", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db, { name: `Stanwood ${crypto.randomUUID().slice(0, 6)}` });
    const asset = await insertAsset(t.db, location.id, { name: "Heron RV" });
    const guestEmail = `maya.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const booking = await insertBooking(t.db, asset.id, {
      guestEmail,
      guestName: "Maya Thornbury",
      guestPhone: "+1 360 555 0142",
      location: location.name,
      checkInDate: "2026-12-13",
      checkOutDate: "2026-12-16",
      numberOfNights: 3,
      numberOfGuests: 4,
      totalAmount: "330.00",
      status: "confirmed",
    });
    const { rows } = await listBookings(as(admin), parseListParams(new URLSearchParams(`q=${guestEmail}`), bookingsScreen.list));
    expect(rows.map((row) => csvColumns(bookingsScreen).map((column) => column.value(row)))).toEqual([
      [`STA-${booking.reference}`, "Maya Thornbury", guestEmail, "+1 360 555 0142", location.name, "Heron RV", "2026-12-13", "2026-12-16", "3", "4", "Confirmed", "330.00", "USD"],
    ]);
  });

  it("an adoption: its start day and its total paid as a number, with the currency", async () => {
    const admin = await insertUser(t.db);
    const sponsor = await insertCustomer(t.db);
    const tier = await insertTier(t.db, { name: `Worker ${crypto.randomUUID().slice(0, 6)}` });
    await insertAdoption(t.db, sponsor, tier.id, { startDate: "2026-03-01", totalPaid: "1240.5", status: "active" });
    const { rows } = await listAdoptions(as(admin), parseListParams(new URLSearchParams(`q=${sponsor.email}`), adoptionsScreen.list));
    const values = rows.map((row) => Object.fromEntries(csvColumns(adoptionsScreen).map((column) => [column.header, column.value(row)])));
    expect(values).toEqual([expect.objectContaining({ "User email": sponsor.email, Tier: tier.name, "Start date": "2026-03-01", "Total paid": "1240.50", Currency: "USD" })]);
  });
});
