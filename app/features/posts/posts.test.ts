import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { findMovedPost, findPublishedPost, listPublishedPosts } from "~/features/content/public-posts.server";
import { posts, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { TestClock } from "../../../tests/setup/test-clock";
import { slugFromTitle } from "./post-slug";
import { POST_MESSAGES } from "./posts.schema";
import { postsScreen } from "./posts.screen";
import { addPost, deletePost, duplicatePostSlug, listPosts, updatePost } from "./posts.server";
import { publishedAtFor } from "./published-at";

describe("a post's slug made from its title", () => {
  it.each([
    ["Spring Hive Check!", "spring-hive-check"],
    ["  --Bees & Honey: 2026--  ", "bees-honey-2026"],
    ["Café au lait", "caf-au-lait"],
    ["🐝🐝", ""],
  ])("%j → %j", (title, slug) => expect(slugFromTitle(title)).toBe(slug));
});

const unique = () => crypto.randomUUID().slice(0, 8);

describe.each(testEngines())("the Blog Posts screen on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const postAt = async (slug: string) => (await t.db.select().from(posts).where(eq(posts.slug, slug)))[0]!;
  const form = (post: typeof posts.$inferSelect, changes: Record<string, unknown> = {}) => ({ id: post.id, title: post.title, slug: post.slug, excerpt: post.excerpt ?? "", content: post.content, ...(post.published ? { published: "on" } : {}), ...changes });

  it("lets the editor role manage posts and refuses a customer and a role without the flag", async () => {
    const editor = await insertStaff(t.db, { posts: ["view", "create", "update", "delete"] });
    const viewer = await insertStaff(t.db, { posts: ["view"] });
    const params = parseListParams(new URLSearchParams(), postsScreen.list);
    await expect(listPosts(as(await insertCustomer(t.db)), params)).rejects.toThrow(ForbiddenError);
    await expect(listPosts(as(await insertStaff(t.db, { pages: ["view"] })), params)).rejects.toThrow("You don't have permission to view posts.");
    await expect(addPost(as(viewer), { title: "X", content: "<p>x</p>" })).rejects.toThrow("You don't have permission to add posts.");
    const slug = `editor-${unique()}`;
    expect(await addPost(as(editor), { title: "By the editor", slug, content: "<p>Hello</p>" })).toMatchObject({ ok: true, toast: { title: "Draft saved" } });
    const post = await postAt(slug);
    expect(post.authorId).toBe(editor.userId);
    await expect(updatePost(as(viewer), form(post))).rejects.toThrow("You don't have permission to change posts.");
    await expect(deletePost(as(viewer), { id: post.id })).rejects.toThrow("You don't have permission to delete posts.");
    expect(await deletePost(as(editor), { id: post.id })).toMatchObject({ ok: true, toast: { title: "Post deleted" } });
    // Someone else deleted it first: the second delete is told so, and changes nothing.
    expect(await deletePost(as(editor), { id: post.id })).toMatchObject({ ok: false, status: 404, message: "This post no longer exists." });
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, post.id)).orderBy(securityAuditLog.createdAt);
    expect(audit).toMatchObject({ module: "posts", eventType: "record_created", userId: editor.userId, eventDetails: { label: "By the editor" } });
  });

  it("makes the slug from the title when it is empty, keeps slugs unique, and requires a title and content", async () => {
    const admin = await insertUser(t.db);
    const title = `Spring Hive Check ${unique()}!`;
    expect(await addPost(as(admin), { title, content: "<p>All queens laying.</p>" })).toMatchObject({ ok: true });
    const slug = slugFromTitle(title);
    expect(await postAt(slug)).toMatchObject({ title, published: false, publishedAt: null });
    expect(await addPost(as(admin), { title, content: "<p>Again</p>" })).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: [duplicatePostSlug(slug)] } });
    expect(await addPost(as(admin), { title: "", content: "" })).toMatchObject({ ok: false, fieldErrors: { title: [POST_MESSAGES.title], content: [POST_MESSAGES.content] } });
    expect(await addPost(as(admin), { title: "🐝", content: "<p>x</p>" })).toMatchObject({ ok: false, fieldErrors: { slug: [POST_MESSAGES.slugFromTitle] } });
    expect(await addPost(as(admin), { title: "x", slug: "Not a slug!", content: "<p>x</p>" })).toMatchObject({ ok: false, fieldErrors: { slug: [POST_MESSAGES.slugShape] } });
    // Content that is nothing once sanitised is no content.
    expect(await addPost(as(admin), { title: "x", content: "<script>alert(1)</script><p> </p>" })).toMatchObject({ ok: false, fieldErrors: { content: [POST_MESSAGES.content] } });
  });

  it("publishes with the switch (published at now), unpublishes without it, and sanitises content on save", async () => {
    const admin = await insertUser(t.db);
    const slug = `harvest-${unique()}`;
    expect(await addPost(as(admin), { title: "Harvest", slug, excerpt: "First jars", content: '<p onclick="x()">Forty <a href="javascript:alert(1)">jars</a></p><img src="/uploads/images/a/1.jpg" onerror="x()">', published: "on" })).toMatchObject({
      ok: true,
      toast: { title: "Post published" },
    });
    const post = await postAt(slug);
    expect(post.content).toBe('<p>Forty <a rel="noopener noreferrer">jars</a></p><img src="/uploads/images/a/1.jpg" alt="" loading="lazy" />');
    expect(post.published).toBe(true);
    expect(post.publishedAt!.getTime()).toBe(platform.clock.now());
    expect((await listPublishedPosts(t.db)).map((row) => row.slug)).toContain(slug);
    expect(await findPublishedPost(t.db, slug, platform.storage)).toMatchObject({ title: "Harvest", excerpt: "First jars" });
    expect(await updatePost(as(admin), form(post, { published: undefined }))).toMatchObject({ ok: true, toast: { title: "Post unpublished" } });
    expect(await postAt(slug)).toMatchObject({ published: false, publishedAt: null });
    expect(await findPublishedPost(t.db, slug, platform.storage)).toBeNull();
  });

  it("dates a post by the platform's clock each time it is saved published (publishedAtFor), and clears the date when it is saved as a draft", async () => {
    const admin = await insertUser(t.db);
    const slug = `dated-${unique()}`;
    // Another day than today, so only the platform's clock can give it.
    const published = Date.parse("2026-03-14T09:26:53.589Z");
    const clock = new TestClock({ frozenAt: published });
    const at = (ctx: BackOfficeContext) => ({ ...ctx, platform: { ...ctx.platform, clock } });
    await addPost(at(as(admin)), { title: "Dated", slug, content: "<p>x</p>", published: "on" });
    expect((await postAt(slug)).publishedAt!.getTime()).toBe(published);
    // Saved again with Published on, a day later: published again, now.
    clock.advance(86_400_000);
    await updatePost(at(as(admin)), form(await postAt(slug), { title: "Dated, edited" }));
    expect((await postAt(slug)).publishedAt!.getTime()).toBe(published + 86_400_000);
    await updatePost(at(as(admin)), form(await postAt(slug), { published: undefined }));
    expect((await postAt(slug)).publishedAt).toBeNull();
    expect(publishedAtFor(false, clock)).toBeNull();
  });

  it("keeps a published post's old address working after a slug change (a 301 to the new one), but not a draft's", async () => {
    const admin = await insertUser(t.db);
    const [first, second, third] = [`first-${unique()}`, `second-${unique()}`, `third-${unique()}`];
    await addPost(as(admin), { title: "Moving", slug: first, content: "<p>x</p>", published: "on" });
    const post = await postAt(first);
    expect(await updatePost(as(admin), form(post, { slug: second }))).toMatchObject({ ok: true });
    expect(await findMovedPost(t.db, first)).toBe(second);
    expect(await updatePost(as(admin), form(await postAt(second), { slug: third }))).toMatchObject({ ok: true });
    // Every earlier address leads to where it is now.
    expect(await findMovedPost(t.db, first)).toBe(third);
    expect(await findMovedPost(t.db, second)).toBe(third);
    // Unpublished, its old addresses are as unknown as it is.
    await updatePost(as(admin), form(await postAt(third), { published: undefined }));
    expect(await findMovedPost(t.db, first)).toBeNull();
    // A new post may take an old address: it is then that post's.
    await updatePost(as(admin), form(await postAt(third), { published: "on" }));
    await addPost(as(admin), { title: "New owner", slug: first, content: "<p>y</p>", published: "on" });
    expect(await findMovedPost(t.db, first)).toBeNull();
    expect(await findMovedPost(t.db, second)).toBe(third);
    // A draft renamed leaves nothing behind.
    const draft = `draft-${unique()}`;
    await addPost(as(admin), { title: "Draft", slug: draft, content: "<p>z</p>" });
    await updatePost(as(admin), form(await postAt(draft), { slug: `${draft}-b` }));
    await updatePost(as(admin), form(await postAt(`${draft}-b`), { published: "on" }));
    expect(await findMovedPost(t.db, draft)).toBeNull();
  });
});
