import { checkbox, imageFile, optionalText, recordId } from "~/features/back-office/form-fields";
import { isWellFormedSlug } from "~/features/content/slug";
import { z } from "~/platform/zod";
import { slugFromTitle } from "./post-slug";

/** The post editor, in the browser and in the commands. */
export const POST_MESSAGES = {
  title: "Title is required",
  titleLength: "A title can be at most 150 characters",
  slugShape:
    "Use lowercase letters, numbers and single hyphens, e.g. spring-inspection, or leave it empty to make one from the title",
  slugLength: "A slug can be at most 80 characters",
  slugFromTitle:
    "The title has no letters or numbers to make a slug from: enter a slug",
  excerpt: "An excerpt can be at most 500 characters",
  content: "Content is required",
  contentLength:
    "A post can be at most 200,000 characters of text and formatting",
  imageSize: "An image can be at most 10 MB",
} as const;

const PostFields = z.object({
  title: z
    .string({ error: POST_MESSAGES.title })
    .trim()
    .min(1, POST_MESSAGES.title)
    .max(150, POST_MESSAGES.titleLength),
  /** Empty: made from the title (the spec). */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, POST_MESSAGES.slugLength)
    .optional()
    .default(""),
  excerpt: optionalText(500, POST_MESSAGES.excerpt),
  content: z
    .string({ error: POST_MESSAGES.content })
    .max(200_000, POST_MESSAGES.contentLength)
    .refine(
      (html) =>
        html.replace(/<[^>]*>/g, "").trim() !== "" || /<img\s/i.test(html),
      POST_MESSAGES.content,
    ),
  /** A featured image sent with the form (no JavaScript); with it, the editor uploads first and sends the upload's id. */
  featuredImage: imageFile(POST_MESSAGES.imageSize),
  featuredImageUpload: z.string().trim().optional(),
  removeFeaturedImage: checkbox,
  published: checkbox,
});

/** The slug as typed, or made from the title when left empty. */
function withSlug<T extends { title: string; slug: string }>(
  post: T,
  ctx: z.RefinementCtx,
) {
  const slug =
    post.slug || slugFromTitle(post.title).slice(0, 80).replace(/-+$/, "");
  if (!slug)
    ctx.addIssue({
      code: "custom",
      path: ["slug"],
      message: POST_MESSAGES.slugFromTitle,
    });
  else if (!isWellFormedSlug(slug))
    ctx.addIssue({
      code: "custom",
      path: ["slug"],
      message: POST_MESSAGES.slugShape,
    });
  return { ...post, slug };
}

export const AddPostSchema = PostFields.transform(withSlug);
export const EditPostSchema = PostFields.extend({
  id: recordId("Choose a post"),
}).transform(withSlug);
export const DeletePostSchema = z.object({ id: recordId("Choose a post") });
