import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { isReservedSlug, RESERVED_SLUGS } from "./reserved-slugs";

/** The first segment of every route path, through layouts and nested routes. */
function firstSegments(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path?.split("/").filter(Boolean)[0];
    return [...(own ? [own] : []), ...firstSegments(entry.children ?? [])];
  });
}

describe("reserved slugs", () => {
  it("name the first segment of every route in app/routes.ts", () => {
    const fixed = [...new Set(firstSegments(routes))].filter((segment) => !segment.startsWith(":") && segment !== "*");
    expect(fixed.length).toBeGreaterThan(10);
    for (const segment of fixed) expect(RESERVED_SLUGS, `route segment "${segment}"`).toContain(segment);
  });

  it("are recognised whatever their case, and ordinary slugs are not reserved", () => {
    expect(isReservedSlug("admin")).toBe(true);
    expect(isReservedSlug("API")).toBe(true);
    expect(isReservedSlug("blog")).toBe(true);
    expect(isReservedSlug("about")).toBe(false);
    expect(isReservedSlug("pure-raw-honey")).toBe(false);
  });
});
