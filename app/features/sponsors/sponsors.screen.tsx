import { accountLabel } from "../accounts/no-email";
import { HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { personPath } from "../people/person-links";
import { defineScreen } from "../back-office/screen";
import { formatDayOf, isoDayOf } from "../back-office/format";
import type { SponsorRow } from "./sponsors.server";

const missing = <span className="text-ink-muted">—</span>;

export const sponsorsScreen = defineScreen<SponsorRow>({
  id: "sponsors",
  module: "sponsors",
  path: "/admin/sponsors",
  routeFile: "routes/admin/sponsors.tsx",
  label: "Sponsors",
  heading: "Sponsors",
  description: "Everyone who has signed up to book stays or adopt hives.",
  icon: HeartHandshake,
  group: "main",
  // user_roles: a sponsor given a back-office role leaves the list; profiles: their second step.
  liveTables: ["sponsors", "user_roles", "profiles"],
  list: {
    sorts: ["email", "company", "created_at"],
    defaultSort: { id: "created_at", dir: "desc" },
    searchLabel: "Search by e-mail, company or phone",
    empty: "No sponsors found.",
  },
  columns: [
    {
      id: "email",
      header: "Email",
      value: (row) => accountLabel(row.email),
      // The sponsor's record: their stays, adoptions, payments and e-mails.
      cell: (row) => (
        <Link to={personPath(row.userId)} aria-label={`${accountLabel(row.email)}, the sponsor's record`} className="rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          {accountLabel(row.email)}
        </Link>
      ),
      sortable: true,
    },
    {
      id: "company",
      header: "Company",
      value: (row) => row.companyName ?? "",
      cell: (row) => row.companyName ?? missing,
      sortable: true,
    },
    {
      id: "phone",
      header: "Phone",
      value: (row) => row.phoneNumber ?? "",
      cell: (row) => row.phoneNumber ?? missing,
    },
    {
      id: "created_at",
      header: "Created",
      value: (row) => formatDayOf(row.createdAt),
      sortable: true,
    },
  ],
  commands: { "reset-password": "update", "reset-factors": "update" },  csv: { values: { created_at: (row) => isoDayOf(row.createdAt) } },

});
