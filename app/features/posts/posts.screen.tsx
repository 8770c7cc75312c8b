import { Newspaper } from "lucide-react";
import { formatMomentOf, isoMomentOf } from "../back-office/format";
import { defineScreen } from "../back-office/screen";
import type { PostRow } from "./posts.server";

const STATUS_CLASSES = { published: "bg-forest-100 text-forest-900", draft: "bg-cream-dark text-ink" } as const;

export const postsScreen = defineScreen<PostRow>({
  id: "posts",
  module: "posts",
  path: "/admin/posts",
  routeFile: "routes/admin/posts.tsx",
  label: "Posts",
  heading: "Blog Posts",
  description: "The blog: drafts, and the posts published at /blog and in the landing page's teaser.",
  icon: Newspaper,
  group: "site",
  liveTables: ["posts"],
  list: {
    sorts: ["title", "slug", "status", "published", "created"],
    // The spec: newest first.
    defaultSort: { id: "created", dir: "desc" },
    filters: { status: ["published", "draft"] },
    searchLabel: "Search by title or slug",
    empty: "No posts found.",
    filterControls: [
      {
        id: "status",
        label: "Status",
        kind: "select",
        options: [
          { value: "published", label: "Published" },
          { value: "draft", label: "Draft" },
        ],
      },
    ],
  },
  columns: [
    { id: "title", header: "Title", value: (row) => row.title, sortable: true },
    { id: "slug", header: "Slug", value: (row) => row.slug, sortable: true, className: "min-w-[9rem] max-w-[16rem]" },
    {
      id: "status",
      header: "Status",
      card: "status",
      value: (row) => (row.published ? "Published" : "Draft"),
      cell: (row) => <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[row.published ? "published" : "draft"]}`}>{row.published ? "Published" : "Draft"}</span>,
      sortable: true,
    },
    { id: "published", header: "Published at", value: (row) => (row.publishedAt ? formatMomentOf(row.publishedAt) : "-"), sortable: true },
  ],
  commands: { add: "create", edit: "update", delete: "delete" },  csv: { values: { published: (row) => (row.publishedAt ? isoMomentOf(row.publishedAt) : "") } },

});
