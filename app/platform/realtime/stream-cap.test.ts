import { describe, expect, it } from "vitest";
import { StreamCap } from "./stream-cap.server";

describe("the open-stream cap", () => {
  it("lets each address hold its share, refuses one more, and takes a stream back once however often it ends", () => {
    const cap = new StreamCap(3);
    const held = [cap.take("198.51.100.1"), cap.take("198.51.100.1"), cap.take("198.51.100.1")];
    expect(held.every(Boolean)).toBe(true);
    expect(cap.take("198.51.100.1")).toBeNull();
    // Another address is not affected.
    expect(cap.take("198.51.100.2")).not.toBeNull();

    held[0]!();
    held[0]!();
    expect(cap.heldBy("198.51.100.1")).toBe(2);
    expect(cap.take("198.51.100.1")).not.toBeNull();
    expect(cap.take("198.51.100.1")).toBeNull();
  });
});
