import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, isFailure, succeeded, type Result, type Refusal } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { withImages } from "~/features/back-office/with-images.server";
import { chooseImage, imageLabel, replacedImage, type ImageState } from "~/features/content/image-choice.server";
import { sanitizeContentHtml } from "~/features/content/sanitize-html.server";
import { claimUploadsShownIn } from "~/features/content/uploads.server";
import type { Queryable } from "~/platform/db/client.server";
import { posts, postSlugRedirects, users } from "~/platform/db/schema";
import type { StoredImage } from "~/platform/storage/images.server";
import { AddPostSchema, DeletePostSchema, EditPostSchema, POST_MESSAGES } from "./posts.schema";
import { publishedAtFor } from "./published-at";

/** A row of the Blog Posts list. */
export type PostRow = { id: string; title: string; slug: string; published: boolean; publishedAt: string | null; createdAt: string; author: string | null };

/** A post as its editor opens it. */
export type EditedPost = PostRow & { excerpt: string | null; content: string; featuredImage: string | null; featuredImageFile: StoredImage | null };

const rowColumns = { id: posts.id, title: posts.title, slug: posts.slug, published: posts.published, publishedAt: posts.publishedAt, createdAt: posts.createdAt, author: users.email };

const SORTS = { title: posts.title, slug: posts.slug, status: posts.published, published: posts.publishedAt, created: posts.createdAt } as const;

const filtersOf = (params: ListParams): SQL | undefined =>
  and(
    params.q ? or(ilike(posts.title, containing(params.q)), ilike(posts.slug, containing(params.q))) : undefined,
    params.filters.status ? eq(posts.published, params.filters.status === "published") : undefined,
  );

const isoOf = <T extends { publishedAt: Date | null; createdAt: Date }>(row: T) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() });

/** Newest first (the spec), or as sorted. */
export async function listPosts({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "posts", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? posts.createdAt;
  // "Published at" descending puts drafts (no date) last, not first.
  const order = params.dir === "desc" ? (column === posts.publishedAt ? sql`${posts.publishedAt} desc nulls last` : desc(column)) : asc(column);
  const { rows, total } = await pagedList(
    platform.db,
    { select: () => platform.db.select(rowColumns).from(posts).leftJoin(users, eq(users.id, posts.authorId)), where: filtersOf(params), orderBy: [order, desc(posts.createdAt)] },
    params,
    page,
  );
  return { rows: rows.map(isoOf), total };
}

export async function getPost({ platform, actor }: BackOfficeContext, id: string): Promise<EditedPost | null> {
  assertCan(actor, "posts", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db
    .select({ ...rowColumns, excerpt: posts.excerpt, content: posts.content, featuredImage: posts.featuredImage, featuredImageFile: posts.featuredImageFile })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, id));
  return row ? isoOf(row) : null;
}

const GONE = "This post no longer exists.";
export const duplicatePostSlug = (slug: string) => `There is already a post at /blog/${slug}. Choose another slug.`;

type SavedPost = { title: string; slug: string; excerpt: string | null; content: string; published: boolean };
const auditFields = (post: SavedPost, image: ImageState) => ({ title: post.title, slug: post.slug, excerpt: post.excerpt, contentLength: post.content.length, published: post.published, featuredImage: imageLabel(image) });

/** The content as saved: reduced to the allow-list now, so what is stored is what is shown; nothing left is no content. */
function savedContent(html: string): string | Refusal {
  const content = sanitizeContentHtml(html);
  return content.replace(/<(?!img)[^>]*>/g, "").trim() || /<img\s/.test(content) ? content : failed(400, POST_MESSAGES.content, { content: [POST_MESSAGES.content] });
}

/** A post taking a slug that used to be another post's: the old address now means this one. */
const freeOldAddress = (tx: Queryable, slug: string) => tx.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, slug));

export async function addPost(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "posts", "create");
  const parsed = AddPostSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { featuredImage, featuredImageUpload, removeFeaturedImage, ...values } = parsed.data;
  const content = savedContent(values.content);
  if (typeof content !== "string") return content;
  return withImages(platform, featuredImage ? [featuredImage] : [], "featuredImage", async ([sent]) => ({
    result: await refuseDuplicate("slug", duplicatePostSlug(values.slug), () =>
      platform.db.transaction(async (tx) => {
        const image = await chooseImage(tx, "featuredImage", { sent, uploadId: featuredImageUpload, remove: removeFeaturedImage }, { file: null, url: null });
        if (isFailure(image)) return image;
        await claimUploadsShownIn(tx, [content]);
        await freeOldAddress(tx, values.slug);
        const [row] = await tx
          .insert(posts)
          .values({ ...values, content, featuredImage: image.url, featuredImageFile: image.file, publishedAt: publishedAtFor(values.published, platform.clock), authorId: actor.userId })
          .returning({ id: posts.id });
        await recordChange(tx, actor, { module: "posts", action: "create", recordId: row!.id, after: auditFields({ ...values, content }, image), details: { label: values.title } }, meta);
        return succeeded({ id: row!.id }, values.published ? "Post published" : "Draft saved", values.published ? `/blog/${values.slug} is live.` : values.title);
      }),
    ),
  }));
}

export async function updatePost(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "posts", "update");
  const parsed = EditPostSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, featuredImage, featuredImageUpload, removeFeaturedImage, ...values } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  const content = savedContent(values.content);
  if (typeof content !== "string") return content;
  let replaced: StoredImage[] = [];
  return withImages(platform, featuredImage ? [featuredImage] : [], "featuredImage", async ([sent]) => {
    const result = await refuseDuplicate("slug", duplicatePostSlug(values.slug), () =>
      platform.db.transaction(async (tx): Promise<Result> => {
        const [current] = await tx.select().from(posts).where(eq(posts.id, id)).for("update");
        if (!current) return failed(404, GONE);
        const imageBefore: ImageState = { file: current.featuredImageFile, url: current.featuredImage };
        const image = await chooseImage(tx, "featuredImage", { sent, uploadId: featuredImageUpload, remove: removeFeaturedImage }, imageBefore);
        if (isFailure(image)) return image;
        await claimUploadsShownIn(tx, [content]);
        if (values.slug !== current.slug) {
          await freeOldAddress(tx, values.slug);
          // Links shared while it was published keep working (301 to the new address).
          if (current.published) {
            await tx
              .insert(postSlugRedirects)
              .values({ slug: current.slug, postId: id })
              .onConflictDoUpdate({ target: postSlugRedirects.slug, set: { postId: id, createdAt: new Date() } });
          }
        }
        // The author is who saved.
        await tx
          .update(posts)
          .set({ ...values, content, featuredImage: image.url, featuredImageFile: image.file, publishedAt: publishedAtFor(values.published, platform.clock), authorId: actor.userId, updatedAt: new Date() })
          .where(eq(posts.id, id));
        replaced = replacedImage(imageBefore, image);
        await recordChange(tx, actor, { module: "posts", action: "update", recordId: id, before: auditFields(current, imageBefore), after: auditFields({ ...values, content }, image), details: { label: values.title } }, meta);
        const title = values.published ? (current.published ? "Post updated" : "Post published") : current.published ? "Post unpublished" : "Draft saved";
        return succeeded(null, title, values.published ? `/blog/${values.slug}` : values.title);
      }),
    );
    return { result, replaced };
  });
}

export async function deletePost(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "posts", "delete");
  const parsed = DeletePostSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  let removed: StoredImage[] = [];
  return withImages(platform, [], "featuredImage", async () => {
    const result = await platform.db.transaction(async (tx): Promise<Result> => {
      const [current] = await tx.delete(posts).where(eq(posts.id, id)).returning();
      if (!current) return failed(404, GONE);
      removed = current.featuredImageFile ? [current.featuredImageFile] : [];
      await recordChange(tx, actor, { module: "posts", action: "delete", recordId: id, before: auditFields(current, { file: current.featuredImageFile, url: current.featuredImage }), details: { label: current.title } }, meta);
      return succeeded(null, "Post deleted", current.title);
    });
    return { result, replaced: removed };
  });
}

