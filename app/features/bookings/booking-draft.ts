import { useCallback, useSyncExternalStore } from "react";
import { MAX_GUESTS } from "./booking-limits";

/**
 * What a visitor chose and typed in the booking widget, kept in this tab's session storage while
 * they sign in or sign up (which the widget requires), so the widget opens with it again. It
 * never leaves the browser; the server checks everything when the request is finally sent.
 */
const KEY = "apiary.booking-draft";
const MAX_AGE_MS = 60 * 60 * 1000;

export type BookingDraft = {
  locationId: string;
  assetId: string;
  checkIn?: string;
  nights: number;
  guests: number;
  name: string;
  phone: string;
};

export function saveBookingDraft(draft: BookingDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the visitor chooses again, nothing worse.
  }
}

/** The saved draft, once: it is removed as it is read. Null when there is none, it is stale or malformed. */
export function takeBookingDraft(): BookingDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    return readBookingDraft(raw, Date.now());
  } catch {
    return null;
  }
}

const text = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;
const whole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * A stored draft, checked field by field (what this tab wrote itself, or anything a script put
 * there): null when malformed or older than an hour. Checked by hand, not by a schema: zod was
 * 22 KB (brotli) of the Stanwood page's script once its widget is in use, for this one check.
 */
export function readBookingDraft(raw: string, now: number): BookingDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null) return null;
  const { locationId, assetId, checkIn, nights, guests, name, phone, savedAt } = stored as Record<string, unknown>;
  const valid =
    text(locationId, 100) &&
    text(assetId, 100) &&
    (checkIn === undefined || (typeof checkIn === "string" && /^\d{4}-\d{2}-\d{2}$/.test(checkIn))) &&
    whole(nights, 1, 5) &&
    whole(guests, 1, MAX_GUESTS) &&
    text(name, 100) &&
    text(phone, 40) &&
    typeof savedAt === "number" &&
    now - savedAt <= MAX_AGE_MS;
  if (!valid) return null;
  return { locationId, assetId, ...(checkIn === undefined ? {} : { checkIn: checkIn as string }), nights, guests, name, phone };
}

const subscribe = () => () => {};
/** Per history entry: a re-render reads the same draft; a later visit to the page finds it gone. */
const takenFor = new Map<string, BookingDraft | null>();

/**
 * The draft saved before signing in, for the page visit `entryKey` (the router location's key):
 * null on the server and while hydrating, so the server's HTML and the first render agree.
 */
export function useBookingDraft(entryKey: string): BookingDraft | null {
  const snapshot = useCallback(() => {
    if (!takenFor.has(entryKey)) takenFor.set(entryKey, takeBookingDraft());
    return takenFor.get(entryKey) ?? null;
  }, [entryKey]);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
