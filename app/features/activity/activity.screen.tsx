import { History } from "lucide-react";
import { MODULE_LABELS, PERMISSION_MODULES } from "../accounts/permissions";
import { defineScreen } from "../back-office/screen";
import { formatMomentOf } from "../back-office/format";
import { ActivityEntry, changeText } from "./activity-entry";
import type { ActivityRow } from "./activity.server";

const missing = <span className="text-ink-muted">—</span>;

/**
 * The audit trail. Who may read it is the matrix's role_permissions view: the people who shape
 * the permissions see what is done with them.
 */
export const activityScreen = defineScreen<ActivityRow>({
  id: "activity",
  module: "role_permissions",
  path: "/admin/activity",
  routeFile: "routes/admin/activity.tsx",
  label: "Activity",
  heading: "Activity",
  description: "Every change made in the back-office, and every sign-in and security event, newest first.",
  icon: History,
  group: "main",
  liveTables: ["security_audit_log"],
  list: {
    sorts: ["created_at"],
    defaultSort: { id: "created_at", dir: "desc" },
    filters: {
      kind: ["changes", "security"],
      module: PERMISSION_MODULES,
      from: "date",
      to: "date",
    },
    searchLabel: "Search by person's e-mail",
    empty: "No activity found.",
    filterControls: [
      {
        id: "kind",
        label: "Kind",
        kind: "select",
        options: [
          { value: "changes", label: "Changes" },
          { value: "security", label: "Security events" },
        ],
      },
      {
        id: "module",
        label: "Module",
        kind: "select",
        options: PERMISSION_MODULES.map((module) => ({
          value: module,
          label: MODULE_LABELS[module],
        })),
      },
      { id: "from", label: "From", kind: "date" },
      { id: "to", label: "To", kind: "date" },
    ],
  },
  columns: [
    {
      id: "created_at",
      header: "When",
      value: (row) => formatMomentOf(row.createdAt),
      sortable: true,
      className: "w-36 min-w-32 whitespace-normal",
    },
    {
      id: "what",
      header: "What happened",
      // The CSV keeps the sentence and its changes on one line, the screen puts the changes under it.
      value: (row) => [row.sentence, ...row.changes.map(changeText)].join("; "),
      cell: (row) => <ActivityEntry row={row} />,
      card: "wide",
      className: "min-w-64 whitespace-normal [overflow-wrap:anywhere]",
    },
    {
      id: "address",
      header: "Address",
      value: (row) => row.ipAddress ?? "",
      cell: (row) => row.ipAddress ?? missing,
    },
  ],
  commands: {},
});
