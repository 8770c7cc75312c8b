import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import { addAdoption, HIVE_NOT_ACTIVE } from "~/features/adoptions/admin-adoptions.server";
import { listMyAdoptions } from "~/features/adoptions/my-adoptions.server";
import { parseListParams } from "~/platform/list-params";
import { deleteLocation, stillHasHives } from "~/features/locations/locations.server";
import { hiveAdoptions, hives, outboxMessages, securityAuditLog, sponsors } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { UPLOAD_MESSAGES, type StoredImage } from "~/platform/storage/images.server";
import { localUploadsDir } from "~/platform/storage/storage.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../../../tests/factories/sponsorships";
import { insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { readUnsubscribeToken, setHiveUpdateEmails, unsubscribeToken } from "./hive-update-emails.server";
import { HIVE_MESSAGES } from "./hives.schema";
import { hivesScreen } from "./hives.screen";
import { addHive, deleteHive, duplicateHiveName, hiveInUse, listHives, noHiveToMoveTo, postHiveUpdate, updateHive } from "./hives.server";

describe("the unsubscribe link", () => {
  it("names its sponsor only with the server's signature", () => {
    const token = unsubscribeToken("user-1", "secret-a");
    expect(readUnsubscribeToken(token, "secret-a")).toBe("user-1");
    expect(readUnsubscribeToken(token, "secret-b")).toBeNull();
    const [, signature] = token.split(".");
    expect(readUnsubscribeToken(`${Buffer.from("user-2").toString("base64url")}.${signature}`, "secret-a")).toBeNull();
    expect(readUnsubscribeToken("garbage", "secret-a")).toBeNull();
  });
});

const urls = { url: (key: string) => `/uploads/${key}` };

describe.each(testEngines())("the hive registry on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const mailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
  const form = (hive: typeof hives.$inferSelect, changes: Record<string, string> = {}) => ({ id: hive.id, name: hive.name, locationId: hive.locationId, status: hive.status, installedOn: hive.installedOn ?? "", notes: hive.notes ?? "", statusReason: hive.statusReason ?? "", ...changes });
  const hiveOf = async (adoptionId: string) => (await t.db.select({ hiveId: hiveAdoptions.hiveId }).from(hiveAdoptions).where(eq(hiveAdoptions.id, adoptionId)))[0]!.hiveId;

  it("refuses a customer and a staff role without the flag", async () => {
    const viewer = await insertStaff(t.db, { hives: ["view"] });
    const location = await insertLocation(t.db);
    const hive = await insertHive(t.db, location.id);
    await expect(listHives(as(await insertCustomer(t.db)), parseListParams(new URLSearchParams(), hivesScreen.list))).rejects.toThrow(ForbiddenError);
    await expect(listHives(as(viewer), parseListParams(new URLSearchParams(), hivesScreen.list))).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(addHive(as(viewer), { name: "X", locationId: location.id })).rejects.toThrow("You don't have permission to add hives.");
    await expect(updateHive(as(viewer), form(hive))).rejects.toThrow("You don't have permission to change hives.");
    await expect(postHiveUpdate(as(viewer), { hiveId: hive.id, body: "Hello" })).rejects.toThrow("You don't have permission to change hives.");
    await expect(deleteHive(as(viewer), { id: hive.id })).rejects.toThrow("You don't have permission to delete hives.");
  });

  it("adds a hive, refuses a second of the same name, and keeps a location with hives from being deleted", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const name = `Lakeside ${crypto.randomUUID().slice(0, 6)}`;
    expect(await addHive(as(admin), { name, locationId: location.id, installedOn: "2025-04-12", notes: "Langstroth, two supers" })).toMatchObject({ ok: true, toast: { title: "Hive added" } });
    expect(await addHive(as(admin), { name, locationId: location.id })).toMatchObject({ ok: false, status: 409, fieldErrors: { name: [duplicateHiveName(name)] } });
    expect(await addHive(as(admin), { name: "", locationId: "" })).toMatchObject({ ok: false, fieldErrors: { name: [HIVE_MESSAGES.name], locationId: [HIVE_MESSAGES.location] } });
    expect(await deleteLocation(as(admin), { id: location.id })).toMatchObject({ ok: false, status: 409, message: stillHasHives(location.name, [name]) });
  });

  it("an update reaches each active sponsor of the hive once, in My Adoptions and by e-mail, until they unsubscribe", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const hive = await insertHive(t.db, location.id, { name: `Orchard ${crypto.randomUUID().slice(0, 6)}` });
    const other = await insertHive(t.db, location.id);
    const tier = await insertTier(t.db);
    const [keen, twice, waiting, elsewhere] = await Promise.all([insertCustomer(t.db), insertCustomer(t.db), insertCustomer(t.db), insertCustomer(t.db)]);
    await insertAdoption(t.db, keen, tier.id, { status: "active", hiveId: hive.id, hiveName: "Buzz" });
    await insertAdoption(t.db, twice, tier.id, { status: "active", hiveId: hive.id });
    await insertAdoption(t.db, twice, tier.id, { status: "active", hiveId: hive.id });
    await insertAdoption(t.db, waiting, tier.id, { status: "pending", hiveId: hive.id });
    await insertAdoption(t.db, elsewhere, tier.id, { status: "active", hiveId: other.id });

    expect(await postHiveUpdate(as(admin), { hiveId: hive.id, body: "  " })).toMatchObject({ ok: false, fieldErrors: { body: [HIVE_MESSAGES.body] } });
    expect(await postHiveUpdate(as(admin), { hiveId: hive.id, body: "Spring inspection: a laying queen\nand seven frames of brood." })).toMatchObject({ ok: true, toast: { title: "Update posted", description: `${hive.name}: e-mailed to 2 sponsors.` } });
    const [mail] = await mailsTo(keen.email);
    expect(mail).toMatchObject({ template: "hive-update", subject: "News from your hive, Buzz" });
    expect(mail!.text).toContain("seven frames of brood");
    expect(await mailsTo(twice.email)).toHaveLength(1);
    expect(await mailsTo(waiting.email)).toEqual([]);
    expect(await mailsTo(elsewhere.email)).toEqual([]);
    const [mine] = await listMyAdoptions(t.db, keen, urls);
    expect(mine).toMatchObject({ hive: { name: hive.name, status: "active" }, updates: [{ body: "Spring inspection: a laying queen\nand seven frames of brood." }] });

    // The e-mail's link stops them, without signing in.
    const link = /\/hive-updates\/unsubscribe\/(\S+)/.exec(mail!.text)![1]!;
    expect(await setHiveUpdateEmails(t.db, link, platform.authSecret, false)).toEqual({ ok: true, value: { email: keen.email } });
    expect(await setHiveUpdateEmails(t.db, `${link}x`, platform.authSecret, false)).toMatchObject({ ok: false, status: 404 });
    expect((await t.db.select().from(sponsors).where(eq(sponsors.userId, keen.userId)))[0]?.hiveUpdateEmails).toBe(false);
    await postHiveUpdate(as(admin), { hiveId: hive.id, body: "First honey!" });
    expect(await mailsTo(keen.email)).toHaveLength(1);
    expect(await mailsTo(twice.email)).toHaveLength(2);
    const updates = (await listMyAdoptions(t.db, keen, urls))[0]!.updates.map((update) => update.body);
    expect(updates).toEqual(["First honey!", "Spring inspection: a laying queen\nand seven frames of brood."]);
  });

  it("a failed hive hands its adoptions to the active hive with the fewest at the same location, records why, and tells each sponsor", async () => {
    const admin = await insertUser(t.db);
    const [here, there] = [await insertLocation(t.db), await insertLocation(t.db)];
    const failing = await insertHive(t.db, here.id, { name: `Meadow ${crypto.randomUUID().slice(0, 6)}` });
    const busy = await insertHive(t.db, here.id);
    const quiet = await insertHive(t.db, here.id, { name: `Quiet ${crypto.randomUUID().slice(0, 6)}` });
    await insertHive(t.db, here.id, { status: "retired" });
    await insertHive(t.db, there.id);
    const tier = await insertTier(t.db);
    await insertAdoption(t.db, await insertCustomer(t.db), tier.id, { status: "active", hiveId: busy.id });
    const [one, two, gone] = [await insertCustomer(t.db), await insertCustomer(t.db), await insertCustomer(t.db)];
    const moved = [await insertAdoption(t.db, one, tier.id, { status: "active", hiveId: failing.id, hiveName: "Queenie" }), await insertAdoption(t.db, two, tier.id, { status: "pending", hiveId: failing.id })];
    const ended = await insertAdoption(t.db, gone, tier.id, { status: "cancelled", hiveId: failing.id });

    expect(await updateHive(as(admin), form(failing, { status: "failed" }))).toMatchObject({ ok: false, fieldErrors: { statusReason: [HIVE_MESSAGES.reasonRequired] } });
    const result = await updateHive(as(admin), form(failing, { status: "failed", statusReason: "The colony did not survive the winter." }));
    expect(result).toMatchObject({ ok: true, toast: { description: `${failing.name}. Its 2 adoptions moved to ${quiet.name}; the sponsors were told.` } });
    for (const adoption of moved) expect(await hiveOf(adoption.id)).toBe(quiet.id);
    expect(await hiveOf(ended.id)).toBe(failing.id);
    const [mail] = await mailsTo(one.email);
    expect(mail).toMatchObject({ template: "hive-moved", subject: `Your adoption has moved to ${quiet.name}` });
    expect(mail!.text).toContain("The colony did not survive the winter.");
    expect(mail!.text).toContain(`${tier.name} (unchanged)`);
    expect(await mailsTo(gone.email)).toEqual([]);
    const audits = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.module, "hive_adoptions"), inArray(securityAuditLog.recordId, moved.map((adoption) => adoption.id))));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ before: { hiveId: failing.id }, after: { hiveId: quiet.id }, eventDetails: { reason: "The colony did not survive the winter." } });

    // Staff may choose the hive; with none active left at the location, nothing moves.
    const chosen = await insertAdoption(t.db, await insertCustomer(t.db), tier.id, { status: "active", hiveId: quiet.id });
    expect(await updateHive(as(admin), form(quiet, { status: "retired", moveTo: busy.id }))).toMatchObject({ ok: true });
    expect(await hiveOf(chosen.id)).toBe(busy.id);
    expect(await updateHive(as(admin), form(busy, { status: "failed", statusReason: "Wax moths" }))).toMatchObject({ ok: false, status: 409, message: noHiveToMoveTo(here.name, 4) });
    expect((await t.db.select().from(hives).where(eq(hives.id, busy.id)))[0]?.status).toBe("active");
  });

  it("keeps a hive's photo and its updates' photos through storage, refuses what is not an image, and removes replaced files", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const dir = localUploadsDir(platform.env.DATA_DIR);
    const stored = (image: StoredImage) => image.variants.every((variant) => existsSync(path.join(dir, variant.webp)) && existsSync(path.join(dir, variant.fallback)));
    const photo = async (name: string) => new File([await sharp({ create: { width: 1200, height: 800, channels: 3, background: "orange" } }).jpeg().toBuffer()], name, { type: "image/jpeg" });
    const name = `Photo hive ${crypto.randomUUID().slice(0, 6)}`;

    expect(await addHive(as(admin), { name, locationId: location.id, photo: new File(["plain text"], "hive.jpg", { type: "image/jpeg" }) })).toMatchObject({ ok: false, title: "Upload failed", fieldErrors: { photo: [UPLOAD_MESSAGES.notImage] } });
    expect(await addHive(as(admin), { name, locationId: location.id, photo: await photo("hive.jpg") })).toMatchObject({ ok: true });
    const [hive] = await t.db.select().from(hives).where(eq(hives.name, name));
    const first = hive!.photo!;
    expect(first.variants.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    expect(stored(first)).toBe(true);

    // A new photo replaces the old one, whose files go; "remove" leaves none.
    expect(await updateHive(as(admin), { ...form(hive!), photo: await photo("new.jpg") })).toMatchObject({ ok: true });
    const [replaced] = await t.db.select().from(hives).where(eq(hives.id, hive!.id));
    expect(replaced!.photo!.id).not.toBe(first.id);
    expect(stored(replaced!.photo!)).toBe(true);
    expect(existsSync(path.join(dir, first.variants[0]!.webp))).toBe(false);

    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    await insertAdoption(t.db, sponsor, tier.id, { status: "active", hiveId: hive!.id });
    expect(await postHiveUpdate(as(admin), { hiveId: hive!.id, body: "Two frames of capped honey.", photos: [await photo("a.jpg"), await photo("b.jpg")] })).toMatchObject({ ok: true });
    expect(await postHiveUpdate(as(admin), { hiveId: hive!.id, body: "Too many", photos: await Promise.all(["1", "2", "3", "4", "5"].map((n) => photo(`${n}.jpg`))) })).toMatchObject({ ok: false, fieldErrors: { photos: [HIVE_MESSAGES.photos] } });
    const [mine] = await listMyAdoptions(t.db, sponsor, platform.storage);
    expect(mine!.hive!.photo!.src).toBe(`/uploads/images/${replaced!.photo!.id}/1200.jpg`);
    expect(mine!.updates[0]!.photos).toHaveLength(2);
    expect(mine!.updates[0]!.photos[0]!.webpSrcSet).toMatch(/^\/uploads\/images\/[0-9a-f-]+\/480\.webp 480w, /);

    expect(await updateHive(as(admin), { ...form(replaced!), removePhoto: "on" })).toMatchObject({ ok: true });
    expect((await t.db.select().from(hives).where(eq(hives.id, hive!.id)))[0]!.photo).toBeNull();
    expect(existsSync(path.join(dir, replaced!.photo!.variants[0]!.fallback))).toBe(false);
  });

  it("only an active hive can be given to an adoption; a hive with adoptions cannot be deleted", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const failedHive = await insertHive(t.db, location.id, { status: "failed" });
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    const input = { userEmail: sponsor.email, tierId: tier.id, startDate: "2026-05-01", hiveId: failedHive.id };
    expect(await addAdoption(as(admin), input)).toMatchObject({ ok: false, fieldErrors: { hiveId: [HIVE_NOT_ACTIVE] } });
    const active = await insertHive(t.db, location.id);
    expect(await addAdoption(as(admin), { ...input, hiveId: active.id })).toMatchObject({ ok: true });
    expect(await deleteHive(as(admin), { id: active.id })).toMatchObject({ ok: false, status: 409, message: hiveInUse(active.name, 1) });
    expect(await deleteHive(as(admin), { id: failedHive.id })).toMatchObject({ ok: true, toast: { title: "Hive deleted" } });
  });
});
