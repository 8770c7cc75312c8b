import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./representations";

describe("choosing an encoding", () => {
  it("reads Accept-Encoding with its weights", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
  });

  it("chooses the right encoding for each Accept-Encoding, also after more different values than it remembers", () => {
    for (let i = 0; i < 200; i += 1) expect(chooseEncoding(`gzip;q=0.${i + 1}, br;q=0`)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
  });
});
