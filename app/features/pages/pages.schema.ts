import { checkbox, imageFile, optionalText, recordId } from "~/features/back-office/form-fields";
import { isReservedSlug } from "~/features/content/reserved-slugs";
import { isWellFormedSlug } from "~/features/content/slug";
import { z } from "~/platform/zod";

/** The page editor, in the browser and in the commands. */
export const PAGE_MESSAGES = {
  slug: "Slug is required",
  slugShape: "Use lowercase letters, numbers and single hyphens, e.g. our-story",
  slugReserved: "That address belongs to another part of the site. Choose another slug.",
  slugLength: "A slug can be at most 80 characters",
  title: "Title is required",
  titleLength: "A title can be at most 150 characters",
  metaDescription: "A meta description can be at most 300 characters",
  heroTitle: "A hero title can be at most 150 characters",
  heroSubtitle: "A hero subtitle can be at most 400 characters",
  sectionTitle: "Give every section a title",
  sectionTitleLength: "A section title can be at most 150 characters",
  sectionContent: "A section can be at most 100,000 characters of text and formatting",
  sections: "A page can have at most 30 sections",
  heroImageSize: "An image can be at most 10 MB",
} as const;

export const SECTIONS_MAX = 30;

const SECTION_KEY = /^sections\[(\d{1,3})\]\.(title|content)$/;

/**
 * A form posted to the server names section fields `sections[0].title`; the browser's parser
 * already nests them. Either way the schema sees `sections: [{ title, content }]`, in order.
 */
function nestSections(input: unknown) {
  if (!input || typeof input !== "object" || "sections" in input) return input;
  const sections: { title?: unknown; content?: unknown }[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const match = SECTION_KEY.exec(key);
    if (match) (sections[Number(match[1])] ??= {})[match[2] as "title" | "content"] = value;
    else rest[key] = value;
  }
  return { ...rest, sections: sections.filter(Boolean) };
}

export const PageSectionSchema = z.object({
  title: z.string({ error: PAGE_MESSAGES.sectionTitle }).trim().min(1, PAGE_MESSAGES.sectionTitle).max(150, PAGE_MESSAGES.sectionTitleLength),
  content: z.string().max(100_000, PAGE_MESSAGES.sectionContent).default(""),
});

export const pageSlug = z
  .string({ error: PAGE_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .min(1, { message: PAGE_MESSAGES.slug, abort: true })
  .max(80, { message: PAGE_MESSAGES.slugLength, abort: true })
  .refine(isWellFormedSlug, PAGE_MESSAGES.slugShape)
  .refine((slug) => !isReservedSlug(slug), PAGE_MESSAGES.slugReserved);

const PageFields = z.object({
  title: z.string({ error: PAGE_MESSAGES.title }).trim().min(1, PAGE_MESSAGES.title).max(150, PAGE_MESSAGES.titleLength),
  metaDescription: optionalText(300, PAGE_MESSAGES.metaDescription),
  heroTitle: optionalText(150, PAGE_MESSAGES.heroTitle),
  heroSubtitle: optionalText(400, PAGE_MESSAGES.heroSubtitle),
  /** A hero image sent with the form (no JavaScript); with it, the editor uploads first and sends the upload's id. */
  heroImage: imageFile(PAGE_MESSAGES.heroImageSize),
  heroImageUpload: z.string().trim().optional(),
  removeHeroImage: checkbox,
  sections: z.array(PageSectionSchema).max(SECTIONS_MAX, PAGE_MESSAGES.sections).default([]),
  /** The editor's Published switch: off, the page is a draft that only the back-office sees. */
  published: checkbox,
});

const withSections = <T extends z.ZodType>(schema: T) => z.preprocess(nestSections, schema);

export const AddPageSchema = withSections(PageFields.extend({ slug: pageSlug }));
/** No slug: it is fixed once a page exists (the spec, `withSlugFixed` in pages.server.ts). */
export const EditPageSchema = withSections(PageFields.extend({ id: recordId("Choose a page") }));
/** What the preview needs: the fields as typed, checked as loosely as a draft allows. */
export const PreviewPageSchema = withSections(PageFields.extend({ id: z.string().optional(), slug: z.string().optional() }));
export const DeletePageSchema = z.object({ id: recordId("Choose a page") });
