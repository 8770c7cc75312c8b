import { describe, expect, it } from "vitest";
import type { Actor, AuthState } from "./actor";
import { ChangePasswordSchema, CurrentSecondFactorSchema, FirstLoginPasswordSchema, SecondFactorSchema } from "./admin.schema";
import { adminDestination, backOfficeAddress, decideAdminGate, type StaffActor } from "./admin-guard.server";
import { staffActor } from "../../../tests/factories/accounts";

const admin = (over: Partial<StaffActor> = {}): Actor => staffActor(over);
const customer: Actor = { kind: "customer", userId: "c1", email: "fern@example.com", name: "Fern", emailVerified: true };
const session = { id: "s1", token: "t", userId: "u1", createdAt: new Date() };
const signedIn = (actor: Actor): AuthState => ({ actor, session });
const off = { requireTwoFactor: false };
const on = { requireTwoFactor: true };

describe("the back-office gate", () => {
  it("sends visitors without a session to /auth, remembering the screen", () => {
    expect(decideAdminGate({ actor: { kind: "anonymous" } }, "/admin", off)).toEqual({ kind: "redirect", to: "/auth" });
    expect(decideAdminGate({ actor: { kind: "anonymous" } }, "/admin/security/", off)).toEqual({ kind: "redirect", to: "/auth?redirectTo=%2Fadmin%2Fsecurity" });
  });

  it("sends a session still waiting for its code back to the code step", () => {
    const pending: AuthState = {
      actor: { kind: "anonymous" },
      session,
      pendingSecondFactor: { userId: "u1", email: "admin@apiary.test", sessionId: "s1", createdAt: new Date() },
    };
    expect(decideAdminGate(pending, "/admin/security", on)).toEqual({ kind: "redirect", to: "/auth" });
  });

  it("denies signed-in non-administrators", () => {
    expect(decideAdminGate(signedIn(customer), "/admin", off)).toEqual({ kind: "deny" });
  });

  it("keeps a first-login administrator on /admin, where the password dialog is", () => {
    const fresh = signedIn(admin({ firstLogin: true }));
    expect(decideAdminGate(fresh, "/admin", on)).toMatchObject({ kind: "allow" });
    expect(decideAdminGate(fresh, "/admin/security", on)).toEqual({ kind: "redirect", to: "/admin?redirectTo=%2Fadmin%2Fsecurity" });
  });

  it("sends administrators without 2FA to /admin/security when the site requires it", () => {
    expect(decideAdminGate(signedIn(admin()), "/admin", on)).toEqual({ kind: "redirect", to: "/admin/security" });
    expect(decideAdminGate(signedIn(admin()), "/admin/security", on)).toMatchObject({ kind: "allow" });
    expect(decideAdminGate(signedIn(admin({ twoFactorEnabled: true })), "/admin", on)).toMatchObject({ kind: "allow" });
    expect(decideAdminGate(signedIn(admin()), "/admin", off)).toMatchObject({ kind: "allow" });
  });

  it("follows only back-office paths after sign-in", () => {
    expect(adminDestination("/admin/locations")).toBe("/admin/locations");
    expect(adminDestination("/admin/")).toBe("/admin");
    for (const bad of ["//evil.example/admin", "https://evil.example/admin", "/administrator", "/sponsor-profile", "/admin?x=1", null, 42]) {
      expect(adminDestination(bad)).toBe("/admin");
    }
  });

  it("a form's way back to a back-office list keeps the list's filters, and goes nowhere else", () => {
    expect(backOfficeAddress("/admin/bookings?status=pending&sort=created")).toBe("/admin/bookings?status=pending&sort=created");
    expect(backOfficeAddress("/admin/hives/")).toBe("/admin/hives");
    for (const bad of ["//evil.example/admin", "/\\evil.example/admin", "https://evil.example/admin?x=1", "/administrator?x=1", "/sponsor-profile", "admin/bookings", "/admin/../sponsor-profile"]) {
      expect(backOfficeAddress(bad), bad).toBe("/admin");
    }
  });
});

describe("the back-office forms", () => {
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("password change: the match is checked before the length, with the spec's words", () => {
    expect(first(FirstLoginPasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abcd" }))).toBe("Passwords do not match");
    expect(first(FirstLoginPasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abc" }))).toBe("Password must be at least 6 characters long");
    expect(first(FirstLoginPasswordSchema.safeParse({}))).toBe("Password must be at least 6 characters long");
    expect(FirstLoginPasswordSchema.safeParse({ newPassword: "abcdef", confirmPassword: "abcdef" }).success).toBe(true);
    expect(first(ChangePasswordSchema.safeParse({ newPassword: "abcdef", confirmPassword: "abcdef" }))).toBe("Current password is required");
  });

  it("second factor: exactly 6 digits or exactly 8 characters, tidied of spaces and case", () => {
    expect(SecondFactorSchema.parse({ method: "totp", code: "123 456" })).toEqual({ method: "totp", code: "123456" });
    expect(SecondFactorSchema.parse({ method: "backup", code: "AB12-CD34" })).toEqual({ method: "backup", code: "ab12cd34" });
    expect(first(SecondFactorSchema.safeParse({ method: "totp", code: "12345" }))).toBe("Invalid verification code");
    expect(first(SecondFactorSchema.safeParse({ method: "totp", code: "1234567" }))).toBe("Invalid verification code");
    expect(first(SecondFactorSchema.safeParse({ method: "backup", code: "abc123" }))).toBe("Invalid backup code");
    expect(first(SecondFactorSchema.safeParse({ method: "backup", code: "abc1234!" }))).toBe("Invalid backup code");
    expect(CurrentSecondFactorSchema.parse({ code: "654321" }).code).toEqual({ method: "totp", code: "654321" });
    expect(CurrentSecondFactorSchema.parse({ code: "K3Y5abcd" }).code).toEqual({ method: "backup", code: "k3y5abcd" });
    expect(CurrentSecondFactorSchema.safeParse({ code: "12345" }).success).toBe(false);
  });
});

describe("2FA an administrator asked for", () => {
  it("sends the person to set it up before any other screen", () => {
    expect(decideAdminGate(signedIn(admin({ twoFactorRequired: true })), "/admin/users", off)).toEqual({ kind: "redirect", to: "/admin/security" });
    expect(decideAdminGate(signedIn(admin({ twoFactorRequired: true })), "/admin/security", off)).toMatchObject({ kind: "allow" });
    expect(decideAdminGate(signedIn(admin({ twoFactorRequired: true, twoFactorEnabled: true })), "/admin/users", off)).toMatchObject({ kind: "allow" });
  });
});
