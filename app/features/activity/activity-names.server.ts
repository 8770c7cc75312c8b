import { inArray } from "drizzle-orm";
import { isRecordId } from "~/features/back-office/record-id";
import { bookingCode } from "~/features/bookings/booking-code";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings, hiveAdoptions, hives, hiveTiers, locations, users } from "~/platform/db/schema";
import type { AuditEntry, Names } from "./activity-words";

/** The ids a row keeps, by the table they point into. */
type Wanted = { people: Set<string>; assets: Set<string>; locations: Set<string>; tiers: Set<string>; hives: Set<string>; bookings: Set<string>; adoptions: Set<string> };

const FIELD_TABLES = { userId: "people", assetId: "assets", locationId: "locations", tierId: "tiers", hiveId: "hives" } as const;
const RECORD_TABLES: Partial<Record<string, keyof Wanted>> = {
  users: "people",
  sponsors: "people",
  profile: "people",
  assets: "assets",
  locations: "locations",
  hive_tiers: "tiers",
  hives: "hives",
  bookings: "bookings",
  hive_adoptions: "adoptions",
};

function wantedBy(entries: readonly Pick<AuditEntry, "event" | "module" | "recordId" | "before" | "after">[]): Wanted {
  const wanted: Wanted = { people: new Set(), assets: new Set(), locations: new Set(), tiers: new Set(), hives: new Set(), bookings: new Set(), adoptions: new Set() };
  for (const entry of entries) {
    for (const fields of [entry.before, entry.after]) {
      for (const [key, table] of Object.entries(FIELD_TABLES)) {
        const value = fields?.[key];
        if (typeof value === "string") wanted[table].add(value);
      }
    }
    if (!entry.recordId || !entry.module) continue;
    // A staff password reset is about a person whichever screen it was made from (Hive Adoptions too).
    const table = entry.event === "password_reset_by_staff" ? "people" : RECORD_TABLES[entry.module];
    if (table) wanted[table].add(entry.recordId);
  }
  return wanted;
}

const uuids = (ids: Set<string>) => [...ids].filter(isRecordId);

/**
 * What the ids of a page of audit rows stand for, read in one query per table (and none for a
 * table no row points into): people, assets, locations, tiers, hives, and the bookings and
 * adoptions the rows are about. An id missing from the answer is of a record since deleted.
 */
export async function namesFor(db: Queryable, entries: readonly Pick<AuditEntry, "event" | "module" | "recordId" | "before" | "after">[]): Promise<Names> {
  const wanted = wantedBy(entries);
  const [bookingRows, adoptionRows] = await Promise.all([
    uuids(wanted.bookings).length > 0
      ? db
          .select({ id: bookings.id, reference: bookings.reference, location: bookings.location, guestName: bookings.guestName, checkInDate: bookings.checkInDate, checkOutDate: bookings.checkOutDate })
          .from(bookings)
          .where(inArray(bookings.id, uuids(wanted.bookings)))
      : [],
    uuids(wanted.adoptions).length > 0 ? db.select({ id: hiveAdoptions.id, email: hiveAdoptions.email, tierId: hiveAdoptions.tierId }).from(hiveAdoptions).where(inArray(hiveAdoptions.id, uuids(wanted.adoptions))) : [],
  ]);
  for (const adoption of adoptionRows) wanted.tiers.add(adoption.tierId);
  const named = async (table: typeof assets | typeof locations | typeof hiveTiers | typeof hives, ids: Set<string>) =>
    new Map(uuids(ids).length > 0 ? (await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, uuids(ids)))).map((row) => [row.id, row.name] as const) : []);
  const [people, assetNames, locationNames, tierNames, hiveNames] = await Promise.all([
    wanted.people.size > 0 ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, [...wanted.people])) : [],
    named(assets, wanted.assets),
    named(locations, wanted.locations),
    named(hiveTiers, wanted.tiers),
    named(hives, wanted.hives),
  ]);
  return {
    people: new Map(people.map((person) => [person.id, { name: person.name, email: person.email }])),
    assets: assetNames,
    locations: locationNames,
    tiers: tierNames,
    hives: hiveNames,
    bookings: new Map(bookingRows.map((row) => [row.id, { code: bookingCode(row.location, row.reference), guestName: row.guestName, checkInDate: row.checkInDate, checkOutDate: row.checkOutDate }])),
    adoptions: new Map(adoptionRows.map((row) => [row.id, { email: row.email, tierId: row.tierId }])),
  };
}
