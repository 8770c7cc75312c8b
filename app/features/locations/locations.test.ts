import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { locations, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { ADDRESS_REQUIRED, cleanAmenities, NAME_REQUIRED, UNKNOWN_TIME_ZONE } from "./locations.schema";
import { locationsScreen } from "./locations.screen";
import { addLocation, deleteLocation, duplicateName, listLocations, stillHasAssets, updateLocation } from "./locations.server";

describe("cleanAmenities", () => {
  it("trims, drops empty ones and ignores duplicates, keeping the first spelling", () => {
    expect(cleanAmenities(["  Lake access ", "", "   ", "WiFi", "lake  ACCESS", "Fire pit", "wifi"])).toEqual(["Lake access", "WiFi", "Fire pit"]);
  });
});

describe.each(testEngines())("Locations commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const list = (actor: BackOfficeContext["actor"], query: string) => listLocations(as(actor), parseListParams(new URLSearchParams(query), locationsScreen.list));
  const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;

  it("refuses a customer and a staff role without the flag", async () => {
    const viewer = await insertStaff(t.db, { locations: ["view"] });
    const input = { name: unique("Lake"), address: "1 Shore Rd" };
    await expect(list(await insertCustomer(t.db), "")).rejects.toThrow(ForbiddenError);
    await expect(addLocation(as(viewer), input)).rejects.toThrow("You don't have permission to add locations.");
    await expect(updateLocation(as(viewer), { id: crypto.randomUUID(), ...input })).rejects.toThrow("You don't have permission to change locations.");
    await expect(deleteLocation(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete locations.");
    const editor = await insertStaff(t.db, { locations: ["view", "create"] });
    expect(await addLocation(as(editor), input)).toMatchObject({ ok: true });
  });

  it("adds a location with its amenities (the typed draft too), and records it", async () => {
    const admin = await insertUser(t.db);
    const name = unique("Arlington Meadow");
    const added = await addLocation(as(admin), { name, address: " 9 Hive Ln, Arlington, WA ", amenities: ["Pond", "pond", " Trails "], amenityDraft: "Fire pit", timeZone: "America/Denver" });
    expect(added).toMatchObject({ ok: true, toast: { title: "Location added" } });
    const [row] = await t.db.select().from(locations).where(eq(locations.name, name));
    expect(row).toMatchObject({ address: "9 Hive Ln, Arlington, WA", amenities: ["Pond", "Trails", "Fire pit"], timeZone: "America/Denver" });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, row!.id));
    expect(audit).toMatchObject({ eventType: "record_created", module: "locations", userId: admin.userId, eventDetails: { label: name }, after: { name, amenities: ["Pond", "Trails", "Fire pit"] } });
  });

  it("says what is missing or wrong; a second location of the same name is refused", async () => {
    const admin = await insertUser(t.db);
    expect(await addLocation(as(admin), { name: " ", address: "" })).toMatchObject({ ok: false, status: 400, fieldErrors: { name: [NAME_REQUIRED], address: [ADDRESS_REQUIRED] } });
    expect(await addLocation(as(admin), { name: unique("Lake"), address: "1 Shore Rd", timeZone: "Mars/Olympus" })).toMatchObject({ ok: false, fieldErrors: { timeZone: [UNKNOWN_TIME_ZONE] } });
    const existing = await insertLocation(t.db);
    expect(await addLocation(as(admin), { name: existing.name, address: "2 Shore Rd" })).toEqual({ ok: false, status: 409, message: duplicateName(existing.name), fieldErrors: { name: [duplicateName(existing.name)] } });
    const other = await insertLocation(t.db);
    expect(await updateLocation(as(admin), { id: other.id, name: existing.name, address: "x" })).toMatchObject({ ok: false, status: 409 });
  });

  it("edits, with the fields before and after in the audit trail", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const name = unique("Renamed");
    expect(await updateLocation(as(admin), { id: location.id, name, address: location.address, amenities: ["Kayaks"], timeZone: "America/Los_Angeles" })).toMatchObject({ ok: true });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, location.id));
    expect(audit).toMatchObject({ eventType: "record_updated", before: { name: location.name, amenities: [] }, after: { name, amenities: ["Kayaks"] } });
    expect(await updateLocation(as(admin), { id: crypto.randomUUID(), name: unique("Gone"), address: "x" })).toMatchObject({ ok: false, status: 404 });
  });

  it("won't delete a location that still has assets, naming them; deletes an empty one", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id, { name: "Lakeside RV" });
    expect(await deleteLocation(as(admin), { id: location.id })).toEqual({ ok: false, status: 409, message: stillHasAssets(location.name, [asset.name]) });
    expect(stillHasAssets("Stanwood", ["A", "B", "C", "D", "E"])).toBe("Stanwood still has 5 assets (A, B, C and 2 more). Move them to another location or delete them first, or mark them unavailable.");
    const empty = await insertLocation(t.db);
    expect(await deleteLocation(as(admin), { id: empty.id })).toMatchObject({ ok: true });
    expect(await t.db.select().from(locations).where(eq(locations.id, empty.id))).toEqual([]);
  });

  it("lists by name with each location's asset count, searchable by name or address", async () => {
    const admin = await insertUser(t.db);
    const tag = `zz${crypto.randomUUID().slice(0, 6)}`;
    const b = await insertLocation(t.db, { name: `${tag} B` });
    await insertLocation(t.db, { name: `${tag} A` });
    await insertAsset(t.db, b.id);
    await insertAsset(t.db, b.id);
    const { rows, total } = await list(admin, `q=${tag}`);
    expect(total).toBe(2);
    expect(rows.map((row) => [row.name, row.assetCount])).toEqual([
      [`${tag} A`, 0],
      [`${tag} B`, 2],
    ]);
    expect((await list(admin, `q=${tag}&sort=assets&dir=desc`)).rows[0]!.name).toBe(`${tag} B`);
  });
});
