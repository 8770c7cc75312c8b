import { and, count, desc, eq, gt, inArray, isNull, or, sql, sum, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { can, ForbiddenError, worksInBackOffice } from "~/features/accounts/permissions";
import { inWords, trailColumns, type ActivityRow } from "~/features/activity/activity.server";
import type { AdoptionStatusName, PaymentFrequencyName, PaymentMethodName } from "~/features/adoptions/adoption-options";
import type { BackOfficeContext } from "~/features/back-office/context";
import { bookingCode } from "~/features/bookings/booking-code";
import type { BookingStatusName } from "~/features/bookings/booking-options";
import type { HiveStatusName } from "~/features/hives/hive-options";
import type { Queryable } from "~/platform/db/client.server";
import { accounts, assets, bookings, hiveAdoptions, hives, hiveTiers, hiveUpdates, locations, outboxMessages, paymentHistory, profiles, securityAuditLog, sessions, sponsors, userRoles, users } from "~/platform/db/schema";
import { centsToNumeric, toCents } from "~/platform/money";
import { failed, type Result } from "~/platform/result";
import { resetPasswordByStaff } from "~/features/users/staff-password-reset.server";
import { SECTION_ROWS } from "./person-limits";
import { emailModule, passwordModuleFor, sectionsFor, type PersonFacts, type PersonSections } from "./person-access";

/**
 * A person's record in the back-office: everything about one account (or, for a guest who never
 * made one, one e-mail address) that the staff screens hold, gathered on one page. Each section is
 * read only when the viewer may see it (person-access.ts); dates travel as ISO strings.
 */


export type PersonBooking = {
  id: string;
  code: string;
  assetName: string;
  location: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfNights: number;
  numberOfGuests: number;
  status: BookingStatusName;
  totalAmount: string;
};

export type PersonAdoption = {
  id: string;
  tierName: string;
  status: AdoptionStatusName;
  paymentFrequency: PaymentFrequencyName;
  paymentMethod: PaymentMethodName;
  hiveName: string | null;
  registryHive: string | null;
  startDate: string;
  endDate: string | null;
  totalPaid: string;
};

export type PersonPayment = { id: string; adoptionId: string; tierName: string; amount: string; paymentMethod: PaymentMethodName; paymentDate: string; notes: string | null };
export type PersonHive = { id: string; name: string; status: HiveStatusName; locationName: string; updates: number; lastUpdateAt: string | null };
export type PersonEmail = { id: number; subject: string; about: ReturnType<typeof emailModule>; status: "sent" | "pending" | "failed"; attempts: number; createdAt: string; sentAt: string | null };

export type SignInWays = {
  password: boolean;
  google: { since: string } | null;
  twoFactor: "enabled" | "required" | "disabled";
  emailVerified: boolean;
  firstLogin: boolean;
  lastSignIn: { at: string; method: string | null } | null;
  /** Devices signed in now (sessions not yet expired). */
  signedInOn: number;
};

export type PersonRecord = {
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  address: string | null;
  roles: string[] | null;
  createdAt: string | null;
  tier: { name: string; memberSince: string | null } | null;
  facts: PersonFacts;
  sections: PersonSections;
  bookings: { rows: PersonBooking[]; total: number } | null;
  adoptions: PersonAdoption[] | null;
  payments: { rows: PersonPayment[]; total: number; paid: string } | null;
  hives: PersonHive[] | null;
  signIn: SignInWays | null;
  emails: PersonEmail[];
  activity: ActivityRow[];
  can: {
    bookFor: boolean;
    editBookings: boolean;
    recordPayment: boolean;
    editAdoptions: boolean;
    resetPassword: "sponsors" | "users" | null;
    viewHives: boolean;
    viewUsers: boolean;
    viewSponsors: boolean;
    viewActivity: boolean;
  };
};

/** The part of a record every lookup starts from. */
type Found = {
  userId: string | null;
  email: string;
  name: string;
  phone: string | null;
  companyName: string | null;
  address: string | null;
  tierName: string | null;
  memberSince: string | null;
  createdAt: Date | null;
  hasSponsor: boolean;
  emailVerified: boolean;
  profile: { is2faEnabled: boolean; twoFactorRequired: boolean; firstLogin: boolean } | null;
  roles: string[];
};

const sameEmail = (column: SQLWrapper, email: string) => sql`lower(${column}) = lower(${email})`;
/** A field a change named, after it or (for a deletion) before it: as the trail's indexes on it are written. */
const auditField = (name: "guestEmail" | "userId") => sql`coalesce(${securityAuditLog.after}->>${sql.raw(`'${name}'`)}, ${securityAuditLog.before}->>${sql.raw(`'${name}'`)})`;

/** An account by its id. */
async function findAccount(db: Queryable, userId: string): Promise<Found | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      profilePhone: profiles.phoneNumber,
      is2faEnabled: profiles.is2faEnabled,
      twoFactorRequired: profiles.twoFactorRequired,
      firstLogin: profiles.firstLogin,
      sponsorId: sponsors.id,
      sponsorPhone: sponsors.phoneNumber,
      companyName: sponsors.companyName,
      address: sponsors.address,
      memberSince: sponsors.memberSince,
      tierName: hiveTiers.name,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(sponsors, eq(sponsors.userId, users.id))
    .leftJoin(hiveTiers, eq(hiveTiers.id, sponsors.tierId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.role)).map((r) => r.role);
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    // A sponsor's own (their profile form's), else the one staff keep in User Management.
    phone: row.sponsorPhone ?? row.profilePhone,
    companyName: row.companyName,
    address: row.address,
    tierName: row.tierName,
    memberSince: row.memberSince,
    createdAt: row.createdAt,
    hasSponsor: row.sponsorId !== null,
    emailVerified: row.emailVerified,
    profile: row.is2faEnabled === null ? null : { is2faEnabled: row.is2faEnabled, twoFactorRequired: row.twoFactorRequired!, firstLogin: row.firstLogin! },
    roles,
  };
}

/** A guest without an account, known by the e-mail on their bookings: named as on the latest one. */
async function findGuest(db: Queryable, email: string): Promise<Found | null> {
  const [latest] = await db
    .select({ email: bookings.guestEmail, name: bookings.guestName, phone: bookings.guestPhone })
    .from(bookings)
    .where(sameEmail(bookings.guestEmail, email))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  if (!latest) return null;
  const [phone] = await db.select({ phone: bookings.guestPhone }).from(bookings).where(and(sameEmail(bookings.guestEmail, email), sql`${bookings.guestPhone} is not null`)).orderBy(desc(bookings.createdAt)).limit(1);
  return { userId: null, email: latest.email, name: latest.name, phone: phone?.phone ?? null, companyName: null, address: null, tierName: null, memberSince: null, createdAt: null, hasSponsor: false, emailVerified: false, profile: null, roles: [] };
}

/** The account that has this e-mail, if any: a guest's page gives way to it. */
export async function accountIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sameEmail(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** A person's stays: booked from their account, or under their e-mail (the sponsor's My Bookings rule). */
const bookingsOf = (found: Found) => (found.userId ? or(eq(bookings.userId, found.userId), sameEmail(bookings.guestEmail, found.email))! : sameEmail(bookings.guestEmail, found.email));

async function factsOf(db: Queryable, found: Found): Promise<PersonFacts> {
  const [[booked], [adopted]] = await Promise.all([
    db.select({ id: bookings.id }).from(bookings).where(bookingsOf(found)).limit(1),
    found.userId ? db.select({ id: hiveAdoptions.id }).from(hiveAdoptions).where(eq(hiveAdoptions.userId, found.userId)).limit(1) : [],
  ]);
  const isStaff = worksInBackOffice(found.roles);
  return { hasAccount: found.userId !== null, isSponsor: found.hasSponsor && !isStaff, isStaff, hasBookings: Boolean(booked), hasAdoptions: Boolean(adopted) };
}

async function readBookings(db: Queryable, found: Found) {
  const where = bookingsOf(found);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        location: bookings.location,
        assetName: assets.name,
        checkInDate: bookings.checkInDate,
        checkOutDate: bookings.checkOutDate,
        numberOfNights: bookings.numberOfNights,
        numberOfGuests: bookings.numberOfGuests,
        status: bookings.status,
        totalAmount: bookings.totalAmount,
      })
      .from(bookings)
      .innerJoin(assets, eq(assets.id, bookings.assetId))
      .where(where)
      .orderBy(desc(bookings.checkInDate), desc(bookings.createdAt))
      .limit(SECTION_ROWS),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { rows: rows.map(({ reference, ...row }): PersonBooking => ({ ...row, code: bookingCode(row.location, reference) })), total: total?.total ?? 0 };
}

async function readAdoptions(db: Queryable, userId: string): Promise<PersonAdoption[]> {
  return db
    .select({
      id: hiveAdoptions.id,
      tierName: hiveTiers.name,
      status: hiveAdoptions.status,
      paymentFrequency: hiveAdoptions.paymentFrequency,
      paymentMethod: hiveAdoptions.paymentMethod,
      hiveName: hiveAdoptions.hiveName,
      registryHive: hives.name,
      startDate: hiveAdoptions.startDate,
      endDate: hiveAdoptions.endDate,
      totalPaid: hiveAdoptions.totalPaid,
    })
    .from(hiveAdoptions)
    .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
    .leftJoin(hives, eq(hives.id, hiveAdoptions.hiveId))
    .where(eq(hiveAdoptions.userId, userId))
    .orderBy(desc(hiveAdoptions.createdAt));
}

async function readPayments(db: Queryable, userId: string) {
  const theirs = eq(hiveAdoptions.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: paymentHistory.id, adoptionId: paymentHistory.adoptionId, tierName: hiveTiers.name, amount: paymentHistory.amount, paymentMethod: paymentHistory.paymentMethod, paymentDate: paymentHistory.paymentDate, notes: paymentHistory.notes })
      .from(paymentHistory)
      .innerJoin(hiveAdoptions, eq(hiveAdoptions.id, paymentHistory.adoptionId))
      .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
      .where(theirs)
      .orderBy(desc(paymentHistory.paymentDate), desc(paymentHistory.createdAt))
      .limit(SECTION_ROWS),
    db.select({ total: count(), paid: sum(paymentHistory.amount) }).from(paymentHistory).innerJoin(hiveAdoptions, eq(hiveAdoptions.id, paymentHistory.adoptionId)).where(theirs),
  ]);
  return { rows, total: totals?.total ?? 0, paid: centsToNumeric(toCents(totals?.paid ?? "0")) };
}

async function readHives(db: Queryable, userId: string): Promise<PersonHive[]> {
  const rows = await db
    .selectDistinct({ id: hives.id, name: hives.name, status: hives.status, locationName: locations.name })
    .from(hiveAdoptions)
    .innerJoin(hives, eq(hives.id, hiveAdoptions.hiveId))
    .innerJoin(locations, eq(locations.id, hives.locationId))
    .where(eq(hiveAdoptions.userId, userId));
  if (rows.length === 0) return [];
  const updates = await db
    .select({ hiveId: hiveUpdates.hiveId, updates: count(), last: sql<Date | string | null>`max(${hiveUpdates.createdAt})` })
    .from(hiveUpdates)
    .where(inArray(hiveUpdates.hiveId, rows.map((row) => row.id)))
    .groupBy(hiveUpdates.hiveId);
  return rows
    .map((row) => {
      const latest = updates.find((update) => update.hiveId === row.id);
      return { ...row, updates: latest?.updates ?? 0, lastUpdateAt: latest?.last ? new Date(latest.last).toISOString() : null };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function readSignIn(db: Queryable, found: Found & { userId: string }): Promise<SignInWays> {
  const [ways, [last], [devices]] = await Promise.all([
    db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.userId, found.userId)),
    db
      .select({ at: securityAuditLog.createdAt, method: sql<string | null>`${securityAuditLog.eventDetails}->>'method'` })
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, found.userId), eq(securityAuditLog.eventType, "login_success")))
      .orderBy(desc(securityAuditLog.createdAt))
      .limit(1),
    db.select({ devices: count() }).from(sessions).where(and(eq(sessions.userId, found.userId), gt(sessions.expiresAt, new Date()))),
  ]);
  const google = ways.find((way) => way.providerId === "google");
  const profile = found.profile;
  return {
    password: ways.some((way) => way.providerId === "credential"),
    google: google ? { since: google.createdAt.toISOString() } : null,
    twoFactor: profile?.is2faEnabled ? "enabled" : profile?.twoFactorRequired ? "required" : "disabled",
    emailVerified: found.emailVerified,
    firstLogin: profile?.firstLogin ?? false,
    lastSignIn: last ? { at: last.at.toISOString(), method: last.method } : null,
    signedInOn: devices?.devices ?? 0,
  };
}

/** The latest e-mails sent to the address, each only if the viewer may see what it is about: subject and delivery, never the body. */
async function readEmails(db: Queryable, email: string, sections: PersonSections): Promise<PersonEmail[]> {
  const rows = await db
    .select({ id: outboxMessages.id, template: outboxMessages.template, subject: outboxMessages.subject, status: outboxMessages.status, attempts: outboxMessages.attempts, createdAt: outboxMessages.createdAt, sentAt: outboxMessages.sentAt })
    .from(outboxMessages)
    .where(sameEmail(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(SECTION_ROWS * 4);
  const shown = { bookings: sections.bookings, hive_adoptions: sections.adoptions, account: sections.account };
  return rows
    .map(({ template, ...row }) => ({ ...row, about: emailModule(template), createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }))
    .filter((row) => shown[row.about])
    .slice(0, SECTION_ROWS);
}

/**
 * What was done about the person, newest first: changes to their account, their stays and their
 * adoptions (deleted ones too, found by the e-mail or account they named), and their own sign-ins
 * and security events with the failed sign-ins tried with their e-mail. Each kind only as the
 * viewer may read it.
 */
async function readActivity(db: Queryable, found: Found, sections: PersonSections): Promise<ActivityRow[]> {
  const { changes, security } = sections;
  const recordIn = (ids: SQL) => sql`${securityAuditLog.recordId} in (${ids})`;
  const profileModules = changes.filter((module) => module === "users" || module === "sponsors" || module === "profile");
  // One read per way a row can be about the person, each answered by an index (see the
  // security_audit_log indexes), merged here: one OR of them all made the database walk the
  // whole trail newest first until it had found a page.
  const about: (SQL | undefined)[] = [
    ...(changes.includes("bookings")
      ? [
          and(eq(securityAuditLog.module, "bookings"), recordIn(sql`select ${bookings.id}::text from ${bookings} where ${bookingsOf(found)}`)),
          and(eq(securityAuditLog.module, "bookings"), sameEmail(auditField("guestEmail"), found.email)),
        ]
      : []),
    ...(changes.includes("hive_adoptions") && found.userId
      ? [
          and(eq(securityAuditLog.module, "hive_adoptions"), eq(securityAuditLog.recordId, found.userId)),
          and(eq(securityAuditLog.module, "hive_adoptions"), eq(auditField("userId"), found.userId)),
          and(eq(securityAuditLog.module, "hive_adoptions"), recordIn(sql`select ${hiveAdoptions.id}::text from ${hiveAdoptions} where ${hiveAdoptions.userId} = ${found.userId}`)),
        ]
      : []),
    found.userId && profileModules.length ? and(eq(securityAuditLog.recordId, found.userId), inArray(securityAuditLog.module, profileModules)) : undefined,
    security && found.userId ? and(eq(securityAuditLog.userId, found.userId), isNull(securityAuditLog.module)) : undefined,
    security ? and(isNull(securityAuditLog.userId), isNull(securityAuditLog.module), sameEmail(sql`${securityAuditLog.eventDetails}->>'email'`, found.email)) : undefined,
  ];
  const reads = about
    .filter((where): where is SQL => where !== undefined)
    .map((where) =>
      db
        .select(trailColumns)
        .from(securityAuditLog)
        .leftJoin(users, eq(users.id, securityAuditLog.userId))
        .where(where)
        .orderBy(desc(securityAuditLog.createdAt), desc(securityAuditLog.id))
        .limit(SECTION_ROWS),
    );
  const seen = new Set<string>();
  const rows = (await Promise.all(reads))
    .flat()
    .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, SECTION_ROWS);
  return inWords(db, rows);
}

export type PersonLookup = { kind: "record"; record: PersonRecord } | { kind: "account"; userId: string } | { kind: "missing" };

/**
 * The record of the account `userId`, or of the guest with the e-mail `email` (a booking's guest
 * who may have no account: when one has the e-mail, the answer is that account, to go to).
 * Missing when nobody matches, or when none of the viewer's screens lists the person.
 */
export async function loadPerson(ctx: BackOfficeContext, key: { userId: string } | { email: string }): Promise<PersonLookup> {
  const { db } = ctx.platform;
  const actor: Actor = ctx.actor;
  if ("email" in key) {
    const email = key.email.trim();
    if (!email.includes("@") || email.length > 320) return { kind: "missing" };
    const userId = await accountIdByEmail(db, email);
    if (userId) return { kind: "account", userId };
  }
  const found = "userId" in key ? (key.userId.length <= 100 ? await findAccount(db, key.userId) : null) : await findGuest(db, key.email.trim());
  if (!found) return { kind: "missing" };
  const facts = await factsOf(db, found);
  const sections = sectionsFor(actor, facts);
  if (!sections) return { kind: "missing" };
  const userId = found.userId;

  const [bookingList, adoptions, payments, hiveList, signIn, emails, activity] = await Promise.all([
    sections.bookings ? readBookings(db, found) : null,
    sections.adoptions && userId ? readAdoptions(db, userId) : sections.adoptions ? [] : null,
    sections.adoptions && userId ? readPayments(db, userId) : null,
    sections.adoptions && userId ? readHives(db, userId) : null,
    sections.account && userId ? readSignIn(db, { ...found, userId }) : null,
    readEmails(db, found.email, sections),
    readActivity(db, found, sections),
  ]);
  return {
    kind: "record",
    record: {
      userId,
      name: found.name.trim(),
      email: found.email,
      phone: found.phone,
      companyName: sections.account ? found.companyName : null,
      address: sections.account ? found.address : null,
      roles: sections.account ? found.roles : null,
      createdAt: found.createdAt?.toISOString() ?? null,
      tier: (sections.account || sections.adoptions) && found.tierName ? { name: found.tierName, memberSince: found.memberSince } : null,
      facts,
      sections,
      bookings: bookingList,
      adoptions,
      payments,
      hives: hiveList,
      signIn,
      emails,
      activity,
      can: {
        bookFor: can(actor, "bookings", "create"),
        editBookings: can(actor, "bookings", "update"),
        recordPayment: sections.adoptions && can(actor, "hive_adoptions", "update"),
        editAdoptions: sections.adoptions && can(actor, "hive_adoptions", "update"),
        // A back-office account's password is an administrator's to reset (resetPasswordByStaff says so too).
        resetPassword: facts.isStaff && !(actor.kind === "staff" && actor.isAdministrator) ? null : passwordModuleFor(actor, facts),
        viewHives: can(actor, "hives", "view"),
        viewUsers: can(actor, "users", "view"),
        viewSponsors: facts.isSponsor && can(actor, "sponsors", "view"),
        viewActivity: can(actor, "role_permissions", "view"),
      },
    },
  };
}

/**
 * Reset Password from a person's page: as on the screen the person belongs to, Sponsors for a
 * sponsor (or User Management, which lists every account), with that screen's permission to
 * change, and only an administrator for a back-office account (resetPasswordByStaff).
 */
export async function resetPersonPassword(ctx: BackOfficeContext, userId: string, input: unknown): Promise<Result> {
  const { actor, platform } = ctx;
  if (!can(actor, "sponsors", "update") && !can(actor, "users", "update")) throw new ForbiddenError("users", "update");
  const found = userId.length <= 100 ? await findAccount(platform.db, userId) : null;
  if (!found) return failed(404, "This account no longer exists.");
  const facts = await factsOf(platform.db, found);
  const module = passwordModuleFor(actor, facts);
  if (!module) throw new ForbiddenError("users", "update");
  const fields = input && typeof input === "object" ? input : {};
  return resetPasswordByStaff(ctx, module, { ...fields, userId });
}
