import { and, asc, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan, can, forbiddenMessage } from "~/features/accounts/permissions";
import { failed, invalid, isFailure, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { withImages } from "~/features/back-office/with-images.server";
import { chooseImage, imageLabel, replacedImage, type ImageState } from "~/features/content/image-choice.server";
import { toPublicPage, type PublicPage } from "~/features/content/public-pages.server";
import { sanitizeContentHtml } from "~/features/content/sanitize-html.server";
import { claimUploadsShownIn, findUpload } from "~/features/content/uploads.server";
import { pages, type PageSection } from "~/platform/db/schema";
import type { StoredImage } from "~/platform/storage/images.server";
import { AddPageSchema, DeletePageSchema, EditPageSchema, PreviewPageSchema } from "./pages.schema";

/** A row of the Pages list. */
export type PageRow = { id: string; slug: string; title: string; heroTitle: string | null; updatedAt: string; published: boolean };

/** A page as its editor opens it. */
export type EditedPage = PageRow & {
  metaDescription: string | null;
  heroSubtitle: string | null;
  heroImage: string | null;
  heroImageFile: StoredImage | null;
  sections: PageSection[];
};

const SORTS = { slug: pages.slug, title: pages.title, updated: pages.updatedAt } as const;

const filtersOf = (params: ListParams): SQL | undefined =>
  and(
    params.q ? or(ilike(pages.slug, containing(params.q)), ilike(pages.title, containing(params.q))) : undefined,
    params.filters.status ? eq(pages.published, params.filters.status === "published") : undefined,
  );

const rowColumns = { id: pages.id, slug: pages.slug, title: pages.title, heroTitle: pages.heroTitle, updatedAt: pages.updatedAt, published: pages.published };

/** Pages by slug (the spec), or as sorted. */
export async function listPages({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "pages", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? pages.slug;
  const { rows, total } = await pagedList(
    platform.db,
    { select: () => platform.db.select(rowColumns).from(pages), where: filtersOf(params), orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(pages.slug)] },
    params,
    page,
  );
  return { rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })), total };
}

export async function getPage({ platform, actor }: BackOfficeContext, id: string): Promise<EditedPage | null> {
  assertCan(actor, "pages", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select().from(pages).where(eq(pages.id, id));
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    heroTitle: row.heroTitle,
    updatedAt: row.updatedAt.toISOString(),
    published: row.published,
    metaDescription: row.metaDescription,
    heroSubtitle: row.heroSubtitle,
    heroImage: row.heroImage,
    heroImageFile: row.heroImageFile,
    sections: Array.isArray(row.sections) ? row.sections : [],
  };
}

const GONE = "This page no longer exists.";
export const duplicateSlug = (slug: string) => `There is already a page at /${slug}. Choose another slug.`;

/** Sections as saved: HTML reduced to the allow-list now, so what is stored is what is shown. */
const savedSections = (sections: readonly PageSection[]): PageSection[] => sections.map((section) => ({ title: section.title, content: sanitizeContentHtml(section.content) }));

/** Said when a page is saved: where it is, or that visitors don't see it yet. */
const whereItIs = (page: { slug: string; published: boolean }) => (page.published ? `/${page.slug} is live.` : `/${page.slug} is a draft: visitors don't see it until it is published.`);

const auditFields = (page: { title: string; published: boolean; metaDescription: string | null; heroTitle: string | null; heroSubtitle: string | null; sections: PageSection[] }, hero: ImageState) => ({
  title: page.title,
  published: page.published,
  metaDescription: page.metaDescription,
  heroTitle: page.heroTitle,
  heroSubtitle: page.heroSubtitle,
  heroImage: imageLabel(hero),
  sections: page.sections.map((section) => section.title),
  sectionsContent: page.sections.map((section) => section.content.length),
});

/** A new page: a draft unless the editor's Published switch is on. */
export async function addPage(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "pages", "create");
  const parsed = AddPageSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { heroImage, heroImageUpload, removeHeroImage, sections, ...values } = parsed.data;
  return withImages(platform, heroImage ? [heroImage] : [], "heroImage", async ([sent]) => ({
    result: await refuseDuplicate("slug", duplicateSlug(values.slug), () =>
      platform.db.transaction(async (tx) => {
        const hero = await chooseImage(tx, "heroImage", { sent, uploadId: heroImageUpload, remove: removeHeroImage }, { file: null, url: null });
        if (isFailure(hero)) return hero;
        const saved = savedSections(sections);
        await claimUploadsShownIn(tx, saved.map((section) => section.content));
        const [row] = await tx
          .insert(pages)
          .values({ ...values, heroImage: hero.url, heroImageFile: hero.file, sections: saved })
          .returning({ id: pages.id });
        await recordChange(tx, actor, { module: "pages", action: "create", recordId: row!.id, after: { slug: values.slug, ...auditFields({ ...values, sections: saved }, hero) }, details: { label: `/${values.slug}` } }, meta);
        return succeeded({ id: row!.id }, "Page created", whereItIs(values));
      }),
    ),
  }));
}

/**
 * The spec's fixed slug: once a page exists its address doesn't change, so links to it keep
 * working. An edit is read without any slug sent with it (the editor shows the slug, it doesn't
 * send it): ignored, as if it had not been sent, whatever the edit's schema comes to hold.
 */
export function withSlugFixed(edit: unknown): unknown {
  if (!edit || typeof edit !== "object") return edit;
  const { slug: _ignored, ...rest } = edit as Record<string, unknown>;
  return rest;
}

export async function updatePage(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "pages", "update");
  const parsed = EditPageSchema.safeParse(withSlugFixed(input));
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, heroImage, heroImageUpload, removeHeroImage, sections, ...values } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  let replaced: StoredImage[] = [];
  return withImages(platform, heroImage ? [heroImage] : [], "heroImage", async ([sent]) => {
    const result = await platform.db.transaction(async (tx): Promise<Result> => {
      const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const heroBefore: ImageState = { file: current.heroImageFile, url: current.heroImage };
      const hero = await chooseImage(tx, "heroImage", { sent, uploadId: heroImageUpload, remove: removeHeroImage }, heroBefore);
      if (isFailure(hero)) return hero;
      const saved = savedSections(sections);
      const stored = (Array.isArray(current.sections) ? current.sections : []).map((section) => ({ title: section.title, content: section.content }));
      const before = auditFields({ ...current, sections: stored }, heroBefore);
      const after = auditFields({ ...values, sections: saved }, hero);
      const sameContent = JSON.stringify(stored) === JSON.stringify(saved);
      if (sameContent && JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", `/${current.slug}`);
      await claimUploadsShownIn(tx, saved.map((section) => section.content));
      await tx
        .update(pages)
        .set({ ...values, heroImage: hero.url, heroImageFile: hero.file, sections: saved, updatedAt: new Date() })
        .where(eq(pages.id, id));
      replaced = replacedImage(heroBefore, hero);
      await recordChange(tx, actor, { module: "pages", action: "update", recordId: id, before, after, details: { label: `/${current.slug}` } }, meta);
      // Said where the page went when it was published or taken back to a draft.
      return succeeded(null, "Page updated", values.published === current.published ? `/${current.slug}` : whereItIs({ slug: current.slug, published: values.published }));
    });
    return { result, replaced };
  });
}

export async function deletePage(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "pages", "delete");
  const parsed = DeletePageSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  let removed: StoredImage[] = [];
  return withImages(platform, [], "heroImage", async () => {
    const result = await platform.db.transaction(async (tx): Promise<Result> => {
      const [current] = await tx.delete(pages).where(eq(pages.id, id)).returning();
      if (!current) return failed(404, GONE);
      removed = current.heroImageFile ? [current.heroImageFile] : [];
      const sectionsBefore = Array.isArray(current.sections) ? current.sections : [];
      await recordChange(tx, actor, { module: "pages", action: "delete", recordId: id, before: { slug: current.slug, ...auditFields({ ...current, sections: sectionsBefore }, { file: current.heroImageFile, url: current.heroImage }) }, details: { label: `/${current.slug}` } }, meta);
      return succeeded(null, "Page deleted", `/${current.slug}`);
    });
    return { result, replaced: removed };
  });
}

/**
 * The page as the public would see it with the editor's fields, before saving: the same
 * sanitising and backgrounds as the live page, the chosen or current hero image.
 */
export async function previewPage(ctx: BackOfficeContext, input: unknown): Promise<Result<PublicPage>> {
  const { platform, actor } = ctx;
  // Answered in the preview's own shape, like its other refusals, not as the Access Denied page.
  if (!can(actor, "pages", "view")) return failed(403, forbiddenMessage("pages", "view"));
  const parsed = PreviewPageSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, slug, heroImageUpload, removeHeroImage, heroImage: _file, ...values } = parsed.data;
  const current = id && isRecordId(id) ? (await platform.db.select().from(pages).where(eq(pages.id, id)))[0] : undefined;
  const uploaded = heroImageUpload ? await findUpload(platform.db, heroImageUpload) : null;
  const hero: ImageState = uploaded ? { file: uploaded, url: null } : removeHeroImage || !current ? { file: null, url: null } : { file: current.heroImageFile, url: current.heroImage };
  const page = toPublicPage({ ...values, slug: current?.slug ?? slug ?? "", heroImage: hero.url, heroImageFile: hero.file }, platform.storage);
  return succeeded(page, "Preview");
}

