import type { Actor } from "~/features/accounts/actor";
import { can, type PermissionModule } from "~/features/accounts/permissions";

/**
 * Who sees what of a person's record. The page shows no more than the viewer could read on the
 * screens it gathers: each section needs the view permission of the screen it comes from, and the
 * page itself opens only for a person one of the viewer's screens lists.
 *
 * - Contact facts (name, e-mail, phone): whoever may open the page.
 * - Bookings: Bookings. Adoptions, their payments and hives: Hive Adoptions.
 * - Account (roles, sign-in ways, 2FA) and account e-mails: User Management, or Sponsors for a sponsor.
 * - E-mails: each by the screen its subject belongs to (a booking's by Bookings, an adoption's or a
 *   hive's by Hive Adoptions, an account's like the account).
 * - Activity: a change by the view permission of its module; sign-ins and other security events
 *   by Activity's own (role_permissions view).
 */

/** The screens that lead to a person's page: viewing any of them lets one open it. */
export const PEOPLE_MODULES = ["bookings", "hive_adoptions", "sponsors", "users"] as const satisfies readonly PermissionModule[];

export const PEOPLE_FORBIDDEN = "You don't have permission to view people's records. Ask an administrator if you need Bookings, Hive Adoptions, Sponsors or User Management.";

/** What the access rules need to know of the person. */
export type PersonFacts = {
  /** An account exists (else a guest known by the e-mail of their bookings). */
  hasAccount: boolean;
  /** A sponsor as Sponsors lists them: a sponsor record and no back-office role. */
  isSponsor: boolean;
  /** Holds a back-office role (admin or staff). */
  isStaff: boolean;
  hasBookings: boolean;
  hasAdoptions: boolean;
};

export type PersonSections = {
  bookings: boolean;
  adoptions: boolean;
  account: boolean;
  security: boolean;
  /** The modules whose changes to this person's records are shown. */
  changes: PermissionModule[];
};

export const mayOpenPeople = (actor: Actor) => PEOPLE_MODULES.some((module) => can(actor, module, "view"));

/** The sections this viewer sees of this person; null when no screen of theirs lists the person. */
export function sectionsFor(actor: Actor, person: PersonFacts): PersonSections | null {
  const bookings = can(actor, "bookings", "view");
  const adoptions = can(actor, "hive_adoptions", "view");
  const account = person.hasAccount && (can(actor, "users", "view") || (person.isSponsor && can(actor, "sponsors", "view")));
  const listed = account || (bookings && person.hasBookings) || (adoptions && person.hasAdoptions);
  if (!listed) return null;
  const changes = (["bookings", "hive_adoptions", "sponsors", "users", "profile"] as const).filter((module) => can(actor, module, "view"));
  return { bookings, adoptions, account, security: can(actor, "role_permissions", "view"), changes };
}

/** The module whose update permission resets this person's password here (their own screen's), or null. */
export function passwordModuleFor(actor: Actor, person: PersonFacts): "sponsors" | "users" | null {
  if (!person.hasAccount) return null;
  if (person.isSponsor && can(actor, "sponsors", "update")) return "sponsors";
  if (can(actor, "users", "update")) return "users";
  return null;
}

/** What an e-mail is about, by its template: the screen whose view permission shows it. */
export function emailModule(template: string): "bookings" | "hive_adoptions" | "account" {
  if (/^(booking|stay)/.test(template)) return "bookings";
  if (/^(adoption|hive|payment|renewal|certificate)/.test(template)) return "hive_adoptions";
  return "account";
}
