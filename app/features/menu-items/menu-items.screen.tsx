import { Menu } from "lucide-react";
import { defineScreen } from "../back-office/screen";
import type { MenuItemRow } from "./menu-items.server";

export const typeLabel = (row: Pick<MenuItemRow, "isCustom">) => (row.isCustom ? "Custom" : "Internal");
export const visibilityLabel = (row: Pick<MenuItemRow, "isVisible">) => (row.isVisible ? "Visible" : "Hidden");

const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";

export const menuItemsScreen = defineScreen<MenuItemRow>({
  id: "menu-items",
  module: "menu_items",
  path: "/admin/menu-items",
  routeFile: "routes/admin/menu-items.tsx",
  label: "Menu Items",
  heading: "Menu Items",
  description: "The links of the site's menu, the drawer on every public page: their order, where they lead and whether they are shown.",
  icon: Menu,
  group: "site",
  liveTables: ["menu_items"],
  list: {
    sorts: ["order", "label", "path"],
    defaultSort: { id: "order", dir: "asc" },
    filters: { visibility: ["visible", "hidden"], type: ["internal", "custom"] },
    searchLabel: "Search by label or path",
    empty: "No menu items found.",
    filterControls: [
      {
        id: "visibility",
        label: "Visibility",
        kind: "select",
        options: [
          { value: "visible", label: "Visible" },
          { value: "hidden", label: "Hidden" },
        ],
      },
      {
        id: "type",
        label: "Type",
        kind: "select",
        options: [
          { value: "internal", label: "Internal" },
          { value: "custom", label: "Custom" },
        ],
      },
    ],
  },
  columns: [
    { id: "order", header: "Order", value: (row) => String(row.displayOrder), sortable: true, className: "w-px whitespace-nowrap tabular-nums" },
    { id: "label", header: "Label", value: (row) => row.label, sortable: true, className: "min-w-[7rem] max-w-[12rem] [overflow-wrap:anywhere]" },
    {
      id: "path",
      header: "Path",
      value: (row) => row.path,
      cell: (row) => <span className="font-mono text-[0.8125rem]">{row.path}</span>,
      sortable: true,
      className: "min-w-[8rem] max-w-[16rem] [overflow-wrap:anywhere]",
    },
    {
      id: "type",
      header: "Type",
      value: typeLabel,
      cell: (row) => <span className={`${badge} ${row.isCustom ? "bg-honey-100 text-ink" : "bg-cream-dark text-ink"}`}>{typeLabel(row)}</span>,
    },
    {
      id: "visibility",
      header: "Visibility",
      value: visibilityLabel,
      cell: (row) => <span className={`${badge} ${row.isVisible ? "bg-forest-100 text-forest-800" : "bg-stone-200 text-stone-800"}`}>{visibilityLabel(row)}</span>,
    },
  ],
  commands: { add: "create", edit: "update", delete: "delete", "set-visibility": "update", move: "update" },
});
