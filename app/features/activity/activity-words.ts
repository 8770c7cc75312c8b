import { accountLabel } from "~/features/accounts/no-email";
import { format, parseISO } from "date-fns";
import { MODULE_LABELS, type PermissionModule } from "../accounts/permissions";
import { ADOPTION_STATUS_LABELS, PAYMENT_FREQUENCY_LABELS, PAYMENT_METHOD_LABELS } from "../adoptions/adoption-options";
import { BOOKING_STATUS_LABELS } from "../bookings/booking-options";
import { HIVE_STATUS_LABELS } from "../hives/hive-options";
import { formatDay } from "../../platform/day-format";
import { plural } from "../../platform/plural";
import { eventLabel } from "./activity-labels";

/**
 * One line of the audit trail put into words: "Sky Meadow confirmed booking STA-3F9A0C for Maya
 * Thornbury, Dec 10–13", and the fields it changed as before → after, with names where the row
 * keeps ids. Pure: the names come from `activity-names.server.ts`, read once for a page of rows.
 */

/** A row of security_audit_log as the describer reads it (its time as an ISO string). */
export type AuditEntry = {
  event: string;
  module: PermissionModule | null;
  recordId: string | null;
  eventDetails: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  /** The account that did it, when there is one. */
  actor: Person | null;
};

export type Person = { name: string; email: string };

/** What the ids of a page of rows stand for (a missing id: the record is gone). */
export type Names = {
  people: ReadonlyMap<string, Person>;
  assets: ReadonlyMap<string, string>;
  locations: ReadonlyMap<string, string>;
  tiers: ReadonlyMap<string, string>;
  hives: ReadonlyMap<string, string>;
  bookings: ReadonlyMap<string, { code: string; guestName: string; checkInDate: string; checkOutDate: string }>;
  adoptions: ReadonlyMap<string, { email: string; tierId: string }>;
};

export const noNames = (): Names => ({ people: new Map(), assets: new Map(), locations: new Map(), tiers: new Map(), hives: new Map(), bookings: new Map(), adoptions: new Map() });

/** One changed field: `before` is null for a record added, `after` null for one deleted. */
export type Change = { field: string; before: string | null; after: string | null };
export type ActivityWords = { sentence: string; changes: Change[] };

/** A person as a sentence names them: their name, else their e-mail. */
export const personName = (person: Person) => person.name.trim() || accountLabel(person.email);

/** Nights as people say them: "Dec 10–13", "Nov 28 – Dec 2", with the year when it is not the year of `around`. */
export function shortRange(start: string, end: string, around?: string): string {
  const [a, b] = [parseISO(start), parseISO(end)];
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${format(a, "MMM d, yyyy")} – ${format(b, "MMM d, yyyy")}`;
  const range = start.slice(0, 7) === end.slice(0, 7) ? `${format(a, "MMM d")}–${format(b, "d")}` : `${format(a, "MMM d")} – ${format(b, "MMM d")}`;
  return around && around.slice(0, 4) === start.slice(0, 4) ? range : `${range}, ${start.slice(0, 4)}`;
}

const FIELD_LABELS: Record<string, string> = {
  assetId: "Asset",
  locationId: "Location",
  tierId: "Tier",
  hiveId: "Hive",
  userId: "Sponsor",
  email: "E-mail",
  guestName: "Guest name",
  guestEmail: "Guest e-mail",
  guestPhone: "Phone",
  phoneNumber: "Phone",
  checkInDate: "Check-in",
  checkOutDate: "Check-out",
  numberOfGuests: "Guests",
  numberOfNights: "Nights",
  totalAmount: "Total",
  totalPaid: "Total paid",
  paymentFrequency: "Frequency",
  paymentMethod: "Payment method",
  startDate: "Start date",
  endDate: "End date",
  canView: "View",
  canCreate: "Create",
  canUpdate: "Update",
  canDelete: "Delete",
  twoFactor: "Two-factor",
  isActive: "Active",
  isVisible: "Visible",
  isCustom: "Custom link",
  displayOrder: "Order",
  position: "Position",
  pricePerNight: "Price per night",
  priceMonthly: "Monthly price",
  priceAnnual: "Annual price",
  honeyShareKg: "Honey share (kg)",
  maxAdoptions: "Max adoptions",
  installedOn: "Installed on",
  statusReason: "Reason",
  calendarImport: "Calendar",
  metaDescription: "Meta description",
  heroTitle: "Hero title",
  heroSubtitle: "Hero subtitle",
  heroImage: "Hero image",
  featuredImage: "Featured image",
  contentLength: "Content length",
  sectionsContent: "Section lengths",
  timeZone: "Time zone",
  checkInTime: "Check-in time",
  checkOutTime: "Check-out time",
};

/** "numberOfGuests" → "Number of guests" for a field no label was written for. */
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_LABELS: Record<string, string> = { ...BOOKING_STATUS_LABELS, ...ADOPTION_STATUS_LABELS, ...HIVE_STATUS_LABELS, available: "Available", occupied: "Occupied", maintenance: "Maintenance", unavailable: "Unavailable" };
const CHOICE_LABELS: Record<string, Record<string, string>> = {
  status: STATUS_LABELS,
  paymentMethod: PAYMENT_METHOD_LABELS,
  paymentFrequency: PAYMENT_FREQUENCY_LABELS,
  type: { rv: "RV", rental: "Rental" },
  module: MODULE_LABELS,
};
const ID_NAMES: Record<string, (names: Names, id: string) => string | undefined> = {
  assetId: (names, id) => names.assets.get(id),
  locationId: (names, id) => names.locations.get(id),
  tierId: (names, id) => names.tiers.get(id),
  hiveId: (names, id) => names.hives.get(id),
  userId: (names, id) => {
    const person = names.people.get(id);
    return person && accountLabel(person.email);
  },
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONEY_FIELD = /amount|paid|price/i;

/** A field's value as a person reads it: names for ids, dollars, days, Yes/No, the choices' labels. */
export function shownValue(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length > 0 ? value.map((item) => shownValue("", item, names)).join(", ") : "none";
  if (typeof value === "object") return shownObject(key, value as Record<string, unknown>, names);
  const text = String(value);
  const named = ID_NAMES[key];
  if (named) return named(names, text) ?? "a record since deleted";
  if (CHOICE_LABELS[key]?.[text]) return CHOICE_LABELS[key][text];
  if (MONEY_FIELD.test(key) && /^-?\d+(\.\d+)?$/.test(text)) return `$${Number(text).toFixed(2)}`;
  if (DAY.test(text)) return formatDay(text);
  if (key === "position" && typeof value === "number") return String(value + 1);
  return text;
}

function shownObject(key: string, value: Record<string, unknown>, names: Names): string {
  if (key === "payment") {
    return [shownValue("amount", value.amount, names), shownValue("paymentMethod", value.paymentMethod, names), shownValue("paymentDate", value.paymentDate, names), value.notes ? String(value.notes) : null].filter(Boolean).join(", ");
  }
  if (key === "calendarImport") return `${String(value.name ?? "")} (${String(value.url ?? "")})`;
  return JSON.stringify(value);
}

/** Fields that are ids of things with no name (an image, a hive update): said as "changed", never as the id. */
const NAMELESS_IDS = new Set(["photo", "photos", "update"]);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The order fields are listed in (the database keeps a JSON object's keys in an order of its own). */
const FIELD_ORDER = ["name", "title", "label", "slug", "path", "role", "module", "status", ...Object.keys(FIELD_LABELS)];
const orderOf = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);

/** The fields a change touched, before → after; every field of a record added or deleted. */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null, names: Names): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort((a, b) => orderOf(a) - orderOf(b));
  const changed = before && after ? keys.filter((key) => !same(before[key], after[key])) : keys;
  return changed.map((key) => {
    const show = (fields: Record<string, unknown> | null) => {
      if (!fields || !(key in fields)) return null;
      if (NAMELESS_IDS.has(key)) return fields[key] === null || (Array.isArray(fields[key]) && fields[key].length === 0) ? "none" : "new";
      return shownValue(key, fields[key], names);
    };
    return { field: fieldLabel(key), before: show(before), after: show(after) };
  });
}

const NOUNS: Record<PermissionModule, string> = {
  users: "user",
  bookings: "booking",
  locations: "location",
  assets: "asset",
  hive_tiers: "hive tier",
  hive_adoptions: "adoption",
  hives: "hive",
  sponsors: "sponsor",
  pages: "page",
  posts: "post",
  menu_items: "menu item",
  role_permissions: "permission",
  profile: "profile",
};

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
/** A field of the change as it was after it (or before it, for a deletion). */
const field = (entry: AuditEntry, key: string) => (entry.after && key in entry.after ? entry.after[key] : entry.before?.[key]);
/** The status a change set, when it changed the status. */
const newStatus = (entry: AuditEntry) => (entry.after && "status" in entry.after && !same(entry.before?.status, entry.after.status) ? String(entry.after.status) : undefined);

/** Who did it: the account's name, the system's part, or whoever tried. */
function whoOf(entry: AuditEntry): string {
  if (entry.actor) return personName(entry.actor);
  const by = entry.eventDetails.by;
  if (by === "schedule") return "The schedule";
  if (by === "guest link") return "The guest";
  return text(entry.eventDetails.email) ?? "Someone";
}

/** The person a users/sponsors row (or a staff password reset) is about. */
function subjectPerson(entry: AuditEntry, names: Names): string {
  const person = entry.recordId ? names.people.get(entry.recordId) : undefined;
  return person ? personName(person) : (text(entry.eventDetails.email) ?? text(entry.eventDetails.label) ?? "someone whose account is deleted");
}

function bookingObject(entry: AuditEntry, names: Names): string {
  const known = entry.recordId ? names.bookings.get(entry.recordId) : undefined;
  const guest = text(field(entry, "guestName")) ?? known?.guestName;
  const checkIn = text(field(entry, "checkInDate")) ?? known?.checkInDate;
  const checkOut = text(field(entry, "checkOutDate")) ?? known?.checkOutDate;
  const stay = checkIn && checkOut ? `, ${shortRange(checkIn, checkOut, entry.createdAt.slice(0, 10))}` : "";
  return `${known ? `booking ${known.code}` : "a booking"}${guest ? ` for ${guest}` : ""}${stay}`;
}

function adoptionObject(entry: AuditEntry, names: Names): string {
  const known = entry.recordId ? names.adoptions.get(entry.recordId) : undefined;
  const tierId = text(field(entry, "tierId")) ?? known?.tierId;
  const tier = tierId ? names.tiers.get(tierId) : undefined;
  const email = text(field(entry, "email")) ?? known?.email ?? text(entry.eventDetails.label)?.split(",")[0];
  return `the ${tier ? `${tier} ` : ""}adoption${email ? ` of ${email}` : ""}`;
}

const STATUS_VERBS: Record<string, string> = { confirmed: "confirmed", cancelled: "cancelled", active: "activated", expired: "expired" };

/** "confirmed booking …", "marked … as pending", "changed …". */
function statusSentence(who: string, object: string, status: string | undefined) {
  if (status && STATUS_VERBS[status]) return `${who} ${STATUS_VERBS[status]} ${object}`;
  if (status) return `${who} marked ${object} as ${(STATUS_LABELS[status] ?? status).toLowerCase()}`;
  return `${who} changed ${object}`;
}

const ADDED = { create: "added", update: "changed", delete: "deleted" } as const;
type Action = keyof typeof ADDED;
const actionOf = (entry: AuditEntry): Action => {
  const action = entry.eventDetails.action;
  if (action === "create" || action === "update" || action === "delete") return action;
  return entry.event === "record_created" ? "create" : entry.event === "record_deleted" ? "delete" : "update";
};

function changeSentence(entry: AuditEntry, module: PermissionModule, names: Names): string {
  const who = whoOf(entry);
  const action = actionOf(entry);
  if (entry.event === "password_reset_by_staff") return `${who} set a new password for ${subjectPerson(entry, names)}`;
  if (entry.event === "roles_changed") return `${who} changed the roles of ${subjectPerson(entry, names)}`;
  switch (module) {
    case "bookings":
      return action === "update" ? statusSentence(who, bookingObject(entry, names), newStatus(entry)) : `${who} ${ADDED[action]} ${bookingObject(entry, names)}`;
    case "hive_adoptions": {
      const object = adoptionObject(entry, names);
      if (entry.event === "payment_recorded") {
        const payment = entry.after?.payment as Record<string, unknown> | undefined;
        return `${who} recorded a payment${payment?.amount ? ` of ${shownValue("amount", payment.amount, names)}` : ""} for ${object}`;
      }
      if (action !== "update") return `${who} ${ADDED[action]} ${object}`;
      const keys = Object.keys(entry.after ?? {}).filter((key) => !same(entry.before?.[key], entry.after?.[key]));
      if (keys.length === 1 && keys[0] === "hiveId") return `${who} moved ${object} to hive ${shownValue("hiveId", entry.after?.hiveId, names)}`;
      return statusSentence(who, object, newStatus(entry));
    }
    case "users":
    case "sponsors":
    case "profile":
      return `${who} ${ADDED[action]} the ${module === "sponsors" ? "sponsor record" : "profile"} of ${subjectPerson(entry, names)}`;
    case "role_permissions": {
      const role = text(field(entry, "role"));
      const permissionModule = field(entry, "module") as PermissionModule | undefined;
      const verb = { create: "added", update: "changed", delete: "removed" }[action];
      return role && permissionModule && MODULE_LABELS[permissionModule] ? `${who} ${verb} the ${MODULE_LABELS[permissionModule]} permissions of ${role}` : `${who} ${verb} ${text(entry.eventDetails.label) ?? "a permission row"}`;
    }
    default:
      return genericSentence(entry, module, who, action, names);
  }
}

function recordName(entry: AuditEntry, module: PermissionModule, names: Names): string | undefined {
  const id = entry.recordId ?? "";
  const named = module === "assets" ? names.assets.get(id) : module === "locations" ? names.locations.get(id) : module === "hive_tiers" ? names.tiers.get(id) : module === "hives" ? names.hives.get(id) : undefined;
  return text(field(entry, "name")) ?? named ?? text(field(entry, "title")) ?? text(field(entry, "label")) ?? text(entry.eventDetails.label);
}

function genericSentence(entry: AuditEntry, module: PermissionModule, who: string, action: Action, names: Names): string {
  const noun = NOUNS[module];
  const name = recordName(entry, module, names);
  const object = name ? `${noun} “${name}”` : `a ${noun}`;
  const details = entry.eventDetails;
  if (module === "hives" && typeof details.updatePosted === "string") {
    const emailed = typeof details.sponsorsEmailed === "number" ? `, e-mailed to ${plural(details.sponsorsEmailed, "sponsor")}` : "";
    return `${who} posted an update on ${object}${emailed}`;
  }
  if (module === "assets" && action === "update" && entry.after && "calendarImport" in entry.after) {
    return `${who} made ${object} follow the ${String((entry.after.calendarImport as { name?: unknown }).name ?? "other site's")} calendar`;
  }
  if (module === "assets" && action === "update" && entry.before && "calendarImport" in entry.before && !entry.after) {
    return `${who} stopped ${object} following the ${String((entry.before.calendarImport as { name?: unknown }).name ?? "other site's")} calendar`;
  }
  if (module === "assets" && action === "update" && !entry.before && !entry.after) return `${who} made a new calendar link for ${object}`;
  if (action === "update" && entry.before && entry.after) {
    const flipped = (key: string) => key in entry.after! && !same(entry.before![key], entry.after![key]);
    if (module === "posts" && flipped("published")) return `${who} ${entry.after.published ? "published" : "unpublished"} ${object}`;
    if (module === "menu_items" && flipped("isVisible")) return `${who} ${entry.after.isVisible ? "showed" : "hid"} ${object}`;
    if (module === "menu_items" && typeof entry.after.position === "number") return `${who} moved ${object} to position ${entry.after.position + 1}`;
    if (module === "hives" && typeof details.adoptionsMoved === "number") return `${who} changed ${object} and moved its ${plural(details.adoptionsMoved, "adoption")} to ${String(details.movedTo ?? "another hive")}`;
  }
  return `${who} ${ADDED[action]} ${object}`;
}

const SIGN_IN_METHODS: Record<string, string> = {
  password: " with a password",
  google: " with Google",
  password_2fa: " with a password and a two-factor code",
  google_2fa: " with Google and a two-factor code",
  passkey: " with a passkey",
  email_code: " with a code sent by e-mail",
  email_link: " with a link sent by e-mail",
  sms_code: " with a code sent by text message",
  google_id_token: " with a Google ID token",
  ethereum: " with an Ethereum wallet",
  solana: " with a Solana wallet",
};

function securitySentence(entry: AuditEntry): string {
  const who = whoOf(entry);
  const details = entry.eventDetails;
  const where = details.portal === "admin" ? " to the back-office" : details.portal === "customer" ? " to the site" : "";
  switch (entry.event) {
    case "login_success":
      return details.method === "sign_up" ? `${who} signed up` : `${who} signed in${where}${SIGN_IN_METHODS[String(details.method)] ?? ""}`;
    case "login_failed":
      return `A sign-in${where} as ${text(details.email) ?? who} failed`;
    case "login_refused":
      return `${who} was turned away from the back-office`;
    case "2fa_verified":
      return `${who} gave a correct two-factor code`;
    case "2fa_failed":
      return `${who} gave a wrong two-factor code`;
    case "2fa_backup_code_used":
      return `${who} used a backup code${typeof details.backupCodesLeft === "number" ? ` (${plural(details.backupCodesLeft, "code")} left)` : ""}`;
    case "2fa_enabled":
      return `${who} turned on two-factor authentication`;
    case "2fa_disabled":
      return `${who} turned off two-factor authentication`;
    case "2fa_backup_codes_regenerated":
      return `${who} made new backup codes`;
    case "2fa_factor_added":
      return `${who} added the second factor “${text(details.name) ?? "?"}”`;
    case "2fa_factor_removed":
      return `${who} removed the second factor “${text(details.name) ?? "?"}”`;
    case "2fa_reset_by_staff":
      return `${who} reset the second factors of ${text(details.email) ?? "someone"}`;
    case "password_changed":
      return `${who} changed their password`;
    case "password_change_failed":
      return `${who} tried to change their password with a wrong current password`;
    case "password_reset":
      return `${who} set a new password from an e-mailed link`;
    case "password_reset_requested":
      return `${who} asked for a password reset link${entry.actor ? "" : " (no account has that e-mail)"}`;
    case "sessions_revoked":
      return `${who} signed out on every device`;
    case "reauthenticated":
      return `${who} confirmed it was them with their password`;
    case "reauthentication_failed":
      return `${who} gave a wrong password when asked to confirm it was them`;
    case "logout":
      return `${who} signed out`;
    case "passkey_added":
      return `${who} added the passkey “${text(details.name) ?? "?"}”`;
    case "passkey_add_failed":
      return `${who} tried to add a passkey, which could not be verified`;
    case "passkey_removed":
      return `${who} removed the passkey “${text(details.name) ?? "?"}”`;
    case "email_added":
      return `${who} added and confirmed the e-mail address ${text(details.email) ?? ""}`.trimEnd();
    case "admin_created":
      return `The administrator ${text(details.email) ?? who} was created`;
    case "refused": {
      const module = details.module as PermissionModule | undefined;
      const verb = { view: "viewing", create: "adding", update: "changing", delete: "deleting" }[String(details.action)] ?? "using";
      return `${who} was stopped from ${verb} ${module && NOUNS[module] ? `${NOUNS[module]}s` : "a screen"}: no permission`;
    }
    default:
      return `${who}: ${eventLabel(entry.event)}`;
  }
}

/** The row in words, and the fields it changed. */
export function describeEntry(entry: AuditEntry, names: Names): ActivityWords {
  if (!entry.module) return { sentence: securitySentence(entry), changes: [] };
  return { sentence: changeSentence(entry, entry.module, names), changes: changesOf(entry.before, entry.after, names) };
}
