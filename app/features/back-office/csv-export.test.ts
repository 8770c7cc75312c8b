import { describe, expect, it } from "vitest";
import { csvCell } from "./csv-export.server";

describe("a CSV cell", () => {
  it("is quoted only when it must be, quotes doubled", () => {
    expect(csvCell("fern@example.com")).toBe("fern@example.com");
    expect(csvCell("customer, front_desk")).toBe('"customer, front_desk"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("can't be taken for a formula by a spreadsheet, while phone numbers and amounts stay as they are", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("+1 360 555 0142")).toBe("+1 360 555 0142");
    expect(csvCell("-12.50")).toBe("-12.50");
  });
});
