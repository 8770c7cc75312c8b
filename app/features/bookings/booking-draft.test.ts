import { describe, expect, it } from "vitest";
import { readBookingDraft } from "./booking-draft";
import { MAX_GUESTS } from "./booking-limits";

const NOW = Date.UTC(2031, 5, 1, 12);
const draft = { locationId: "loc-1", assetId: "rv-1", checkIn: "2031-06-10", nights: 2, guests: 2, name: "Ada", phone: "+1 555 0100" };
const stored = (fields: Record<string, unknown>) => JSON.stringify({ ...draft, savedAt: NOW - 60_000, ...fields });

describe("readBookingDraft", () => {
  it("gives back what the widget saved, without its time or anything else stored beside it", () => {
    expect(readBookingDraft(stored({ extra: "<script>" }), NOW)).toEqual(draft);
    const { checkIn: _, ...withoutDay } = draft;
    expect(readBookingDraft(JSON.stringify({ ...withoutDay, savedAt: NOW }), NOW)).toEqual(withoutDay);
  });

  it.each([
    ["not JSON", "{"],
    ["not an object", "42"],
    ["null", "null"],
    ["a day in another form", stored({ checkIn: "10/06/2031" })],
    ["no nights", stored({ nights: undefined })],
    ["nights past the widget's choices", stored({ nights: 6 })],
    ["part of a night", stored({ nights: 1.5 })],
    ["more guests than allowed", stored({ guests: MAX_GUESTS + 1 })],
    ["no guest", stored({ guests: 0 })],
    ["a name too long", stored({ name: "x".repeat(101) })],
    ["a phone that is not text", stored({ phone: 5550100 })],
    ["a location id too long", stored({ locationId: "l".repeat(101) })],
    ["no saved time", stored({ savedAt: "yesterday" })],
    ["saved over an hour ago", stored({ savedAt: NOW - 60 * 60 * 1000 - 1 })],
  ])("is null for %s", (_, raw) => {
    expect(readBookingDraft(raw, NOW)).toBeNull();
  });
});
