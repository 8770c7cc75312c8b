import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { personByEmailPath } from "../people/person-links";
import { BreakableEmail } from "../../ui/primitives/breakable-email";
import { csvAmount, CURRENCY, formatMoney } from "../back-office/format";
import { bookingCode } from "./booking-code";
import { formatDay } from "../../platform/day-format";
import { RECORD_ID_PATTERN } from "../back-office/record-id";
import { defineScreen } from "../back-office/screen";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatusName } from "./booking-options";
import type { BookingRow } from "./admin-bookings.server";

/** The spec's badge styles: pending secondary, confirmed default, cancelled destructive (text 7:1 or better on each). */
export const BOOKING_STATUS_CLASSES: Record<BookingStatusName, string> = {
  pending: "border border-stone-300 bg-stone-100 text-stone-800",
  confirmed: "border border-forest-800 bg-forest-800 text-cream",
  cancelled: "border border-red-800 bg-red-800 text-white",
};

const money = (value: string | null) => (value === null ? "N/A" : formatMoney(value));

export const bookingsScreen = defineScreen<BookingRow>({
  id: "bookings",
  module: "bookings",
  path: "/admin/bookings",
  routeFile: "routes/admin/bookings.tsx",
  label: "Bookings",
  heading: "Bookings",
  description: "Every stay booked on the site or by the team, newest first. Confirm or cancel a request, or add a phone booking.",
  icon: CalendarDays,
  group: "main",
  liveTables: ["bookings", "assets", "locations"],
  list: {
    sorts: ["created", "guest", "check_in", "check_out", "status", "total"],
    defaultSort: { id: "created", dir: "desc" },
    // `calendar` and `month` are the occupancy calendar's: kept in the URL with the list's own.
    filters: { status: BOOKING_STATUSES, location: RECORD_ID_PATTERN, asset: RECORD_ID_PATTERN, from: "date", to: "date", arriving: "date", departing: "date", calendar: RECORD_ID_PATTERN, month: /^\d{4}-\d{2}$/ },
    searchLabel: "Search by guest name or e-mail",
    empty: "No bookings found",
    filterControls: [
      { id: "status", label: "Status", kind: "select", options: BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] })) },
      { id: "location", label: "Location", kind: "select" },
      { id: "asset", label: "Asset", kind: "select" },
      { id: "from", label: "Staying from", kind: "date" },
      { id: "to", label: "Staying to", kind: "date" },
      // The day's overview links its arrivals and departures here.
      { id: "arriving", label: "Arriving on", kind: "date" },
      { id: "departing", label: "Departing on", kind: "date" },
    ],
  },
  columns: [
    // Nine columns beside the menu at 1280 px: names and e-mails wrap rather than push Actions out of sight.
    { id: "guest", header: "Guest name", value: (row) => row.guestName, sortable: true, className: "min-w-[6rem] max-w-[11rem] [overflow-wrap:anywhere]" },
    {
      id: "email",
      header: "Email",
      value: (row) => row.guestEmail,
      // The guest's record: their stays, adoptions and e-mails (an account's, when one has the e-mail).
      cell: (row) => (
        <Link to={personByEmailPath(row.guestEmail)} aria-label={`${row.guestEmail}, the guest's record`} className="rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          <BreakableEmail email={row.guestEmail} />
        </Link>
      ),
      // Broken where it must be (a table cell's narrowest width counts only with "anywhere"), at the @ or a hyphen first.
      className: "max-w-[13rem] [overflow-wrap:anywhere]",
    },
    { id: "location", header: "Location", value: (row) => row.location || "N/A", className: "min-w-[5rem]" },
    { id: "asset", header: "Asset", value: (row) => row.assetName || "N/A", className: "min-w-[5rem]" },
    { id: "check_in", header: "Check-in", value: (row) => formatDay(row.checkInDate), sortable: true },
    { id: "check_out", header: "Check-out", value: (row) => formatDay(row.checkOutDate), sortable: true },
    {
      id: "status",
      header: "Status",
      card: "status",
      value: (row) => BOOKING_STATUS_LABELS[row.status],
      cell: (row) => <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BOOKING_STATUS_CLASSES[row.status]}`}>{BOOKING_STATUS_LABELS[row.status]}</span>,
      sortable: true,
    },
    { id: "total", header: "Total", value: (row) => money(row.totalAmount), sortable: true },
  ],
  // Confirm and Decline (a row's buttons, its dialog's, or the bulk bar's), and the toast's Undo.
  commands: { add: "create", edit: "update", delete: "delete", confirm: "update", decline: "update", "bulk-confirm": "update", "bulk-decline": "update", undo: "update" },  // The file staff take to a spreadsheet: the booking code people quote, the guest's phone, guests and nights, and numbers and days it can compute with.
  csv: {
    values: { check_in: (row) => row.checkInDate, check_out: (row) => row.checkOutDate, total: (row) => (row.totalAmount === null ? "" : csvAmount(row.totalAmount)) },
    extra: [
      { header: "Reference", value: (row) => bookingCode(row.location, row.reference), after: null },
      { header: "Phone", value: (row) => row.guestPhone ?? "", after: "email" },
      { header: "Nights", value: (row) => String(row.numberOfNights), after: "check_out" },
      { header: "Guests", value: (row) => String(row.numberOfGuests), after: "check_out" },
      { header: "Currency", value: () => CURRENCY, after: "total" },
    ],
  },

});
