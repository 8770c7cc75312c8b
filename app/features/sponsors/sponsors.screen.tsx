import { HeartHandshake } from "lucide-react";
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
  liveTables: ["sponsors"],
  list: {
    sorts: ["email", "company", "created_at"],
    defaultSort: { id: "created_at", dir: "desc" },
    searchLabel: "Search by e-mail, company or phone",
    empty: "No sponsors found.",
  },
  columns: [
    { id: "email", header: "Email", value: (row) => row.email, sortable: true },
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
  commands: { "reset-password": "update" },  csv: { values: { created_at: (row) => isoDayOf(row.createdAt) } },

});
