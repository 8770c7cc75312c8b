import { describe, expect, it } from "vitest";
import { MISSING_INFORMATION, missingInformation } from "./messages";

describe("the Missing Information toast", () => {
  it("keeps the spec's title and names what is missing, in the form's order", () => {
    expect(missingInformation(["checkIn"])).toEqual({ title: "Missing Information", description: "Please add a check-in date.", variant: "error" });
    expect(missingInformation(["checkIn", "name"]).description).toBe("Please add a check-in date and your name.");
    expect(missingInformation(["location", "asset", "checkIn"]).description).toBe("Please add a location, what to book, and a check-in date.");
  });

  it("falls back to the spec's words when nothing is named", () => {
    expect(missingInformation([])).toEqual(MISSING_INFORMATION);
  });
});
