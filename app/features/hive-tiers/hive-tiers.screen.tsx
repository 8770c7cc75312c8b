import { Layers } from "lucide-react";
import { plural } from "../../platform/plural";
import { csvAmount, CURRENCY, formatMoney } from "../back-office/format";
import { defineScreen } from "../back-office/screen";
import type { TierRow } from "./hive-tiers.server";

/** "3 of 10" places taken, or "3 (no limit)". */
export const placesLabel = (row: Pick<TierRow, "taken" | "maxAdoptions">) => (row.maxAdoptions === null ? `${row.taken} (no limit)` : `${row.taken} of ${row.maxAdoptions}`);

export const hiveTiersScreen = defineScreen<TierRow>({
  id: "hive-tiers",
  module: "hive_tiers",
  path: "/admin/hive-tiers",
  routeFile: "routes/admin/hive-tiers.tsx",
  label: "Hive Tiers",
  heading: "Hive Tiers",
  description: "The sponsorship plans offered on the adoption page: prices, perks, honey share and how many sponsors each can take.",
  icon: Layers,
  group: "main",
  liveTables: ["hive_tiers", "hive_adoptions"],
  list: {
    sorts: ["order", "name", "monthly", "annual", "taken"],
    defaultSort: { id: "order", dir: "asc" },
    filters: { active: ["active", "inactive"] },
    searchLabel: "Search by name",
    empty: "No tiers found.",
    filterControls: [
      {
        id: "active",
        label: "Offered",
        kind: "select",
        options: [
          { value: "active", label: "Active" },
          { value: "inactive", label: "Inactive" },
        ],
      },
    ],
  },
  columns: [
    { id: "name", header: "Name", value: (row) => row.name, sortable: true, className: "min-w-[5rem] max-w-[8rem]" },
    { id: "description", header: "Description", value: (row) => row.description, cell: (row) => <span title={row.description || undefined} className="line-clamp-2 max-w-[7rem] min-w-24 whitespace-normal max-sm:max-w-none">{row.description || "—"}</span>, card: "wide" },
    { id: "monthly", header: "Monthly", value: (row) => formatMoney(row.priceMonthly), sortable: true },
    { id: "annual", header: "Annual", value: (row) => formatMoney(row.priceAnnual), sortable: true },
    {
      id: "perks",
      header: "Perks",
      value: (row) => row.perks.join("; "),
      // The count here (ten columns beside the menu); the dialog and the CSV have them all.
      cell: (row) => (row.perks.length === 0 ? "—" : <span title={row.perks.join("\n")}>{plural(row.perks.length, "perk")}</span>),
    },
    { id: "honey", header: "Honey share", headerWraps: true, value: (row) => (row.honeyShareKg === null ? "" : `${Number(row.honeyShareKg)} kg`), cell: (row) => (row.honeyShareKg === null ? "—" : `${Number(row.honeyShareKg)} kg`) },
    { id: "taken", header: "Adoptions", value: placesLabel, sortable: true },
    { id: "order", header: "Display order", headerWraps: true, value: (row) => String(row.displayOrder), sortable: true },
    {
      id: "active",
      header: "Status",
      card: "status",
      value: (row) => (row.isActive ? "Active" : "Inactive"),
      cell: (row) => (
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${row.isActive ? "bg-forest-100 text-forest-800" : "bg-stone-200 text-stone-800"}`}>{row.isActive ? "Active" : "Inactive"}</span>
      ),
    },
  ],
  commands: { add: "create", edit: "update", delete: "delete" },  csv: {
    values: { monthly: (row) => csvAmount(row.priceMonthly), annual: (row) => csvAmount(row.priceAnnual) },
    extra: [{ header: "Currency", value: () => CURRENCY, after: "annual" }],
  },

});
