import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says the count with its noun, one or many", () => {
    expect(plural(1, "night")).toBe("1 night");
    expect(plural(0, "night")).toBe("0 nights");
    expect(plural(3, "pending or active adoption")).toBe("3 pending or active adoptions");
    expect(plural(2, "person", "people")).toBe("2 people");
    expect(plural(1n, "character")).toBe("1 character");
    expect(plural(8n, "character")).toBe("8 characters");
  });
});
