import { describe, expect, it } from "vitest";
import { liveTableShownTo } from "./live-tables";

describe("what the live event stream tells a browser", () => {
  it("tells everyone of public tables, only staff of people's accounts, and nobody of sessions", () => {
    for (const staff of [false, true]) {
      expect(liveTableShownTo("bookings", { staff })).toBe(true);
      expect(liveTableShownTo("menu_items", { staff })).toBe(true);
      expect(liveTableShownTo("sessions", { staff })).toBe(false);
    }
    for (const table of ["users", "profiles", "user_roles", "role_permissions"]) {
      expect(liveTableShownTo(table, { staff: false })).toBe(false);
      expect(liveTableShownTo(table, { staff: true })).toBe(true);
    }
  });
});
