import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BACK_OFFICE_SCREENS } from "./screens";
import { SCREEN_SERVERS } from "./screens.server";

describe("the screen declarations", () => {
  it("each has its route module and a server half with exactly the declared commands", () => {
    expect(Object.keys(SCREEN_SERVERS).sort()).toEqual(BACK_OFFICE_SCREENS.map((screen) => screen.id).sort());
    for (const screen of BACK_OFFICE_SCREENS) {
      expect(existsSync(path.resolve(import.meta.dirname, "../..", screen.routeFile)), screen.routeFile).toBe(true);
      expect(Object.keys(SCREEN_SERVERS[screen.id]!.commands).sort(), screen.id).toEqual(Object.keys(screen.commands).sort());
      // A failure title of an intent the screen doesn't have would never be seen.
      for (const intent of Object.keys(SCREEN_SERVERS[screen.id]!.failureTitles ?? {})) expect(Object.keys(screen.commands), `${screen.id}'s failure title for ${intent}`).toContain(intent);
      expect(screen.list.sorts).toContain(screen.list.defaultSort.id);
      // Every other order is a column's header link; the default order (Bookings' newest first) needs no column.
      for (const sort of screen.list.sorts.filter((sort) => sort !== screen.list.defaultSort.id)) expect(screen.columns.map((column) => column.id), `${screen.id} sorts by ${sort}`).toContain(sort);
    }
    expect(new Set(BACK_OFFICE_SCREENS.map((screen) => screen.path)).size).toBe(BACK_OFFICE_SCREENS.length);
  });
});
