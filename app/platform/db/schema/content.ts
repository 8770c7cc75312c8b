import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { StoredImage } from "../../storage/image-sources";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

/** Slugs are lowercase words joined by single hyphens, e.g. `about` or `pure-raw-honey`. */
const SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";

export const menuItems = pgTable(
  "menu_items",
  {
    id: id(),
    label: text("label").notNull(),
    path: text("path").notNull(),
    isCustom: boolean("is_custom").notNull().default(false),
    isVisible: boolean("is_visible").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("menu_items_label_check", sql`length(trim(${t.label})) > 0`),
    check("menu_items_path_check", sql`length(trim(${t.path})) > 0`),
    check("menu_items_display_order_check", sql`${t.displayOrder} >= 0`),
    index("menu_items_visible_order_idx").on(t.isVisible, t.displayOrder),
    /**
     * One item per number, so the order is never a tie. DEFERRABLE (migration 0019, hand-written):
     * checked at the end of each statement, so one statement may shift a run of items by one.
     */
    unique("menu_items_display_order_key").on(t.displayOrder),
  ],
);

export const posts = pgTable(
  "posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    /** An image address (the demo's, or one typed in before uploads existed); the upload below wins. */
    featuredImage: text("featured_image"),
    /** The featured image uploaded in the back-office (platform/storage). */
    featuredImageFile: jsonb("featured_image_file").$type<StoredImage>(),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("posts_slug_check", sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN)}'`),
    check("posts_published_at_check", sql`not ${t.published} or ${t.publishedAt} is not null`),
    index("posts_published_idx").on(t.published, t.publishedAt.desc().nullsFirst()),
  ],
);

export type PageSection = { title: string; content: string };

export const pages = pgTable(
  "pages",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    metaDescription: text("meta_description"),
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
    /** An image address (the demo's); the upload below wins. */
    heroImage: text("hero_image"),
    /** The hero image uploaded in the back-office (platform/storage). */
    heroImageFile: jsonb("hero_image_file").$type<StoredImage>(),
    /** Ordered list of `{title, content}`; content is HTML, sanitised on save and on render. */
    sections: jsonb("sections").$type<PageSection[]>().notNull().default([]),
    /** A draft (false) is seen only in the back-office: not at its address, not in the sitemap. Pages made before drafts existed stay published. */
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pages_slug_check", sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN)}'`),
    check("pages_sections_check", sql`jsonb_typeof(${t.sections}) = 'array'`),
  ],
);

/**
 * A published post's earlier slugs: /blog/<old slug> answers 301 to the post's address today, so
 * links shared before a rename keep working.
 */
export const postSlugRedirects = pgTable(
  "post_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [check("post_slug_redirects_slug_check", sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN)}'`), index("post_slug_redirects_post_idx").on(t.postId)],
);

/**
 * Images uploaded from the page and post editors (hero, featured, inside the text) before the
 * page or post is saved. Saving claims an upload (its row goes); one never claimed is removed
 * with its files a day later, so abandoned edits leave nothing behind.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    image: jsonb("image").$type<StoredImage>().notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);
