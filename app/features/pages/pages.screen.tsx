import { FileText } from "lucide-react";
import { formatMomentOf, isoMomentOf } from "../back-office/format";
import { defineScreen } from "../back-office/screen";
import type { PageRow } from "./pages.server";

export const pagesScreen = defineScreen<PageRow>({
  id: "pages",
  module: "pages",
  path: "/admin/pages",
  routeFile: "routes/admin/pages.tsx",
  label: "Pages",
  heading: "Pages",
  description: "The site's content pages, each at its own address: a hero, then full-screen sections.",
  icon: FileText,
  group: "site",
  // The spec: the table refreshes live on any change to the pages table.
  liveTables: ["pages"],
  list: {
    sorts: ["slug", "title", "updated"],
    defaultSort: { id: "slug", dir: "asc" },
    filters: { status: ["published", "draft"] },
    searchLabel: "Search by slug or title",
    empty: "No pages yet.",
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
    {
      id: "slug",
      header: "Slug",
      value: (row) => `/${row.slug}`,
      // A draft says so beside its address (the spec's columns stay as they are).
      cell: (row) => (
        <>
          /{row.slug}
          {!row.published && <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Draft</span>}
        </>
      ),
      sortable: true,
      className: "min-w-[9rem] max-w-[16rem]",
    },
    { id: "title", header: "Title", value: (row) => row.title, sortable: true },
    { id: "heroTitle", header: "Hero title", value: (row) => row.heroTitle ?? "", cell: (row) => row.heroTitle ?? "—" },
    { id: "updated", header: "Updated", value: (row) => formatMomentOf(row.updatedAt), sortable: true },
  ],
  commands: { add: "create", edit: "update", delete: "delete" },  csv: {
    values: { updated: (row) => isoMomentOf(row.updatedAt) },
    extra: [{ header: "Status", value: (row) => (row.published ? "Published" : "Draft"), after: "updated" }],
  },

});
