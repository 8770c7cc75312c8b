import { formatDay } from "../../platform/day-format";
import { Hexagon } from "lucide-react";
import { RECORD_ID_PATTERN } from "../back-office/record-id";
import { defineScreen } from "../back-office/screen";
import { HIVE_STATUS_CLASSES, HIVE_STATUS_LABELS, HIVE_STATUSES, HIVE_UPDATE_FILTER_LABELS, HIVE_UPDATE_FILTERS } from "./hive-options";
import type { HiveRow } from "./hives.server";

export const hivesScreen = defineScreen<HiveRow>({
  id: "hives",
  module: "hives",
  path: "/admin/hives",
  routeFile: "routes/admin/hives.tsx",
  label: "Hives",
  heading: "Hives",
  description: "The real hives sponsors adopt: where they are, how they are doing, and the updates their sponsors receive.",
  icon: Hexagon,
  group: "main",
  liveTables: ["hives", "hive_updates", "hive_adoptions", "locations"],
  list: {
    sorts: ["name", "location", "status", "installed", "adoptions"],
    defaultSort: { id: "name", dir: "asc" },
    filters: { status: HIVE_STATUSES, location: RECORD_ID_PATTERN, update: HIVE_UPDATE_FILTERS },
    searchLabel: "Search by name",
    empty: "No hives found.",
    filterControls: [
      { id: "status", label: "Status", kind: "select", options: HIVE_STATUSES.map((status) => ({ value: status, label: HIVE_STATUS_LABELS[status] })) },
      { id: "location", label: "Location", kind: "select" },
      // The day's overview links its hives due an update here.
      { id: "update", label: "Updates", kind: "select", options: HIVE_UPDATE_FILTERS.map((value) => ({ value, label: HIVE_UPDATE_FILTER_LABELS[value] })) },
    ],
  },
  columns: [
    { id: "name", header: "Name", value: (row) => row.name, sortable: true },
    { id: "location", header: "Location", value: (row) => row.locationName, sortable: true },
    {
      id: "status",
      header: "Status",
      card: "status",
      value: (row) => HIVE_STATUS_LABELS[row.status],
      cell: (row) => <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${HIVE_STATUS_CLASSES[row.status]}`}>{HIVE_STATUS_LABELS[row.status]}</span>,
      sortable: true,
    },
    { id: "installed", header: "Installed", value: (row) => (row.installedOn ? formatDay(row.installedOn) : ""), cell: (row) => (row.installedOn ? formatDay(row.installedOn) : "—"), sortable: true },
    { id: "adoptions", header: "Adoptions", value: (row) => String(row.adoptions), sortable: true },
    { id: "updates", header: "Updates", value: (row) => String(row.updates) },
  ],
  commands: { add: "create", edit: "update", delete: "delete", "post-update": "update" },  csv: { values: { installed: (row) => row.installedOn ?? "" } },

});
