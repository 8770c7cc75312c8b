// Relative imports only, if any: the screen declarations (loaded by routes.ts before the "~" alias exists) link here.

/** The address of a person's record: an account by its id. */
export const personPath = (userId: string) => `/admin/people/${encodeURIComponent(userId)}`;

/** The segment that says "by e-mail" instead of an account id (a booking's guest may have no account). */
export const BY_EMAIL = "by-email";

/**
 * The record of whoever has this e-mail: the account that has it, else the guest whose bookings
 * carry it. The e-mail travels in the query string, which the request log leaves out.
 */
export const personByEmailPath = (email: string) => `/admin/people/${BY_EMAIL}?email=${encodeURIComponent(email)}`;

/** The guest fields of Bookings' Add dialog, as a person's "Book a stay" fills them in. */
const GUEST_FIELDS = { guestName: 100, guestEmail: 255, guestPhone: 40 } as const;
type GuestFields = Partial<Record<keyof typeof GUEST_FIELDS, string>>;

/** Bookings' Add dialog for this person: their name, e-mail and phone filled in (the staff member checks and saves). */
export function bookForPath(guest: { name: string; email: string; phone: string | null }) {
  const search = new URLSearchParams({ dialog: "add", guestName: guest.name, guestEmail: guest.email });
  if (guest.phone) search.set("guestPhone", guest.phone);
  return `/admin/bookings?${search.toString()}`;
}

/** What such a link fills in (only text, cut to the fields' lengths: the dialog's own checks run on save). */
export function guestPrefillOf(search: URLSearchParams): GuestFields {
  const fields: GuestFields = {};
  for (const [name, max] of Object.entries(GUEST_FIELDS) as [keyof typeof GUEST_FIELDS, number][]) {
    const value = search.get(name)?.trim();
    if (value) fields[name] = value.slice(0, max);
  }
  return fields;
}

/** A screen's dialog, opened from the record at `from`: a save or Cancel comes back to the record. */
export const withReturn = (href: string, from: string) => `${href}${href.includes("?") ? "&" : "?"}from=${encodeURIComponent(from)}`;
