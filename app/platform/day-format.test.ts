import { describe, expect, it } from "vitest";
import { formatDay, formatDayLong } from "./day-format";

describe("a calendar day in words", () => {
  it("is the spec's short form on the pages and the long form in the e-mails, the same day on any machine", () => {
    expect(formatDay("2026-11-02")).toBe("Nov 02, 2026");
    expect(formatDay("2030-01-01")).toBe("Jan 01, 2030");
    expect(formatDayLong("2030-06-10")).toBe("Monday, June 10, 2030");
    expect(formatDayLong("2026-11-02")).toBe("Monday, November 2, 2026");
  });

  it("in an e-mail, shows what is not a day as it was given", () => {
    expect(formatDayLong("soon")).toBe("soon");
    expect(formatDayLong("2030-02-30")).toBe("2030-02-30");
  });
});
