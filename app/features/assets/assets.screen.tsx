import { Caravan } from "lucide-react";
import { formatClockTime } from "../../ui/format";
import { csvAmount, CURRENCY, formatMoney } from "../back-office/format";
import { RECORD_ID_PATTERN } from "../back-office/record-id";
import { defineScreen } from "../back-office/screen";
import { ASSET_STATUS_LABELS, ASSET_STATUSES, type AssetStatusName } from "./asset-options";
import type { AssetRow } from "./assets.server";

// The spec's colours: available green, occupied red, maintenance yellow, unavailable grey (text 7:1 or better on each).
const STATUS_CLASSES: Record<AssetStatusName, string> = {
  available: "bg-forest-100 text-forest-800",
  occupied: "bg-red-100 text-red-900",
  maintenance: "bg-honey-200 text-honey-900",
  unavailable: "bg-stone-200 text-stone-800",
};

export const assetsScreen = defineScreen<AssetRow>({
  id: "assets",
  module: "assets",
  path: "/admin/assets",
  routeFile: "routes/admin/assets.tsx",
  label: "Assets",
  heading: "Assets",
  description: "What guests book: the RVs and rentals at each location, their hours and nightly price.",
  icon: Caravan,
  group: "main",
  liveTables: ["assets", "locations", "calendar_imports", "asset_blocks"],
  list: {
    sorts: ["name", "location", "status", "price"],
    defaultSort: { id: "name", dir: "asc" },
    filters: { status: ASSET_STATUSES, location: RECORD_ID_PATTERN },
    searchLabel: "Search by name or description",
    empty: "No assets found.",
    filterControls: [
      { id: "status", label: "Status", kind: "select", options: ASSET_STATUSES.map((status) => ({ value: status, label: ASSET_STATUS_LABELS[status] })) },
      { id: "location", label: "Location", kind: "select" },
    ],
  },
  columns: [
    // Nine columns beside the menu at 1280 px: names, locations and descriptions wrap so that Actions stays in sight.
    { id: "name", header: "Name", value: (row) => row.name, sortable: true, className: "min-w-[7rem] max-w-[11rem] [overflow-wrap:anywhere]" },
    { id: "type", header: "Type", value: (row) => row.type.toUpperCase() },
    { id: "location", header: "Location", value: (row) => row.locationName, sortable: true, className: "min-w-[6rem] max-w-[10rem] [overflow-wrap:anywhere]" },
    {
      id: "status",
      header: "Status",
      card: "status",
      value: (row) => ASSET_STATUS_LABELS[row.status],
      cell: (row) => <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[row.status]}`}>{ASSET_STATUS_LABELS[row.status]}</span>,
      sortable: true,
    },
    { id: "checkIn", header: "Check-in", value: (row) => formatClockTime(row.checkInTime) },
    { id: "checkOut", header: "Check-out", value: (row) => formatClockTime(row.checkOutTime) },
    { id: "price", header: "Price per night", headerWraps: true, value: (row) => formatMoney(row.pricePerNight), sortable: true },
    {
      id: "description",
      header: "Description",
      value: (row) => row.description ?? "",
      // Two lines in the table, the whole text on hover (and in the asset's dialog).
      cell: (row) => (
        <span title={row.description ?? undefined} className="line-clamp-2 max-w-[13rem] min-w-32 whitespace-normal max-sm:max-w-none">
          {row.description || "—"}
        </span>
      ),
      card: "wide",
    },
  ],
  // The calendar sync dialog's commands change what the asset's calendar follows or publishes.
  commands: { add: "create", edit: "update", delete: "delete", "calendar-add": "update", "calendar-remove": "update", "calendar-sync": "update", "calendar-link": "update" },  csv: {
    values: { price: (row) => csvAmount(row.pricePerNight) },
    extra: [{ header: "Currency", value: () => CURRENCY, after: "price" }],
  },

});
