import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { updateUserProfile } from "~/features/users/users.server";
import { securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { activityScreen } from "./activity.screen";
import { describeChange, listActivity } from "./activity.server";

describe("describeChange", () => {
  it("names the fields that changed, before → after, in words", () => {
    expect(describeChange({ phoneNumber: null, twoFactor: true, firstLogin: false }, { phoneNumber: "+1 360 555 0100", twoFactor: true, firstLogin: true })).toBe(
      "phone number: — → +1 360 555 0100; first login: no → yes",
    );
    expect(describeChange({ roles: ["customer"] }, { roles: [] })).toBe("roles: customer → none");
    expect(describeChange(null, { role: "front_desk", canView: true })).toBe("role: front_desk; can view: yes");
    expect(describeChange({ role: "front_desk" }, null)).toBe("role: front_desk");
    expect(describeChange({ a: 1 }, { a: 1 })).toBe("No field changed");
  });
});

describe.each(testEngines())("Activity on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform, "192.0.2.44");
  const list = (actor: BackOfficeContext["actor"], query: string) => listActivity(as(actor), parseListParams(new URLSearchParams(query), activityScreen.list));

  it("is for those who may view role permissions", async () => {
    const customer = await insertCustomer(t.db);
    const usersOnly = await insertStaff(t.db, { users: ["view", "update"] });
    const auditor = await insertStaff(t.db, { role_permissions: ["view"] });
    await expect(list(customer, "")).rejects.toThrow(ForbiddenError);
    await expect(list(usersOnly, "")).rejects.toThrow("You don't have permission to view role permissions.");
    await recordAuditEvent(t.db, { type: "login_success", userId: usersOnly.userId, details: { portal: "admin" } }, { clientAddress: "192.0.2.46" });
    expect((await list(auditor, `q=${usersOnly.email}`)).rows).toMatchObject([{ person: usersOnly.email, event: "login_success", ipAddress: "192.0.2.46" }]);
  });

  it("shows changes and security events together, newest first, with who, what, where", async () => {
    const admin = await insertUser(t.db);
    const person = await insertCustomer(t.db);
    await recordAuditEvent(
      t.db,
      {
        type: "login_success",
        userId: admin.userId,
        details: { method: "password", portal: "admin" },
      },
      { clientAddress: "192.0.2.44" },
    );
    // A moment earlier: the embedded database's clock can give two quick writes the same time.
    await t.db.update(securityAuditLog).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(securityAuditLog.userId, admin.userId));
    await updateUserProfile(as(admin), {
      userId: person.userId,
      phoneNumber: "+1 360 555 0101",
      twoFactor: "",
      firstLogin: "on",
    });
    const { rows, total } = await list(admin, `q=${admin.email}`);
    expect(total).toBe(2);
    expect(rows).toMatchObject([
      {
        person: admin.email,
        event: "record_updated",
        module: "users",
        subject: person.email,
        details: "first login: no → yes; phone number: — → +1 360 555 0101",
        ipAddress: "192.0.2.44",
      },
      {
        person: admin.email,
        event: "login_success",
        module: null,
        subject: "",
        details: "method: password; portal: admin",
      },
    ]);
    expect((await list(admin, `q=${admin.email}&kind=changes`)).rows.map((row) => row.event)).toEqual(["record_updated"]);
    expect((await list(admin, `q=${admin.email}&kind=security`)).rows.map((row) => row.event)).toEqual(["login_success"]);
    expect((await list(admin, `q=${admin.email}&module=users`)).total).toBe(1);
    expect((await list(admin, `q=${admin.email}&module=bookings`)).total).toBe(0);
  });

  it("finds a failed sign-in by the e-mail that was tried", async () => {
    const admin = await insertUser(t.db);
    const tried = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await recordAuditEvent(t.db, { type: "login_failed", details: { email: tried, portal: "admin" } }, { clientAddress: "192.0.2.45" });
    expect((await list(admin, `q=${tried}`)).rows).toMatchObject([
      {
        person: tried,
        event: "login_failed",
        details: "portal: admin",
        ipAddress: "192.0.2.45",
      },
    ]);
  });

  it("filters by day in the organisation's time zone (Los Angeles)", async () => {
    const admin = await insertUser(t.db);
    const person = await insertCustomer(t.db);
    // 06:30 UTC on March 3rd is still March 2nd in Los Angeles (22:30 PST).
    await t.db.insert(securityAuditLog).values([
      {
        userId: person.userId,
        eventType: "logout",
        createdAt: new Date("2031-03-03T06:30:00Z"),
      },
      {
        userId: person.userId,
        eventType: "login_success",
        createdAt: new Date("2031-03-03T09:00:00Z"),
      },
    ]);
    const q = `q=${person.email}`;
    expect((await list(admin, `${q}&from=2031-03-02&to=2031-03-02`)).rows.map((row) => row.event)).toEqual(["logout"]);
    expect((await list(admin, `${q}&from=2031-03-03`)).rows.map((row) => row.event)).toEqual(["login_success"]);
    expect((await list(admin, `${q}&to=2031-03-03`)).total).toBe(2);
    // A malformed date is ignored rather than failing the page.
    expect((await list(admin, `${q}&from=2031-13-45`)).total).toBe(2);
  });
});
