import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, forbiddenMessage } from "~/features/accounts/permissions";
import { parseListParams } from "~/platform/list-params";
import { UPLOAD_GONE } from "~/features/content/image-choice.server";
import { findPublicPage } from "~/features/content/public-pages.server";
import { listSitemapEntries } from "~/features/content/sitemap.server";
import { sweepUnclaimedUploads, uploadEditorImage, UNCLAIMED_UPLOAD_TTL_MS } from "~/features/content/uploads.server";
import { pages, securityAuditLog, uploads } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { UPLOAD_MESSAGES, type StoredImage } from "~/platform/storage/images.server";
import { localUploadsDir } from "~/platform/storage/storage.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { PAGE_MESSAGES } from "./pages.schema";
import { pagesScreen } from "./pages.screen";
import { addPage, deletePage, duplicateSlug, listPages, previewPage, updatePage, withSlugFixed } from "./pages.server";

const jpeg = async (name = "hero.jpg") => new File([await sharp({ create: { width: 1800, height: 900, channels: 3, background: "#d4a017" } }).jpeg().toBuffer()], name, { type: "image/jpeg" });
const slugOf = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

describe.each(testEngines())("the Pages screen on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  let dir: string;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
    dir = localUploadsDir(platform.env.DATA_DIR);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const stored = (image: StoredImage) => image.variants.every((variant) => existsSync(path.join(dir, variant.webp)) && existsSync(path.join(dir, variant.fallback)));
  const pageAt = async (slug: string) => (await t.db.select().from(pages).where(eq(pages.slug, slug)))[0]!;
  const editForm = (page: typeof pages.$inferSelect, changes: Record<string, unknown> = {}) => ({
    id: page.id,
    title: page.title,
    metaDescription: page.metaDescription ?? "",
    heroTitle: page.heroTitle ?? "",
    heroSubtitle: page.heroSubtitle ?? "",
    published: page.published ? "on" : "",
    ...Object.fromEntries(page.sections.flatMap((section, index) => [[`sections[${index}].title`, section.title], [`sections[${index}].content`, section.content]])),
    ...changes,
  });

  it("lets the editor role manage pages and refuses a customer and a role without the flag", async () => {
    const editor = await insertStaff(t.db, { pages: ["view", "create", "update", "delete"] });
    const viewer = await insertStaff(t.db, { pages: ["view"] });
    const bookingsOnly = await insertStaff(t.db, { bookings: ["view", "create", "update", "delete"] });
    const params = parseListParams(new URLSearchParams(), pagesScreen.list);
    await expect(listPages(as(await insertCustomer(t.db)), params)).rejects.toThrow(ForbiddenError);
    await expect(listPages(as(bookingsOnly), params)).rejects.toThrow("You don't have permission to view pages.");
    await expect(addPage(as(viewer), { slug: slugOf("x"), title: "X" })).rejects.toThrow("You don't have permission to add pages.");
    expect(await uploadEditorImage(as(viewer), "pages", await jpeg())).toMatchObject({ ok: false, status: 403, title: "Upload failed", message: forbiddenMessage("pages", "update") });
    expect(await uploadEditorImage(as(bookingsOnly), "posts", await jpeg())).toMatchObject({ ok: false, status: 403, message: forbiddenMessage("posts", "update") });
    expect(await uploadEditorImage(as(editor), "hives", await jpeg())).toMatchObject({ ok: false, status: 400, message: "Say whether the image is for a page or a post." });
    const slug = slugOf("volunteer");
    expect(await addPage(as(editor), { slug, title: "Volunteer" })).toMatchObject({ ok: true, toast: { title: "Page created" } });
    const page = await pageAt(slug);
    await expect(updatePage(as(viewer), editForm(page))).rejects.toThrow("You don't have permission to change pages.");
    await expect(deletePage(as(viewer), { id: page.id })).rejects.toThrow("You don't have permission to delete pages.");
    expect(await deletePage(as(editor), { id: page.id })).toMatchObject({ ok: true, toast: { title: "Page deleted" } });
  });

  it("requires a free, well-formed slug that no route owns, and a title", async () => {
    const admin = await insertUser(t.db);
    const slug = slugOf("our-story");
    expect(await addPage(as(admin), { slug: "", title: "" })).toMatchObject({ ok: false, fieldErrors: { slug: [PAGE_MESSAGES.slug], title: [PAGE_MESSAGES.title] } });
    expect(await addPage(as(admin), { slug: "Our Story!", title: "Our story" })).toMatchObject({ ok: false, fieldErrors: { slug: [PAGE_MESSAGES.slugShape] } });
    expect(await addPage(as(admin), { slug: "double--hyphen", title: "x" })).toMatchObject({ ok: false, fieldErrors: { slug: [PAGE_MESSAGES.slugShape] } });
    for (const reserved of ["admin", "blog", "stanwood", "uploads", "sponsor-profile"]) {
      expect(await addPage(as(admin), { slug: reserved, title: "Taken" })).toMatchObject({ ok: false, fieldErrors: { slug: [PAGE_MESSAGES.slugReserved] } });
    }
    // Upper case typed is stored lower case.
    expect(await addPage(as(admin), { slug: slug.toUpperCase(), title: "Our story" })).toMatchObject({ ok: true });
    expect(await addPage(as(admin), { slug, title: "Again" })).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: [duplicateSlug(slug)] } });
    // The slug cannot change once the page exists (withSlugFixed): a slug sent with an edit is ignored, the rest saved.
    const page = await pageAt(slug);
    const elsewhere = slugOf("elsewhere");
    expect(await updatePage(as(admin), editForm(page, { slug: elsewhere, title: "Our story, retold" }))).toMatchObject({ ok: true, toast: { title: "Page updated", description: `/${slug}` } });
    expect(await pageAt(slug)).toMatchObject({ id: page.id, slug, title: "Our story, retold" });
    expect(await t.db.select().from(pages).where(eq(pages.slug, elsewhere))).toEqual([]);
    expect(withSlugFixed({ id: page.id, slug: elsewhere, title: "x" })).toEqual({ id: page.id, title: "x" });
  });

  it("saves sections in order with their HTML sanitised, and the public page shows them", async () => {
    const admin = await insertUser(t.db);
    const slug = slugOf("honey");
    const result = await addPage(as(admin), {
      slug,
      title: "Honey",
      published: "on",
      heroTitle: "Pure honey",
      "sections[0].title": "Pure Raw Honey",
      "sections[0].content": '<p>Raw <strong>and</strong> <a href="javascript:alert(1)">unheated</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      "sections[1].title": "Where it comes from",
      "sections[1].content": '<h2>Stanwood</h2><p onclick="steal()">Lakeside hives</p><iframe src="https://evil.example"></iframe>',
    });
    expect(result).toMatchObject({ ok: true });
    const page = await pageAt(slug);
    expect(page.sections).toEqual([
      { title: "Pure Raw Honey", content: '<p>Raw <strong>and</strong> <a rel="noopener noreferrer">unheated</a></p>' },
      { title: "Where it comes from", content: "<h2>Stanwood</h2><p>Lakeside hives</p>" },
    ]);
    const shown = await findPublicPage(t.db, slug, platform.storage);
    expect(shown?.sections.map((section) => [section.title, section.background])).toEqual([
      ["Pure Raw Honey", "pure-raw-honey"],
      ["Where it comes from", "default"],
    ]);
    expect(await addPage(as(admin), { slug: slugOf("x"), title: "x", "sections[0].title": " ", "sections[0].content": "<p>text</p>" })).toMatchObject({ ok: false, fieldErrors: { "sections.0.title": [PAGE_MESSAGES.sectionTitle] } });
  });

  it("makes a new page a draft: not at its address, not in the sitemap, listed as a draft, until it is published", async () => {
    const admin = await insertUser(t.db);
    const slug = slugOf("harvest");
    const inSitemap = async () => (await listSitemapEntries(t.db)).some((entry) => entry.path === `/${slug}`);
    const listed = async (query: string) => (await listPages(as(admin), parseListParams(new URLSearchParams(`q=${slug}&${query}`), pagesScreen.list))).rows.map((row) => [row.slug, row.published]);
    expect(await addPage(as(admin), { slug, title: "Harvest", "sections[0].title": "Soon", "sections[0].content": "<p>Soon</p>" })).toMatchObject({
      ok: true,
      toast: { title: "Page created", description: `/${slug} is a draft: visitors don't see it until it is published.` },
    });
    expect(await findPublicPage(t.db, slug, platform.storage)).toBeNull();
    expect(await inSitemap()).toBe(false);
    expect(await listed("")).toEqual([[slug, false]]);
    expect(await listed("status=draft")).toEqual([[slug, false]]);
    expect(await listed("status=published")).toEqual([]);

    const page = await pageAt(slug);
    expect(await updatePage(as(admin), editForm(page, { published: "on" }))).toMatchObject({ ok: true, toast: { title: "Page updated", description: `/${slug} is live.` } });
    expect(await findPublicPage(t.db, slug, platform.storage)).toMatchObject({ slug, sections: [{ title: "Soon" }] });
    expect(await inSitemap()).toBe(true);
    expect(await listed("status=published")).toEqual([[slug, true]]);
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, page.id), eq(securityAuditLog.eventType, "record_updated")));
    expect(audit).toMatchObject({ before: { published: false }, after: { published: true } });

    // Back to a draft: gone from the site again, the content kept.
    expect(await updatePage(as(admin), editForm(await pageAt(slug), { published: "" }))).toMatchObject({ ok: true, toast: { description: `/${slug} is a draft: visitors don't see it until it is published.` } });
    expect(await findPublicPage(t.db, slug, platform.storage)).toBeNull();
    expect(await pageAt(slug)).toMatchObject({ published: false, sections: [{ title: "Soon" }] });

    // A page written before drafts existed (the column's default) is published.
    const [older] = await t.db.insert(pages).values({ slug: slugOf("older"), title: "Older" }).returning();
    expect(older!.published).toBe(true);
    expect(await findPublicPage(t.db, older!.slug, platform.storage)).toMatchObject({ title: "Older" });
  });

  it("records every write in the audit trail, and an unchanged save writes nothing", async () => {
    const admin = await insertUser(t.db);
    const slug = slugOf("audited");
    await addPage(as(admin), { slug, title: "Audited", "sections[0].title": "One", "sections[0].content": "<p>First</p>" });
    const page = await pageAt(slug);
    expect(await updatePage(as(admin), editForm(page))).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    expect(await updatePage(as(admin), editForm(page, { "sections[0].content": "<p>Second</p>" }))).toMatchObject({ ok: true, toast: { title: "Page updated" } });
    await deletePage(as(admin), { id: page.id });
    const trail = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, page.id)).orderBy(securityAuditLog.createdAt);
    expect(trail.map((row) => [row.module, row.eventType, row.eventDetails])).toEqual([
      ["pages", "record_created", { action: "create", label: `/${slug}` }],
      ["pages", "record_updated", { action: "update", label: `/${slug}` }],
      ["pages", "record_deleted", { action: "delete", label: `/${slug}` }],
    ]);
    expect(trail[1]).toMatchObject({ before: { sectionsContent: [12] }, after: { sectionsContent: [13] } });
  });

  it("takes a hero image uploaded ahead, replaces and removes it with its files, and refuses what is not an image", async () => {
    const admin = await insertUser(t.db);
    const slug = slugOf("hero");
    expect(await uploadEditorImage(as(admin), "pages", new File(["%PDF-1.7 not an image"], "hero.png", { type: "image/png" }))).toMatchObject({ ok: false, title: "Upload failed", message: UPLOAD_MESSAGES.notImage });
    const big = new File([new Uint8Array(20 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" });
    expect(await uploadEditorImage(as(admin), "pages", big)).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.tooLarge });
    const first = await uploadEditorImage(as(admin), "pages", await jpeg());
    if (!first.ok) throw new Error(first.message);
    expect(first.value.url).toMatch(/^\/uploads\/images\/[0-9a-f-]+\/1600\.jpg$/);
    expect(await addPage(as(admin), { slug, title: "Hero", heroTitle: "Welcome", heroImageUpload: first.value.id, published: "on" })).toMatchObject({ ok: true });
    // The upload is claimed: it cannot be used twice, and the sweep leaves its files alone.
    expect(await t.db.select().from(uploads).where(eq(uploads.id, first.value.id))).toEqual([]);
    const page = await pageAt(slug);
    const hero = page.heroImageFile!;
    expect(stored(hero)).toBe(true);
    expect((await findPublicPage(t.db, slug, platform.storage))?.heroSources?.webpSrcSet).toContain(`/uploads/images/${hero.id}/480.webp 480w`);
    expect(await updatePage(as(admin), editForm(page, { heroImageUpload: first.value.id }))).toMatchObject({ ok: false, title: "Upload failed", fieldErrors: { heroImage: [UPLOAD_GONE] } });
    // A file sent with the form (no JavaScript) replaces it; the old files go.
    expect(await updatePage(as(admin), editForm(page, { heroImage: await jpeg("other.jpg") }))).toMatchObject({ ok: true });
    const replaced = (await pageAt(slug)).heroImageFile!;
    expect(replaced.id).not.toBe(hero.id);
    expect(stored(hero)).toBe(false);
    expect(await updatePage(as(admin), editForm(page, { removeHeroImage: "on" }))).toMatchObject({ ok: true });
    expect((await pageAt(slug)).heroImageFile).toBeNull();
    expect(stored(replaced)).toBe(false);
  });

  it("sweeps uploads no save claimed within a day, keeping images shown in saved text", async () => {
    const admin = await insertUser(t.db);
    const kept = await uploadEditorImage(as(admin), "pages", await jpeg("kept.jpg"));
    const dropped = await uploadEditorImage(as(admin), "posts", await jpeg("dropped.jpg"));
    if (!kept.ok || !dropped.ok) throw new Error("upload failed");
    const slug = slugOf("inline");
    await addPage(as(admin), { slug, title: "Inline", "sections[0].title": "Pictures", "sections[0].content": `<p>Look</p><img src="${kept.value.url}" alt="Comb">` });
    expect((await pageAt(slug)).sections[0]!.content).toContain(`<img src="${kept.value.url}" alt="Comb"`);
    const [droppedRow] = await t.db.select().from(uploads).where(eq(uploads.id, dropped.value.id));
    expect(droppedRow).toBeDefined();
    // A day later only the unclaimed one goes, files and all.
    expect(await sweepUnclaimedUploads(platform, new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS / 2))).toBe(0);
    expect(await sweepUnclaimedUploads(platform, new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(stored(droppedRow!.image)).toBe(false);
    expect(existsSync(path.join(dir, new URL(kept.value.url, "http://x").pathname.replace(/^\/uploads\//, "")))).toBe(true);
  });

  it("previews typed fields as the public would see them, sanitised, without saving", async () => {
    const admin = await insertUser(t.db);
    const before = await t.db.select({ id: pages.id }).from(pages);
    const result = await previewPage(as(admin), { slug: "draft", title: "Draft", heroTitle: "Hello", "sections[0].title": "Web3 Meets Nature", "sections[0].content": "<p>Hi<script>x()</script></p>" });
    expect(result).toMatchObject({ ok: true, value: { title: "Draft", heroTitle: "Hello", sections: [{ title: "Web3 Meets Nature", html: "<p>Hi</p>", background: "web3-nature" }] } });
    expect(await t.db.select({ id: pages.id }).from(pages)).toHaveLength(before.length);
    expect(await previewPage(as(await insertCustomer(t.db)), { title: "x" })).toEqual({ ok: false, status: 403, message: forbiddenMessage("pages", "view") });
  });
});
