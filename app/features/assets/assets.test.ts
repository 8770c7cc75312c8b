import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { assets, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { LOCATION_REQUIRED, NAME_REQUIRED, PRICE_INVALID } from "./assets.schema";
import { assetsScreen } from "./assets.screen";
import { addAsset, closingWithStays, CONFIRM_CLOSING, deleteAsset, duplicateAssetName, listAssets, stillHasBookings, updateAsset } from "./assets.server";

describe.each(testEngines())("Assets commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const list = (actor: BackOfficeContext["actor"], query: string) => listAssets(as(actor), parseListParams(new URLSearchParams(query), assetsScreen.list));
  const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;
  const edit = (asset: typeof assets.$inferSelect, changes: Record<string, string>) =>
    ({ id: asset.id, name: asset.name, type: asset.type, locationId: asset.locationId, status: asset.status, checkInTime: "15:00", checkOutTime: "11:00", pricePerNight: asset.pricePerNight, ...changes });

  it("refuses a customer and a staff role without the flag", async () => {
    const location = await insertLocation(t.db);
    const viewer = await insertStaff(t.db, { assets: ["view"] });
    const input = { name: unique("RV"), locationId: location.id };
    await expect(list(await insertCustomer(t.db), "")).rejects.toThrow(ForbiddenError);
    await expect(addAsset(as(viewer), input)).rejects.toThrow("You don't have permission to add assets.");
    await expect(updateAsset(as(viewer), { id: crypto.randomUUID(), ...input })).rejects.toThrow("You don't have permission to change assets.");
    await expect(deleteAsset(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete assets.");
  });

  it("adds an asset with the spec's defaults, and says what is missing or wrong", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const name = unique("Lakeside RV");
    expect(await addAsset(as(admin), { name, locationId: location.id, description: "" })).toMatchObject({ ok: true, toast: { title: "Asset added" } });
    const [row] = await t.db.select().from(assets).where(eq(assets.name, name));
    expect(row).toMatchObject({ type: "rv", status: "available", checkInTime: "15:00:00", checkOutTime: "11:00:00", pricePerNight: "0.00", description: "" });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, row!.id));
    expect(audit).toMatchObject({ eventType: "record_created", module: "assets", eventDetails: { label: name } });

    expect(await addAsset(as(admin), { name: "", locationId: "" })).toMatchObject({ ok: false, fieldErrors: { name: [NAME_REQUIRED], locationId: [LOCATION_REQUIRED] } });
    expect(await addAsset(as(admin), { name: unique("RV"), locationId: location.id, pricePerNight: "-1" })).toMatchObject({ ok: false, fieldErrors: { pricePerNight: [PRICE_INVALID] } });
    expect(await addAsset(as(admin), { name: unique("RV"), locationId: location.id, pricePerNight: "12.345" })).toMatchObject({ ok: false, fieldErrors: { pricePerNight: [PRICE_INVALID] } });
    expect(await addAsset(as(admin), { name: unique("RV"), locationId: location.id, checkInTime: "25:00" })).toMatchObject({ ok: false, status: 400 });
    expect(await addAsset(as(admin), { name: unique("RV"), locationId: crypto.randomUUID() })).toMatchObject({ ok: false, status: 400, fieldErrors: { locationId: [expect.stringContaining("no longer exists")] } });
    expect(await addAsset(as(admin), { name, locationId: location.id })).toMatchObject({ ok: false, status: 409, message: duplicateAssetName(name) });
  });

  it("closing an asset with stays ahead asks first; 'Save anyway' goes on and cancels nothing", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id);
    const stay = await insertBooking(t.db, asset.id, { guestEmail: "ana@example.com", guestName: "Ana Ruiz", status: "confirmed" });
    // A cancelled stay and a stay already over don't count.
    await insertBooking(t.db, asset.id, { guestEmail: "bo@example.com", status: "cancelled" });
    await insertBooking(t.db, asset.id, { guestEmail: "cy@example.com", checkInDate: "2020-01-01", checkOutDate: "2020-01-03", numberOfNights: 2 });

    const first = await updateAsset(as(admin), edit(asset, { status: "maintenance" }));
    const message = closingWithStays("maintenance", [{ guestName: "Ana Ruiz", checkIn: stay.checkInDate, checkOut: stay.checkOutDate }]);
    expect(first).toEqual({ ok: false, status: 409, message, fieldErrors: { closeAnyway: [CONFIRM_CLOSING] } });
    expect(message).toMatch(/^1 stay is booked ahead on this asset: Ana Ruiz, [A-Z][a-z]{2} \d{2}, \d{4} – [A-Z][a-z]{2} \d{2}, \d{4}\. /);
    expect((await t.db.select().from(assets).where(eq(assets.id, asset.id)))[0]!.status).toBe("available");

    expect(await updateAsset(as(admin), edit(asset, { status: "maintenance", closeAnyway: "on" }))).toMatchObject({ ok: true });
    expect((await t.db.select().from(assets).where(eq(assets.id, asset.id)))[0]!.status).toBe("maintenance");
    // Already closed: another change asks nothing.
    expect(await updateAsset(as(admin), edit(asset, { status: "unavailable", pricePerNight: "99.50" }))).toMatchObject({ ok: true });
  });

  it("won't delete an asset that has bookings, saying what to do instead; deletes one without", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const booked = await insertAsset(t.db, location.id);
    await insertBooking(t.db, booked.id, { guestEmail: "dee@example.com", status: "cancelled" });
    expect(await deleteAsset(as(admin), { id: booked.id })).toEqual({ ok: false, status: 409, message: stillHasBookings(booked.name, 1) });
    const free = await insertAsset(t.db, location.id);
    expect(await deleteAsset(as(admin), { id: free.id })).toMatchObject({ ok: true });
    expect(await t.db.select().from(assets).where(eq(assets.id, free.id))).toEqual([]);
  });

  it("lists by name with the location's name; filters by status and location", async () => {
    const admin = await insertUser(t.db);
    const tag = `zz${crypto.randomUUID().slice(0, 6)}`;
    const location = await insertLocation(t.db, { name: `${tag} Meadow` });
    await insertAsset(t.db, location.id, { name: `${tag} B`, status: "maintenance" });
    await insertAsset(t.db, location.id, { name: `${tag} A`, type: "rental" });
    expect((await list(admin, `q=${tag}`)).rows.map((row) => [row.name, row.locationName, row.type, row.checkInTime])).toEqual([
      [`${tag} A`, `${tag} Meadow`, "rental", "15:00"],
      [`${tag} B`, `${tag} Meadow`, "rv", "15:00"],
    ]);
    expect((await list(admin, `q=${tag}&status=maintenance`)).rows.map((row) => row.name)).toEqual([`${tag} B`]);
    expect((await list(admin, `location=${location.id}`)).total).toBe(2);
  });
});
