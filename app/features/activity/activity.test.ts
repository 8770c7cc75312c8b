import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { updateUserProfile } from "~/features/users/users.server";
import { securityAuditLog, users } from "~/platform/db/schema";
import { updateBooking } from "~/features/bookings/admin-bookings.server";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertBooking, insertStayAsset } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { activityScreen } from "./activity.screen";
import { listActivity } from "./activity.server";
import { changesOf, describeEntry, noNames, shortRange, type AuditEntry } from "./activity-words";

const people = (entries: Record<string, { name: string; email: string }>) => new Map(Object.entries(entries));

describe("activity in words", () => {
  const sky = { name: "Sky Meadow", email: "sky@apiary.test" };
  const entry = (over: Partial<AuditEntry>): AuditEntry => ({ event: "record_updated", module: "bookings", recordId: "b1", eventDetails: { action: "update" }, before: null, after: null, createdAt: "2026-11-20T18:00:00.000Z", actor: sky, ...over });

  it("says a booking's status change as a decision, with its code, guest and nights", () => {
    const names = { ...noNames(), bookings: new Map([["b1", { code: "STA-3F9A0C", guestName: "Maya Thornbury", checkInDate: "2026-12-10", checkOutDate: "2026-12-13" }]]) };
    const confirmed = describeEntry(entry({ before: { status: "pending" }, after: { status: "confirmed" } }), names);
    expect(confirmed).toEqual({ sentence: "Sky Meadow confirmed booking STA-3F9A0C for Maya Thornbury, Dec 10–13", changes: [{ field: "Status", before: "Pending", after: "Confirmed" }] });
    expect(describeEntry(entry({ before: { status: "confirmed" }, after: { status: "cancelled" } }), names).sentence).toBe("Sky Meadow cancelled booking STA-3F9A0C for Maya Thornbury, Dec 10–13");
    expect(describeEntry(entry({ before: { status: "cancelled" }, after: { status: "pending" } }), names).sentence).toBe("Sky Meadow marked booking STA-3F9A0C for Maya Thornbury, Dec 10–13 as pending");
    // The row's own fields win over today's booking (what it was then), and a deleted booking has no code.
    expect(describeEntry(entry({ recordId: "gone", eventDetails: { action: "delete" }, event: "record_deleted", before: { guestName: "Ann Lee", checkInDate: "2027-01-02", checkOutDate: "2027-01-05" } }), names).sentence).toBe(
      "Sky Meadow deleted a booking for Ann Lee, Jan 2–5, 2027",
    );
    // Someone without a name is named by their e-mail; the cancel link of a guest has no account.
    expect(describeEntry(entry({ actor: { name: "", email: "desk@apiary.test" }, after: { guestName: "Maya Thornbury" }, before: { guestName: "Maya" } }), names).sentence).toBe("desk@apiary.test changed booking STA-3F9A0C for Maya Thornbury, Dec 10–13");
    expect(describeEntry(entry({ actor: null, eventDetails: { action: "update", by: "guest link" }, before: { status: "pending" }, after: { status: "cancelled" } }), names).sentence).toBe("The guest cancelled booking STA-3F9A0C for Maya Thornbury, Dec 10–13");
  });

  it("names what ids stand for, and never shows an id it can't name", () => {
    const names = { ...noNames(), assets: new Map([["a1", "Lakeside RV"]]), tiers: new Map([["t1", "Worker Bee"]]), people: people({ u1: { name: "Maya Thornbury", email: "maya@example.com" } }) };
    expect(changesOf({ assetId: "a1", totalAmount: "250.00", checkInDate: "2026-12-10" }, { assetId: "a2", totalAmount: "300", checkInDate: "2026-12-11" }, names)).toEqual([
      { field: "Asset", before: "Lakeside RV", after: "a record since deleted" },
      { field: "Check-in", before: "Dec 10, 2026", after: "Dec 11, 2026" },
      { field: "Total", before: "$250.00", after: "$300.00" },
    ]);
    expect(changesOf(null, { userId: "u1", tierId: "t1", paymentMethod: "credit_card", twoFactor: false, roles: [] }, names)).toEqual([
      { field: "Tier", before: null, after: "Worker Bee" },
      { field: "Sponsor", before: null, after: "maya@example.com" },
      { field: "Payment method", before: null, after: "Credit card" },
      { field: "Two-factor", before: null, after: "No" },
      { field: "Roles", before: null, after: "none" },
    ]);
    // An image's id has no name: the change says there is a new one.
    expect(changesOf({ photo: "p1", name: "A" }, { photo: "p2", name: "A" }, names)).toEqual([{ field: "Photo", before: "new", after: "new" }]);
    expect(changesOf({ a: 1 }, { a: 1 }, names)).toEqual([]);
  });

  it("puts adoptions, payments, people, permissions and the site's records into words", () => {
    const names = { ...noNames(), tiers: new Map([["t1", "Worker Bee"]]), hives: new Map([["h2", "Hive Clover"]]), adoptions: new Map([["ad1", { email: "maya@example.com", tierId: "t1" }]]), people: people({ u1: { name: "Maya Thornbury", email: "maya@example.com" } }) };
    const adoption = (over: Partial<AuditEntry>) => entry({ module: "hive_adoptions", recordId: "ad1", ...over });
    expect(describeEntry(adoption({ before: { status: "pending" }, after: { status: "active" } }), names).sentence).toBe("Sky Meadow activated the Worker Bee adoption of maya@example.com");
    expect(describeEntry(adoption({ event: "payment_recorded", before: { totalPaid: "0.00" }, after: { totalPaid: "25.00", payment: { amount: "25.00", paymentMethod: "cash", paymentDate: "2026-11-20" } } }), names)).toEqual({
      sentence: "Sky Meadow recorded a payment of $25.00 for the Worker Bee adoption of maya@example.com",
      changes: [
        { field: "Total paid", before: "$0.00", after: "$25.00" },
        { field: "Payment", before: null, after: "$25.00, Cash, Nov 20, 2026" },
      ],
    });
    expect(describeEntry(adoption({ before: { hiveId: "h1" }, after: { hiveId: "h2" } }), names).sentence).toBe("Sky Meadow moved the Worker Bee adoption of maya@example.com to hive Hive Clover");
    expect(describeEntry(adoption({ actor: null, eventDetails: { action: "update", by: "schedule" }, after: { status: "expired" } }), names).sentence).toBe("The schedule expired the Worker Bee adoption of maya@example.com");
    expect(describeEntry(entry({ module: "users", recordId: "u1", event: "roles_changed", before: { roles: ["customer"] }, after: { roles: ["customer", "front_desk"] } }), names)).toEqual({
      sentence: "Sky Meadow changed the roles of Maya Thornbury",
      changes: [{ field: "Roles", before: "customer", after: "customer, front_desk" }],
    });
    expect(describeEntry(entry({ module: "hive_adoptions", recordId: "u1", event: "password_reset_by_staff" }), names).sentence).toBe("Sky Meadow set a new password for Maya Thornbury");
    expect(describeEntry(entry({ module: "role_permissions", before: { role: "front_desk", module: "bookings", canDelete: false }, after: { role: "front_desk", module: "bookings", canDelete: true } }), names)).toEqual({
      sentence: "Sky Meadow changed the Bookings permissions of front_desk",
      changes: [{ field: "Delete", before: "No", after: "Yes" }],
    });
    expect(describeEntry(entry({ module: "posts", before: { title: "Spring", published: false }, after: { title: "Spring", published: true } }), names).sentence).toBe("Sky Meadow published post “Spring”");
    expect(describeEntry(entry({ module: "menu_items", eventDetails: { action: "update", label: "Blog" }, before: { position: 3 }, after: { position: 0 } }), names)).toEqual({ sentence: "Sky Meadow moved menu item “Blog” to position 1", changes: [{ field: "Position", before: "4", after: "1" }] });
    expect(describeEntry(entry({ module: "locations", event: "record_created", eventDetails: { action: "create", label: "Orcas" }, after: { name: "Orcas" } }), names).sentence).toBe("Sky Meadow added location “Orcas”");
  });

  it("says security events as what the person did", () => {
    const security = (event: string, eventDetails: Record<string, unknown> = {}, actor: AuditEntry["actor"] = sky) => describeEntry(entry({ module: null, recordId: null, event, eventDetails, actor }), noNames()).sentence;
    expect(security("login_success", { method: "password_2fa", portal: "admin" })).toBe("Sky Meadow signed in to the back-office with a password and a two-factor code");
    expect(security("login_success", { method: "sign_up" })).toBe("Sky Meadow signed up");
    // A wallet account has no name and no e-mail: it is said by its shortened address.
    const wallet = { name: "", email: "0x12ab34cd56ef7890abcdef1234567890abcdcdef@ethereum.no-email.invalid" };
    expect(security("login_success", { method: "ethereum", portal: "customer" }, wallet)).toBe("0x12ab…cdef signed in to the site with an Ethereum wallet");
    expect(security("login_success", { method: "google_id_token", portal: "admin" })).toBe("Sky Meadow signed in to the back-office with a Google ID token");
    expect(security("login_failed", { email: "who@example.com", portal: "admin" }, null)).toBe("A sign-in to the back-office as who@example.com failed");
    expect(security("2fa_backup_code_used", { backupCodesLeft: 1 })).toBe("Sky Meadow used a backup code (1 code left)");
    expect(security("refused", { module: "bookings", action: "delete" })).toBe("Sky Meadow was stopped from deleting bookings: no permission");
  });

  it("writes nights as people say them", () => {
    expect(shortRange("2026-12-10", "2026-12-13", "2026-11-01")).toBe("Dec 10–13");
    expect(shortRange("2026-11-28", "2026-12-02", "2026-11-01")).toBe("Nov 28 – Dec 2");
    expect(shortRange("2027-03-01", "2027-03-04", "2026-11-01")).toBe("Mar 1–4, 2027");
    expect(shortRange("2026-12-30", "2027-01-02", "2026-12-01")).toBe("Dec 30, 2026 – Jan 2, 2027");
  });
});

describe.each(testEngines())("Activity on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform, "192.0.2.44");
  const list = (actor: BackOfficeContext["actor"], query: string) => listActivity(as(actor), parseListParams(new URLSearchParams(query), activityScreen.list));

  it("is for those who may view role permissions", async () => {
    const customer = await insertCustomer(t.db);
    const usersOnly = await insertStaff(t.db, { users: ["view", "update"] });
    const auditor = await insertStaff(t.db, { role_permissions: ["view"] });
    await expect(list(customer, "")).rejects.toThrow(ForbiddenError);
    await expect(list(usersOnly, "")).rejects.toThrow("You don't have permission to view role permissions.");
    await recordAuditEvent(t.db, { type: "login_success", userId: usersOnly.userId, details: { portal: "admin" } }, { clientAddress: "192.0.2.46" });
    expect((await list(auditor, `q=${usersOnly.email}`)).rows).toMatchObject([{ person: usersOnly.email, event: "login_success", ipAddress: "192.0.2.46" }]);
  });

  it("shows changes and security events together, newest first, with who, what, where", async () => {
    const admin = await insertUser(t.db);
    const person = await insertCustomer(t.db);
    await recordAuditEvent(
      t.db,
      {
        type: "login_success",
        userId: admin.userId,
        details: { method: "password", portal: "admin" },
      },
      { clientAddress: "192.0.2.44" },
    );
    // A moment earlier: the embedded database's clock can give two quick writes the same time.
    await t.db.update(securityAuditLog).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(securityAuditLog.userId, admin.userId));
    await updateUserProfile(as(admin), {
      userId: person.userId,
      phoneNumber: "+1 360 555 0101",
      twoFactor: "",
      firstLogin: "on",
    });
    const { rows, total } = await list(admin, `q=${admin.email}`);
    expect(total).toBe(2);
    expect(rows).toMatchObject([
      {
        person: admin.email,
        event: "record_updated",
        module: "users",
        sentence: `Test changed the profile of ${person.email}`,
        changes: [
          { field: "Phone", before: "—", after: "+1 360 555 0101" },
          { field: "First login", before: "No", after: "Yes" },
        ],
        ipAddress: "192.0.2.44",
      },
      {
        person: admin.email,
        event: "login_success",
        module: null,
        sentence: "Test signed in to the back-office with a password",
        changes: [],
      },
    ]);
    // The row as recorded is one disclosure away.
    expect(JSON.parse(rows[0]!.raw)).toMatchObject({ event: "record_updated", module: "users", recordId: person.userId, before: { phoneNumber: null }, after: { phoneNumber: "+1 360 555 0101" } });
    expect((await list(admin, `q=${admin.email}&kind=changes`)).rows.map((row) => row.event)).toEqual(["record_updated"]);
    expect((await list(admin, `q=${admin.email}&kind=security`)).rows.map((row) => row.event)).toEqual(["login_success"]);
    expect((await list(admin, `q=${admin.email}&module=users`)).total).toBe(1);
    expect((await list(admin, `q=${admin.email}&module=bookings`)).total).toBe(0);
  });

  it("says a decision made in Bookings with the booking's code, the guest and the nights, and the asset's name for its id", async () => {
    const admin = await insertUser(t.db);
    await t.db.update(users).set({ name: "Sky Meadow" }).where(eq(users.id, admin.userId));
    const { location, asset } = await insertStayAsset(t.db);
    const other = await insertAsset(t.db, location.id, { name: "Meadow Cabin" });
    const booking = await insertBooking(t.db, asset.id, { guestEmail: "maya@example.com", guestName: "Maya Thornbury", location: location.name, checkInDate: "2031-12-10", checkOutDate: "2031-12-13", numberOfNights: 3, totalAmount: "376.50" });
    const form = { id: booking.id, locationId: location.id, assetId: asset.id, guestName: "Maya Thornbury", guestEmail: "maya@example.com", guestPhone: "", numberOfGuests: "2", numberOfNights: "3", totalAmount: "376.50", checkInDate: "2031-12-10", checkOutDate: "2031-12-13" };
    expect(await updateBooking(as({ ...admin }), { ...form, status: "confirmed" })).toMatchObject({ ok: true });
    expect(await updateBooking(as(admin), { ...form, status: "confirmed", assetId: other.id })).toMatchObject({ ok: true });
    const { rows } = await list(admin, `q=${admin.email}&module=bookings`);
    expect(rows.map((row) => row.sentence)).toEqual([`Sky Meadow changed booking TES-${booking.reference} for Maya Thornbury, Dec 10–13, 2031`, `Sky Meadow confirmed booking TES-${booking.reference} for Maya Thornbury, Dec 10–13, 2031`]);
    expect(rows[0]!.changes).toEqual([{ field: "Asset", before: asset.name, after: "Meadow Cabin" }]);
    expect(rows[1]!.changes).toEqual([{ field: "Status", before: "Pending", after: "Confirmed" }]);
    expect(JSON.stringify(rows.map(({ sentence, changes }) => ({ sentence, changes })))).not.toContain(asset.id);
  });

  it("finds a failed sign-in by the e-mail that was tried", async () => {
    const admin = await insertUser(t.db);
    const tried = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await recordAuditEvent(t.db, { type: "login_failed", details: { email: tried, portal: "admin" } }, { clientAddress: "192.0.2.45" });
    expect((await list(admin, `q=${tried}`)).rows).toMatchObject([
      {
        person: tried,
        event: "login_failed",
        sentence: `A sign-in to the back-office as ${tried} failed`,
        ipAddress: "192.0.2.45",
      },
    ]);
  });

  it("filters by day in the organisation's time zone (Los Angeles)", async () => {
    const admin = await insertUser(t.db);
    const person = await insertCustomer(t.db);
    // 06:30 UTC on March 3rd is still March 2nd in Los Angeles (22:30 PST).
    await t.db.insert(securityAuditLog).values([
      {
        userId: person.userId,
        eventType: "logout",
        createdAt: new Date("2031-03-03T06:30:00Z"),
      },
      {
        userId: person.userId,
        eventType: "login_success",
        createdAt: new Date("2031-03-03T09:00:00Z"),
      },
    ]);
    const q = `q=${person.email}`;
    expect((await list(admin, `${q}&from=2031-03-02&to=2031-03-02`)).rows.map((row) => row.event)).toEqual(["logout"]);
    expect((await list(admin, `${q}&from=2031-03-03`)).rows.map((row) => row.event)).toEqual(["login_success"]);
    expect((await list(admin, `${q}&to=2031-03-03`)).total).toBe(2);
    // A malformed date is ignored rather than failing the page.
    expect((await list(admin, `${q}&from=2031-13-45`)).total).toBe(2);
  });
});
