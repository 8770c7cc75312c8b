import { Building2 } from "lucide-react";
import { defineScreen } from "../back-office/screen";
import { formatMomentOf } from "../back-office/format";
import type { SsoProviderRow } from "./sso-providers.server";

/** Under Role Permissions in the menu, and governed by its permissions: who may sign staff in is part of who may do what. */
export const ssoProvidersScreen = defineScreen<SsoProviderRow>({
  id: "single-sign-on",
  module: "role_permissions",
  path: "/admin/single-sign-on",
  routeFile: "routes/admin/single-sign-on.tsx",
  label: "Single Sign-On",
  heading: "Single Sign-On",
  description: "Staff whose e-mail address is in one of these domains sign in at their organisation's OpenID Connect provider.",
  icon: Building2,
  group: "main",
  liveTables: ["sso_providers"],
  list: {
    sorts: ["domain", "issuer", "updated"],
    defaultSort: { id: "domain", dir: "asc" },
    searchLabel: "Search by domain or issuer",
    empty: "No single sign-on providers yet.",
  },
  columns: [
    { id: "domain", header: "Domain", value: (row) => row.domain, sortable: true },
    { id: "issuer", header: "Issuer", value: (row) => row.issuer, cell: (row) => <span className="block whitespace-normal [overflow-wrap:anywhere]">{row.issuer}</span>, sortable: true, card: "wide" },
    { id: "clientId", header: "Client ID", value: (row) => row.clientId, cell: (row) => <span className="block max-w-56 truncate" title={row.clientId}>{row.clientId}</span> },
    { id: "updated", header: "Checked", value: (row) => formatMomentOf(row.updatedAt), sortable: true },
  ],
  commands: { add: "create", edit: "update", delete: "delete" },
});
