import { describe, expect, it } from "vitest";
import { permissionModule } from "~/platform/db/schema";
import { staffActor } from "../../../tests/factories/accounts";
import { assertCan, can, ForbiddenError, mergePermissions, noPermissions, PERMISSION_MODULES, worksInBackOffice } from "./permissions";

const row = (module: (typeof PERMISSION_MODULES)[number], flags: Partial<Record<"canView" | "canCreate" | "canUpdate" | "canDelete", boolean>>) => ({
  module,
  canView: false,
  canCreate: false,
  canUpdate: false,
  canDelete: false,
  ...flags,
});

describe("the permission matrix", () => {
  it("knows the database's modules", () => {
    expect([...PERMISSION_MODULES]).toEqual(permissionModule.enumValues);
  });

  it("gives a staff member what any of their roles grants, and nothing more", () => {
    const permissions = mergePermissions([row("bookings", { canView: true }), row("bookings", { canUpdate: true }), row("pages", { canDelete: true })]);
    const frontDesk = staffActor({ isAdministrator: false, roles: ["front_desk", "night_desk"], permissions });
    expect(can(frontDesk, "bookings", "view")).toBe(true);
    expect(can(frontDesk, "bookings", "update")).toBe(true);
    expect(can(frontDesk, "bookings", "delete")).toBe(false);
    expect(can(frontDesk, "users", "view")).toBe(false);
    expect(() => assertCan(frontDesk, "users", "update")).toThrow(new ForbiddenError("users", "update"));
    expect(() => assertCan(frontDesk, "users", "update")).toThrow("You don't have permission to change users. Ask an administrator if you need it.");
  });

  it("refuses everyone who is not staff, and staff before the first-login change", () => {
    expect(can({ kind: "anonymous" }, "pages", "view")).toBe(false);
    expect(can({ kind: "customer", userId: "c", email: "c@example.com", name: "", emailVerified: true }, "profile", "view")).toBe(false);
    expect(can(staffActor({ firstLogin: true }), "users", "view")).toBe(false);
    expect(can(staffActor(), "users", "delete")).toBe(true);
    expect(can(staffActor({ permissions: noPermissions() }), "users", "view")).toBe(false);
  });

  it("counts admin and staff roles as the back-office, customer alone not", () => {
    expect(worksInBackOffice(["customer"])).toBe(false);
    expect(worksInBackOffice([])).toBe(false);
    expect(worksInBackOffice(["admin"])).toBe(true);
    expect(worksInBackOffice(["customer", "front_desk"])).toBe(true);
  });
});
