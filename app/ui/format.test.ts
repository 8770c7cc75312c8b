import { describe, expect, it } from "vitest";
import { formatClockTime, formatDate, formatShortDay } from "./format";

describe("formatClockTime", () => {
  it("shows times in the 12-hour US format", () => {
    expect(formatClockTime("15:00")).toBe("3:00 PM");
    expect(formatClockTime("11:00:00")).toBe("11:00 AM");
    expect(formatClockTime("12:00")).toBe("12:00 PM");
    expect(formatClockTime("00:30")).toBe("12:30 AM");
  });
});

describe("formatShortDay", () => {
  it("names the weekday", () => {
    expect(formatShortDay("2026-11-25")).toBe("Wed, Nov 25");
  });
});

describe("formatDate", () => {
  it("shows a calendar day as written and a moment on its local day", () => {
    expect(formatDate("2026-11-02")).toBe("Nov 02, 2026");
    expect(formatDate(new Date(2026, 10, 2, 23, 30))).toBe("Nov 02, 2026");
    expect(formatDate(new Date(2026, 10, 2, 0, 5).toISOString())).toBe("Nov 02, 2026");
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
