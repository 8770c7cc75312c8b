import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { addDays, nightsBetween } from "~/features/bookings/stay-dates";

/**
 * Another site's iCal feed as the nights it holds on an asset. The known traps: DTEND is
 * exclusive (the check-out day is free), an event may be all-day or timed, in UTC, in a named
 * zone or floating (then it is the property's own time), and a timed stay must never move by a
 * day: its nights are the property's calendar days it covers. Cancelled events hold nothing;
 * the same UID may come twice; Airbnb's "Not available" windows roll forward every day and
 * reach far ahead (clipped to the booking horizon); past events are dropped.
 */
export type FeedEvent = { uid: string; start: string; end: string; summary: string };

export class FeedError extends Error {
  override name = "FeedError";
}

/** How far ahead blocks are kept: as far as anyone can book here (a little over two years). */
export const FEED_HORIZON_DAYS = 731;
const MAX_OCCURRENCES = 500;

const isIanaZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const pad = (value: number) => String(value).padStart(2, "0");
const dayOfTime = (time: ICAL.Time) => `${time.year}-${pad(time.month)}-${pad(time.day)}`;

/** The property's calendar day a feed time falls on. `tzid` is the property's TZID parameter, if any. */
function propertyDay(time: ICAL.Time, tzid: string, timeZone: string): string {
  if (time.isDate) return dayOfTime(time);
  const zone = time.zone?.tzid ?? "floating";
  let instant: number;
  if (zone === "UTC") instant = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // An IANA name is read by the platform's own zone data, whatever the feed's VTIMEZONE says.
  else if (tzid && isIanaZone(tzid)) instant = new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, tzid).getTime();
  // Another name ("Pacific Standard Time"), described by the feed's own VTIMEZONE.
  else if (zone !== "floating") instant = time.toUnixTime() * 1000;
  // Floating, or a zone named but described nowhere: the property's own wall clock.
  else return dayOfTime(time);
  const local = new TZDate(instant, timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The nights [start, end) of one occurrence: at least one night, the check-out day free. */
function nightsOf(start: ICAL.Time, end: ICAL.Time | null, tzids: { start: string; end: string }, timeZone: string) {
  const first = propertyDay(start, tzids.start, timeZone);
  const last = end ? propertyDay(end, tzids.end || tzids.start, timeZone) : addDays(first, 1);
  return { start: first, end: last > first ? last : addDays(first, 1) };
}

export function parseFeed(text: string, timeZone: string, today: string): FeedEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new FeedError("The address did not answer with an iCalendar feed.");
  }
  if (root.name !== "vcalendar") throw new FeedError("The address did not answer with an iCalendar feed.");
  const horizon = addDays(today, FEED_HORIZON_DAYS);
  const found = new Map<string, FeedEvent>();

  for (const component of root.getAllSubcomponents("vevent")) {
    if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
    if (!component.hasProperty("dtstart")) continue;
    const event = new ICAL.Event(component);
    const uid = event.uid || `${event.startDate?.toString()}-${event.summary ?? ""}`;
    const summary = (event.summary ?? "").slice(0, 200);
    const tzidOf = (name: string) => String(component.getFirstProperty(name)?.getParameter("tzid") ?? "");
    const tzids = { start: tzidOf("dtstart"), end: tzidOf("dtend") };
    const occurrences: { start: ICAL.Time; end: ICAL.Time | null }[] = [];
    if (event.isRecurring()) {
      const iterator = event.iterator();
      for (let next = iterator.next(), count = 0; next && count < MAX_OCCURRENCES; next = iterator.next(), count++) {
        const details = event.getOccurrenceDetails(next);
        if (dayOfTime(details.startDate) > horizon) break;
        occurrences.push({ start: details.startDate, end: details.endDate });
      }
    } else {
      const explicitEnd = component.hasProperty("dtend") || component.hasProperty("duration");
      occurrences.push({ start: event.startDate, end: explicitEnd ? event.endDate : null });
    }
    for (const occurrence of occurrences) {
      const nights = nightsOf(occurrence.start, occurrence.end, tzids, timeZone);
      // Past stays hold nothing any more; far-future windows are cut at the horizon.
      if (nights.end <= today || nights.start >= horizon) continue;
      const kept = { uid, start: nights.start, end: nights.end < horizon ? nights.end : horizon, summary };
      const key = `${uid}\u0000${kept.start}`;
      const same = found.get(key);
      if (!same || same.end < kept.end) found.set(key, kept);
    }
  }
  return trimOverlaps([...found.values()].sort((a, b) => (a.start === b.start ? b.end.localeCompare(a.end) : a.start.localeCompare(b.start))));
}

/** One feed's events may overlap each other (a reservation inside a "Not available" window): each night is held once. */
function trimOverlaps(sorted: FeedEvent[]): FeedEvent[] {
  const kept: FeedEvent[] = [];
  let reached = "";
  for (const event of sorted) {
    const start = event.start < reached ? reached : event.start;
    if (nightsBetween(start, event.end) < 1) continue;
    kept.push({ ...event, start });
    reached = event.end > reached ? event.end : reached;
  }
  return kept;
}
