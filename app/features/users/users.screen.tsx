import { accountLabel } from "../accounts/no-email";
import { Users } from "lucide-react";
import { defineScreen } from "../back-office/screen";
import { formatDayOf, isoDayOf } from "../back-office/format";
import type { UserRow } from "./users.server";

const TWO_FACTOR_LABELS = { enabled: "Enabled", required: "Required at next sign-in", disabled: "Disabled" } as const;

export const usersScreen = defineScreen<UserRow>({
  id: "users",
  module: "users",
  path: "/admin/users",
  routeFile: "routes/admin/users.tsx",
  label: "User Management",
  heading: "User Management",
  description: "Everyone with an account: their roles, two-factor authentication and passwords.",
  icon: Users,
  group: "main",
  liveTables: ["profiles", "user_roles", "users"],
  list: {
    sorts: ["email", "phone", "created_at"],
    defaultSort: { id: "created_at", dir: "desc" },
    filters: { role: /^[a-z][a-z0-9_]{1,31}$/, twoFactor: ["enabled", "required", "disabled"] },
    searchLabel: "Search by e-mail or phone",
    empty: "No users found.",
    filterControls: [
      { id: "twoFactor", label: "2FA", kind: "select", options: [{ value: "enabled", label: "Enabled" }, { value: "required", label: "Required" }, { value: "disabled", label: "Disabled" }] },
    ],
  },
  columns: [
    {
      id: "email",
      header: "Email",
      value: (row) => accountLabel(row.email),
      // A disabled account says so beside its address (the CSV keeps the address alone).
      cell: (row) => (row.disabled ? <span className="inline-flex flex-wrap items-center gap-2">{accountLabel(row.email)}<span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">Disabled</span></span> : accountLabel(row.email)),
      sortable: true,
    },
    { id: "phone", header: "Phone", value: (row) => row.phoneNumber ?? "", cell: (row) => row.phoneNumber ?? <span className="text-ink-muted">—</span>, sortable: true },
    { id: "roles", header: "Roles", value: (row) => (row.roles.length > 0 ? row.roles.join(", ") : "No roles") },
    { id: "twoFactor", header: "2FA", value: (row) => TWO_FACTOR_LABELS[row.twoFactor] },
    { id: "firstLogin", header: "First login", value: (row) => (row.firstLogin ? "Yes" : "No") },
    { id: "created_at", header: "Created", value: (row) => formatDayOf(row.createdAt), sortable: true },
  ],
  commands: { "manage-roles": "update", "edit-profile": "update", "reset-password": "update", "reset-factors": "update", "end-sessions": "update", "account-access": "update" },  csv: { values: { created_at: (row) => isoDayOf(row.createdAt) } },

});
