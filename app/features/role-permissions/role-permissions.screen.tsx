import { KeyRound } from "lucide-react";
import { isStaffRole, MODULE_LABELS, PERMISSION_MODULES } from "../accounts/permissions";
import { defineScreen } from "../back-office/screen";
import type { RolePermissionRow } from "./role-permissions.server";

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");
const flagCell = (flag: boolean) => <span className={flag ? "font-semibold text-forest-800" : "text-ink-muted"}>{yesNo(flag)}</span>;

export const rolePermissionsScreen = defineScreen<RolePermissionRow>({
  id: "role-permissions",
  module: "role_permissions",
  path: "/admin/role-permissions",
  routeFile: "routes/admin/role-permissions.tsx",
  label: "Role Permissions",
  heading: "Role Permissions",
  description: "What the people of each role may view, add, change and delete, screen by screen.",
  icon: KeyRound,
  group: "main",
  liveTables: ["role_permissions"],
  list: {
    sorts: ["role", "module"],
    defaultSort: { id: "role", dir: "asc" },
    // `view=list` is the spec's table; without it the screen shows the grid.
    filters: { module: PERMISSION_MODULES, view: ["list"] },
    searchLabel: "Search by role",
    empty: "No permissions found.",
    filterControls: [
      {
        id: "module",
        label: "Module",
        kind: "select",
        options: PERMISSION_MODULES.map((module) => ({
          value: module,
          label: MODULE_LABELS[module],
        })),
      },
    ],
  },
  columns: [
    {
      id: "role",
      header: "Role",
      value: (row) => row.role,
      // The two roles whose rows are fixed say so in the list, before anyone opens them.
      cell: (row) =>
        isStaffRole(row.role) ? (
          row.role
        ) : (
          <>
            {row.role} <span className="ml-1 rounded-full bg-cream-dark px-2 py-0.5 text-xs font-semibold text-ink-muted">built-in</span>
          </>
        ),
      sortable: true,
    },
    {
      id: "module",
      header: "Module",
      value: (row) => MODULE_LABELS[row.module],
      sortable: true,
    },
    {
      id: "view",
      header: "View",
      value: (row) => yesNo(row.canView),
      cell: (row) => flagCell(row.canView),
    },
    {
      id: "create",
      header: "Create",
      value: (row) => yesNo(row.canCreate),
      cell: (row) => flagCell(row.canCreate),
    },
    {
      id: "update",
      header: "Update",
      value: (row) => yesNo(row.canUpdate),
      cell: (row) => flagCell(row.canUpdate),
    },
    {
      id: "delete",
      header: "Delete",
      value: (row) => yesNo(row.canDelete),
      cell: (row) => flagCell(row.canDelete),
    },
  ],
  // The grid's save changes rows (and adds those a role had none for, which the command checks apart).
  commands: { add: "create", edit: "update", delete: "delete", "save-grid": "update" },
});
