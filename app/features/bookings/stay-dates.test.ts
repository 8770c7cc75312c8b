import { describe, expect, it } from "vitest";
import { canCheckIn, freeWindows, isNightBooked, localDay } from "./stay-dates";

describe("freeWindows", () => {
  it("is open from today when nothing is booked", () => {
    expect(freeWindows("2026-11-24", [], 3)).toEqual([{ from: "2026-11-24", until: null }]);
  });

  it("lists the gaps between stays, a check-out day being free for the next check-in", () => {
    const ranges = [
      { checkIn: "2026-11-26", checkOut: "2026-11-28" },
      { checkIn: "2026-11-28", checkOut: "2026-12-01" },
      { checkIn: "2026-12-05", checkOut: "2026-12-06" },
    ];
    expect(freeWindows("2026-11-24", ranges, 5)).toEqual([
      { from: "2026-11-24", until: "2026-11-26" },
      { from: "2026-12-01", until: "2026-12-05" },
      { from: "2026-12-06", until: null },
    ]);
  });

  it("starts after a stay that is under way today, and stops at the count asked for", () => {
    const ranges = [
      { checkIn: "2026-11-20", checkOut: "2026-11-25" },
      { checkIn: "2026-11-27", checkOut: "2026-11-29" },
      { checkIn: "2026-12-02", checkOut: "2026-12-03" },
    ];
    expect(freeWindows("2026-11-24", ranges, 2)).toEqual([
      { from: "2026-11-25", until: "2026-11-27" },
      { from: "2026-11-29", until: "2026-12-02" },
    ]);
  });

  it("copes with overlapping blocks from another site's calendar", () => {
    const ranges = [
      { checkIn: "2026-11-24", checkOut: "2026-11-30" },
      { checkIn: "2026-11-25", checkOut: "2026-11-27" },
    ];
    expect(freeWindows("2026-11-24", ranges, 1)).toEqual([{ from: "2026-11-30", until: null }]);
  });
});

describe("the calendar's day rules", () => {
  const ranges = [{ checkIn: "2026-11-26", checkOut: "2026-11-28" }];

  it("reads a picked date as the browser's own day", () => {
    expect(localDay(new Date(2026, 10, 5, 23, 30))).toBe("2026-11-05");
  });

  it("calls a night booked from its check-in to the night before its check-out", () => {
    expect(["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"].map((day) => isNightBooked(day, ranges))).toEqual([false, true, true, false]);
  });

  it("lets a stay start from today when none of its nights is booked; the check-out day is free", () => {
    expect(canCheckIn("2026-11-23", 1, "2026-11-24", ranges)).toBe(false);
    expect(canCheckIn("2026-11-24", 2, "2026-11-24", ranges)).toBe(true);
    expect(canCheckIn("2026-11-24", 3, "2026-11-24", ranges)).toBe(false);
    expect(canCheckIn("2026-11-28", 5, "2026-11-24", ranges)).toBe(true);
  });
});
