import { describe, expect, it } from "vitest";
import { honeyShareText } from "./honey-share";

describe("honeyShareText", () => {
  it("speaks the tier cards' pounds, rounded, never less than one", () => {
    expect(honeyShareText("2.27")).toBe("Up to 5 lb of raw honey each season (not guaranteed)");
    expect(honeyShareText(6.8)).toBe("Up to 15 lb of raw honey each season (not guaranteed)");
    expect(honeyShareText("0.2")).toBe("Up to 1 lb of raw honey each season (not guaranteed)");
  });

  it("is nothing without a share", () => {
    for (const none of [null, undefined, "", "0", 0, "abc"]) expect(honeyShareText(none)).toBeNull();
  });
});
