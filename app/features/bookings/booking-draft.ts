import { useCallback, useSyncExternalStore } from "react";
import { z } from "~/platform/zod";
import { MAX_GUESTS } from "./booking-limits";

/**
 * What a visitor chose and typed in the booking widget, kept in this tab's session storage while
 * they sign in or sign up (which the widget requires), so the widget opens with it again. It
 * never leaves the browser; the server checks everything when the request is finally sent.
 */
const KEY = "apiary.booking-draft";
const MAX_AGE_MS = 60 * 60 * 1000;

const BookingDraftSchema = z.object({
  locationId: z.string().max(100),
  assetId: z.string().max(100),
  checkIn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  nights: z.number().int().min(1).max(5),
  guests: z.number().int().min(1).max(MAX_GUESTS),
  name: z.string().max(100),
  phone: z.string().max(40),
  savedAt: z.number(),
});
export type BookingDraft = Omit<z.infer<typeof BookingDraftSchema>, "savedAt">;

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
    const parsed = BookingDraftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || Date.now() - parsed.data.savedAt > MAX_AGE_MS) return null;
    const { savedAt: _, ...draft } = parsed.data;
    return draft;
  } catch {
    return null;
  }
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
