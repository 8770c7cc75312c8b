import { describe, expect, it } from "vitest";
import { icsFeed } from "../../../tests/setup/feed-server";
import { FEED_HORIZON_DAYS, FeedError, parseFeed } from "./feed-events";
import { addDays } from "~/features/bookings/stay-dates";

const STANWOOD = "America/Los_Angeles";
const TODAY = "2027-01-10";
const nights = (feed: string, timeZone = STANWOOD, today = TODAY) => parseFeed(feed, timeZone, today).map((event) => [event.uid, event.start, event.end]);

describe("another site's feed as nights on an asset", () => {
  it("reads all-day events with DTEND exclusive: the check-out day stays free", () => {
    expect(nights(icsFeed("UID:a@airbnb\nSUMMARY:Reserved\nDTSTART;VALUE=DATE:20270603\nDTEND;VALUE=DATE:20270605"))).toEqual([["a@airbnb", "2027-06-03", "2027-06-05"]]);
    // No DTEND: one night; a DURATION counts from the start.
    expect(nights(icsFeed("UID:b\nDTSTART;VALUE=DATE:20270603"))).toEqual([["b", "2027-06-03", "2027-06-04"]]);
    expect(nights(icsFeed("UID:c\nDTSTART;VALUE=DATE:20270603\nDURATION:P3D"))).toEqual([["c", "2027-06-03", "2027-06-06"]]);
  });

  it("puts timed events on the property's own days, whatever zone the feed writes them in", () => {
    // 16:00 on Jun 3 to 11:00 on Jun 5 at Stanwood, written in UTC.
    const utc = icsFeed("UID:t\nDTSTART:20270603T230000Z\nDTEND:20270605T180000Z");
    expect(nights(utc)).toEqual([["t", "2027-06-03", "2027-06-05"]]);
    // The same moments at a London property fall a day later at the start.
    expect(nights(utc, "Europe/London")).toEqual([["t", "2027-06-04", "2027-06-05"]]);
    // A TZID the feed doesn't describe with a VTIMEZONE is read as the IANA zone it names.
    expect(nights(icsFeed("UID:z\nDTSTART;TZID=America/New_York:20270603T020000\nDTEND;TZID=America/New_York:20270605T120000"))).toEqual([["z", "2027-06-02", "2027-06-05"]]);
    // Floating times are the property's wall clock.
    expect(nights(icsFeed("UID:f\nDTSTART:20270603T150000\nDTEND:20270605T110000"))).toEqual([["f", "2027-06-03", "2027-06-05"]]);
  });

  it("never moves a stay by a day around midnight or the daylight-saving changes", () => {
    // 23:59:59 on Jun 3 at Stanwood is still Jun 3; one second later it is Jun 4.
    expect(nights(icsFeed("UID:m1\nDTSTART:20270604T065959Z\nDTEND:20270605T180000Z"))[0]![1]).toBe("2027-06-03");
    expect(nights(icsFeed("UID:m2\nDTSTART:20270604T070000Z\nDTEND:20270605T180000Z"))[0]![1]).toBe("2027-06-04");
    // Clocks go forward on Mar 14, 2027 and back on Nov 7, 2027 in the US.
    expect(nights(icsFeed("UID:d1\nDTSTART;TZID=America/Los_Angeles:20270314T000000\nDTEND;TZID=America/Los_Angeles:20270316T000000"))).toEqual([["d1", "2027-03-14", "2027-03-16"]]);
    expect(nights(icsFeed("UID:d2\nDTSTART:20270314T080000Z\nDTEND:20270315T070000Z"))).toEqual([["d2", "2027-03-14", "2027-03-15"]]);
    expect(nights(icsFeed("UID:d3\nDTSTART:20271107T070000Z\nDTEND:20271108T080000Z"))).toEqual([["d3", "2027-11-07", "2027-11-08"]]);
  });

  it("drops cancelled and past events, keeps one of a repeated UID+start, and cuts rolling windows at the horizon", () => {
    const feed = icsFeed(
      "UID:x\nSTATUS:CANCELLED\nDTSTART;VALUE=DATE:20270301\nDTEND;VALUE=DATE:20270303",
      "UID:old\nDTSTART;VALUE=DATE:20261201\nDTEND;VALUE=DATE:20261205",
      "UID:dup\nDTSTART;VALUE=DATE:20270401\nDTEND;VALUE=DATE:20270403",
      "UID:dup\nDTSTART;VALUE=DATE:20270401\nDTEND;VALUE=DATE:20270404",
      "UID:dup\nDTSTART;VALUE=DATE:20270501\nDTEND;VALUE=DATE:20270502",
      "UID:window\nSUMMARY:Airbnb (Not available)\nDTSTART;VALUE=DATE:20280101\nDTEND;VALUE=DATE:20300101",
    );
    expect(nights(feed)).toEqual([
      ["dup", "2027-04-01", "2027-04-04"],
      ["dup", "2027-05-01", "2027-05-02"],
      ["window", "2028-01-01", addDays(TODAY, FEED_HORIZON_DAYS)],
    ]);
    // A stay that began before today but isn't over still holds its remaining nights.
    expect(nights(icsFeed("UID:now\nDTSTART;VALUE=DATE:20270108\nDTEND;VALUE=DATE:20270112"))).toEqual([["now", "2027-01-08", "2027-01-12"]]);
  });

  it("holds each night once when a feed's own events overlap (a reservation inside a Not available window)", () => {
    const feed = icsFeed("UID:w\nDTSTART;VALUE=DATE:20270601\nDTEND;VALUE=DATE:20270610", "UID:r\nDTSTART;VALUE=DATE:20270605\nDTEND;VALUE=DATE:20270612", "UID:inside\nDTSTART;VALUE=DATE:20270602\nDTEND;VALUE=DATE:20270604");
    expect(nights(feed)).toEqual([
      ["w", "2027-06-01", "2027-06-10"],
      ["r", "2027-06-10", "2027-06-12"],
    ]);
  });

  it("says so when the address answers something that is not a calendar", () => {
    expect(() => parseFeed("<html>Sign in</html>", STANWOOD, TODAY)).toThrow(FeedError);
    expect(() => parseFeed("BEGIN:VCARD\r\nEND:VCARD\r\n", STANWOOD, TODAY)).toThrow("The address did not answer with an iCalendar feed.");
  });
});
