import { accountLabel } from "../accounts/no-email";
import { HandHeart } from "lucide-react";
import { BreakableEmail } from "../../ui/primitives/breakable-email";
import { csvAmount, CURRENCY, formatMoney } from "../back-office/format";
import { formatDay } from "../../platform/day-format";
import { RECORD_ID_PATTERN } from "../back-office/record-id";
import { defineScreen } from "../back-office/screen";
import { ADOPTION_STATUS_LABELS, ADOPTION_STATUSES, PAYMENT_FREQUENCY_LABELS, PAYMENT_METHOD_LABELS, type AdoptionStatusName } from "./adoption-options";
import type { AdoptionRow } from "./admin-adoptions.server";
import { ADOPTION_PAYMENT_FILTER_LABELS, ADOPTION_PAYMENT_FILTERS } from "./payment-filter";

/** Pending honey, active green, cancelled and expired grey (text 7:1 or better on each). */
export const ADOPTION_STATUS_CLASSES: Record<AdoptionStatusName, string> = {
  pending: "bg-honey-200 text-honey-900",
  active: "bg-forest-100 text-forest-800",
  cancelled: "bg-red-100 text-red-900",
  expired: "bg-stone-200 text-stone-800",
};

export const adoptionsScreen = defineScreen<AdoptionRow>({
  id: "hive-adoptions",
  module: "hive_adoptions",
  path: "/admin/hive-adoptions",
  routeFile: "routes/admin/hive-adoptions.tsx",
  label: "Hive Adoptions",
  heading: "Hive Adoptions",
  description: "Sponsors' adoptions, newest first. Make a request active, record payments, or end an adoption.",
  icon: HandHeart,
  group: "main",
  liveTables: ["hive_adoptions", "hive_tiers", "payment_history"],
  list: {
    sorts: ["created", "email", "tier", "status", "start", "total"],
    defaultSort: { id: "created", dir: "desc" },
    filters: { status: ADOPTION_STATUSES, tier: RECORD_ID_PATTERN, payment: ADOPTION_PAYMENT_FILTERS },
    searchLabel: "Search by e-mail or hive name",
    empty: "No adoptions found.",
    filterControls: [
      { id: "status", label: "Status", kind: "select", options: ADOPTION_STATUSES.map((status) => ({ value: status, label: ADOPTION_STATUS_LABELS[status] })) },
      { id: "tier", label: "Tier", kind: "select" },
      // The day's overview links its adoptions waiting for payment or activation, and the month's payments, here.
      { id: "payment", label: "Payments", kind: "select", options: ADOPTION_PAYMENT_FILTERS.map((value) => ({ value, label: ADOPTION_PAYMENT_FILTER_LABELS[value] })) },
    ],
  },
  columns: [
    // Nine columns beside the menu at 1280 px: e-mails and names wrap rather than push Actions out of sight.
    { id: "email", header: "User email", value: (row) => accountLabel(row.email), cell: (row) => <BreakableEmail email={accountLabel(row.email)} />, sortable: true, className: "min-w-[7rem] max-w-[12rem] [overflow-wrap:anywhere]" },
    { id: "tier", header: "Tier", value: (row) => row.tierName, sortable: true, className: "min-w-[5rem] max-w-[8rem]" },
    {
      id: "hive",
      header: "Hive name",
      // The sponsor's name for it, and the registry's hive it is assigned to.
      value: (row) => [row.hiveName, row.registryHive && `(${row.registryHive})`].filter(Boolean).join(" "),
      cell: (row) => (
        <>
          {row.hiveName ?? <span className="text-ink-muted">—</span>}
          <span className="block text-xs text-ink-muted">{row.registryHive ? `Hive: ${row.registryHive}` : "No hive assigned"}</span>
        </>
      ),
      className: "min-w-[5rem] max-w-[8rem] [overflow-wrap:anywhere]",
    },
    {
      id: "status",
      header: "Status",
      card: "status",
      value: (row) => ADOPTION_STATUS_LABELS[row.status],
      cell: (row) => <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ADOPTION_STATUS_CLASSES[row.status]}`}>{ADOPTION_STATUS_LABELS[row.status]}</span>,
      sortable: true,
    },
    { id: "frequency", header: "Frequency", value: (row) => PAYMENT_FREQUENCY_LABELS[row.paymentFrequency] },
    { id: "method", header: "Payment method", value: (row) => PAYMENT_METHOD_LABELS[row.paymentMethod], headerWraps: true },
    { id: "start", header: "Start date", value: (row) => formatDay(row.startDate), sortable: true },
    { id: "total", header: "Total paid", value: (row) => formatMoney(row.totalPaid), sortable: true },
  ],
  // Activate (a row's button, its dialog's, or the bulk bar's), and the toast's Undo.
  commands: { add: "create", edit: "update", delete: "delete", payment: "update", "reset-password": "update", activate: "update", "bulk-activate": "update", undo: "update" },  csv: {
    values: { start: (row) => row.startDate, total: (row) => csvAmount(row.totalPaid) },
    extra: [{ header: "Currency", value: () => CURRENCY, after: "total" }],
  },

});
