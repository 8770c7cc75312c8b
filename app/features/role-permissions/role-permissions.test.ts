import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import { permissionsOf } from "~/features/accounts/roles.server";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseListParams } from "~/platform/list-params";
import { rolePermissions, securityAuditLog } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertStaffRole, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { ROLE_NAME_RULE } from "./role-permission-messages";
import { rolePermissionsScreen } from "./role-permissions.screen";
import {
  addRolePermission,
  ADMIN_ROWS_LOCKED,
  CUSTOMER_ROWS_LOCKED,
  deleteRolePermission,
  duplicateMessage,
  listRolePermissions,
  loadRoleGrid,
  OWN_ROLE_LOCKED,
  saveRoleGrid,
  updateRolePermission,
} from "./role-permissions.server";
import { GRID_CELL_INVALID } from "./role-grid";

describe.each(testEngines())("Role Permissions commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform, "203.0.113.9");
  const list = (actor: BackOfficeContext["actor"], query: string) => listRolePermissions(as(actor), parseListParams(new URLSearchParams(query), rolePermissionsScreen.list));
  const auditOf = (recordId: string) => t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, recordId));
  const rowOf = async (role: string, module: "bookings" | "posts" | "pages") =>
    (
      await t.db
        .select()
        .from(rolePermissions)
        .where(and(eq(rolePermissions.role, role), eq(rolePermissions.module, module)))
    )[0];

  it("refuses a customer and a staff role without the flag; a viewer sees the list but can't add", async () => {
    const customer = await insertCustomer(t.db);
    const viewer = await insertStaff(t.db, { role_permissions: ["view"] });
    const input = { role: "front_desk_x", module: "bookings", canView: "on" };
    await expect(list(customer, "")).rejects.toThrow(ForbiddenError);
    await expect(list({ kind: "anonymous" }, "")).rejects.toThrow(ForbiddenError);
    await expect(addRolePermission(as(customer), input)).rejects.toThrow(ForbiddenError);
    await expect(addRolePermission(as(viewer), input)).rejects.toThrow("You don't have permission to add role permissions.");
    await expect(updateRolePermission(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to change role permissions.");
    await expect(deleteRolePermission(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow("You don't have permission to delete role permissions.");
    expect((await list(viewer, `q=${viewer.roles[0]}`)).rows.map((row) => row.module)).toEqual(["role_permissions"]);
  });

  it("adds a staff role's row, refuses a second row for the same role and module, and records it", async () => {
    const admin = await insertUser(t.db);
    const role = `desk_${crypto.randomUUID().slice(0, 6)}`;
    const added = await addRolePermission(as(admin), {
      role,
      module: "bookings",
      canView: "on",
      canUpdate: "on",
    });
    expect(added).toMatchObject({
      ok: true,
      value: {
        role,
        module: "bookings",
        canView: true,
        canCreate: false,
        canUpdate: true,
        canDelete: false,
      },
    });
    const row = (await rowOf(role, "bookings"))!;
    // The role now means something: its people may view and update bookings.
    expect((await permissionsOf(t.db, [role])).bookings).toEqual({
      view: true,
      create: false,
      update: true,
      delete: false,
    });
    expect(await auditOf(row.id)).toMatchObject([
      {
        eventType: "record_created",
        module: "role_permissions",
        userId: admin.userId,
        ipAddress: "203.0.113.9",
        after: { role, module: "bookings", canView: true },
      },
    ]);

    const again = await addRolePermission(as(admin), {
      role,
      module: "bookings",
      canDelete: "on",
    });
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      message: duplicateMessage(role, "bookings"),
      fieldErrors: { module: [duplicateMessage(role, "bookings")] },
    });
    expect(duplicateMessage(role, "bookings")).toBe(`The role ${role} already has a row for Bookings: edit that row instead.`);
    expect((await rowOf(role, "bookings"))!.canDelete).toBe(false);
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it("says what is missing or malformed: role and module are required", async () => {
    const admin = await insertUser(t.db);
    expect(await addRolePermission(as(admin), { role: "", module: "" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        role: ["Role is required"],
        module: ["Module is required"],
      },
    });
    expect(
      await addRolePermission(as(admin), {
        role: "Front Desk",
        module: "bookings",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { role: [ROLE_NAME_RULE] } });
    expect(
      await addRolePermission(as(admin), {
        role: "front_desk",
        module: "everything",
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { module: ["Module is required"] },
    });
  });

  it("edits only the flags (role and module stay), with before and after in the audit trail", async () => {
    const admin = await insertUser(t.db);
    const role = await insertStaffRole(t.db, { posts: ["view"] });
    const row = (await rowOf(role, "posts"))!;
    // A role or module sent along is ignored: both are locked once the row exists.
    const edited = await updateRolePermission(as(admin), {
      id: row.id,
      role: "admin",
      module: "users",
      canView: "on",
      canCreate: "on",
      canUpdate: "on",
    });
    expect(edited).toMatchObject({
      ok: true,
      value: {
        role,
        module: "posts",
        canView: true,
        canCreate: true,
        canUpdate: true,
        canDelete: false,
      },
    });
    const [audit] = await auditOf(row.id);
    expect(audit).toMatchObject({
      eventType: "record_updated",
      before: { role, module: "posts", canCreate: false },
      after: { role, module: "posts", canCreate: true },
    });
    expect(
      await updateRolePermission(as(admin), {
        id: crypto.randomUUID(),
        canView: "on",
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await updateRolePermission(as(admin), { id: "not-a-uuid" })).toMatchObject({ ok: false, status: 404 });
  });

  it("deletes a staff role's row, and its people lose the module at once", async () => {
    const admin = await insertUser(t.db);
    const role = await insertStaffRole(t.db, { pages: ["view", "update"] });
    const row = (await rowOf(role, "pages"))!;
    expect(await deleteRolePermission(as(admin), { id: row.id })).toMatchObject({ ok: true });
    expect(await rowOf(role, "pages")).toBeUndefined();
    expect((await permissionsOf(t.db, [role])).pages.view).toBe(false);
    expect(await auditOf(row.id)).toMatchObject([
      {
        eventType: "record_deleted",
        before: { role, module: "pages", canUpdate: true },
        after: null,
      },
    ]);
    expect(await deleteRolePermission(as(admin), { id: row.id })).toMatchObject({ ok: false, status: 404 });
  });

  it("the admin and customer rows are shown but never changed; nobody but an administrator changes their own role", async () => {
    const admin = await insertUser(t.db);
    const [adminRow] = await t.db
      .insert(rolePermissions)
      .values({
        role: "admin",
        module: "posts",
        canView: true,
        canCreate: true,
        canUpdate: true,
        canDelete: true,
      })
      .onConflictDoUpdate({
        target: [rolePermissions.role, rolePermissions.module],
        set: { canView: true },
      })
      .returning();
    expect(await updateRolePermission(as(admin), { id: adminRow!.id })).toEqual({ ok: false, status: 400, message: ADMIN_ROWS_LOCKED });
    expect(await deleteRolePermission(as(admin), { id: adminRow!.id })).toEqual({ ok: false, status: 400, message: ADMIN_ROWS_LOCKED });
    expect(
      await addRolePermission(as(admin), {
        role: "customer",
        module: "users",
        canView: "on",
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: CUSTOMER_ROWS_LOCKED,
    });
    expect((await t.db.select().from(rolePermissions).where(eq(rolePermissions.id, adminRow!.id)))[0]!.canDelete).toBe(true);

    // A staff member allowed to edit the matrix can't grant their own role more.
    const matrixEditor = await insertStaff(t.db, {
      role_permissions: ["view", "create", "update", "delete"],
    });
    const own = (await t.db.select().from(rolePermissions).where(eq(rolePermissions.role, matrixEditor.roles[0]!)))[0]!;
    expect(
      await updateRolePermission(as(matrixEditor), {
        id: own.id,
        canView: "on",
        canCreate: "on",
      }),
    ).toEqual({ ok: false, status: 403, message: OWN_ROLE_LOCKED });
    expect(
      await addRolePermission(as(matrixEditor), {
        role: matrixEditor.roles[0]!,
        module: "users",
        canView: "on",
      }),
    ).toMatchObject({ ok: false, status: 403, message: OWN_ROLE_LOCKED });
    // Another role is theirs to shape.
    const other = await insertStaffRole(t.db, { posts: ["view"] });
    expect(
      await addRolePermission(as(matrixEditor), {
        role: other,
        module: "pages",
        canView: "on",
      }),
    ).toMatchObject({ ok: true });
  });

  it("lists by role then module, filters by module, searches the role name", async () => {
    const admin = await insertUser(t.db);
    const tag = `zz${crypto.randomUUID().slice(0, 6)}`;
    await insertStaffRole(t.db, { posts: ["view"], bookings: ["view"] }, `${tag}_b`);
    await insertStaffRole(t.db, { pages: ["view"] }, `${tag}_a`);
    const byRole = await list(admin, `q=${tag}`);
    expect(byRole.total).toBe(3);
    expect(byRole.rows.map((row) => `${row.role}/${row.module}`)).toEqual([`${tag}_a/pages`, `${tag}_b/bookings`, `${tag}_b/posts`]);
    const byModule = await list(admin, `q=${tag}&sort=module&dir=desc`);
    expect(byModule.rows.map((row) => row.module)).toEqual(["posts", "pages", "bookings"]);
    expect((await list(admin, `q=${tag}&module=posts`)).rows.map((row) => row.role)).toEqual([`${tag}_b`]);
    // An underscore typed in the search is an underscore, not "any character".
    expect((await list(admin, `q=${tag}_a`)).total).toBe(1);
  });

  describe("the grid", () => {
    /** The grid's form as a browser sends it: what was ticked when drawn, and what is ticked now. */
    const form = (shown: string[], grant: string[]) => ({ intent: "save-grid", shown: shown.join(","), grant });
    const flags = async (role: string, module: "bookings" | "posts" | "pages" | "hives") => {
      const row = await rowOf(role, module as "bookings");
      return row && [row.canView, row.canCreate, row.canUpdate, row.canDelete];
    };

    it("shows the staff roles by name, then the admin column with every box ticked, then the customer role; modules in the menu's order", async () => {
      const admin = await insertUser(t.db);
      const role = await insertStaffRole(t.db, { posts: ["view", "update"] });
      const grid = await loadRoleGrid(as(admin));
      expect(grid.roles.slice(-2)).toEqual([
        { role: "admin", kind: "admin", locked: ADMIN_ROWS_LOCKED },
        { role: "customer", kind: "customer", locked: CUSTOMER_ROWS_LOCKED },
      ]);
      expect(grid.roles.find((column) => column.role === role)).toEqual({ role, kind: "staff", locked: null });
      const staff = grid.roles.slice(0, -2).map((column) => column.role);
      expect(staff).toEqual([...staff].sort());
      expect(grid.roles.slice(0, -2).every((column) => column.kind === "staff")).toBe(true);
      expect(grid.modules.slice(0, 3)).toEqual(["bookings", "locations", "assets"]);
      expect(grid.modules).toHaveLength(13);
      // The admin role has every permission whatever its rows say.
      await t.db.update(rolePermissions).set({ canDelete: false }).where(and(eq(rolePermissions.role, "admin"), eq(rolePermissions.module, "profile")));
      expect((await loadRoleGrid(as(admin))).granted.filter((cell) => cell.startsWith("admin:"))).toHaveLength(13 * 4);
      expect(grid.granted.filter((cell) => cell.startsWith(`${role}:`)).sort()).toEqual([`${role}:posts:update`, `${role}:posts:view`]);
      // Nobody but an administrator changes their own role: a matrix editor sees theirs locked.
      const editor = await insertStaff(t.db, { role_permissions: ["view", "update"] });
      expect((await loadRoleGrid(as(editor))).roles.find((column) => column.role === editor.roles[0])).toMatchObject({ locked: OWN_ROLE_LOCKED });
      await expect(loadRoleGrid(as(await insertStaff(t.db, { posts: ["view"] })))).rejects.toThrow("You don't have permission to view role permissions.");
    });

    it("saves only the boxes changed, in one go, with an audit row per row that changed, keeping another person's change to another box", async () => {
      const admin = await insertUser(t.db);
      const desk = await insertStaffRole(t.db, { bookings: ["view"], posts: ["view", "update"] });
      const shop = await insertStaffRole(t.db, { pages: ["view"] });
      const shown = [`${desk}:bookings:view`, `${desk}:posts:view`, `${desk}:posts:update`, `${shop}:pages:view`];
      // Meanwhile someone else gives the desk Delete on Bookings: a box this save did not touch.
      await t.db.update(rolePermissions).set({ canDelete: true }).where(and(eq(rolePermissions.role, desk), eq(rolePermissions.module, "bookings")));
      const saved = await saveRoleGrid(as(admin), form(shown, [`${desk}:bookings:view`, `${desk}:bookings:update`, `${desk}:posts:view`, `${shop}:pages:view`, `${shop}:hives:view`]));
      expect(saved).toMatchObject({ ok: true, value: { changed: 3 }, toast: { title: "Permissions saved", description: `3 rows changed: ${[`${desk} (Bookings, Posts)`, `${shop} (Hives)`].sort((a, b) => a.localeCompare(b)).join("; ")}.` } });
      expect(await flags(desk, "bookings")).toEqual([true, false, true, true]);
      expect(await flags(desk, "posts")).toEqual([true, false, false, false]);
      expect(await flags(shop, "hives")).toEqual([true, false, false, false]);
      expect(await flags(shop, "pages")).toEqual([true, false, false, false]);
      const bookingsRow = (await rowOf(desk, "bookings"))!;
      expect(await auditOf(bookingsRow.id)).toMatchObject([{ eventType: "record_updated", module: "role_permissions", before: { role: desk, module: "bookings", canUpdate: false, canDelete: true }, after: { canUpdate: true, canDelete: true } }]);
      expect(await auditOf((await rowOf(shop, "hives" as "bookings"))!.id)).toMatchObject([{ eventType: "record_created", after: { role: shop, module: "hives", canView: true } }]);
      expect(await auditOf((await rowOf(shop, "pages"))!.id)).toEqual([]);
      expect((await permissionsOf(t.db, [desk])).bookings.update).toBe(true);

      // The same form again: nothing left to change, nothing recorded.
      expect(await saveRoleGrid(as(admin), form([], []))).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
      expect(await saveRoleGrid(as(admin), form([`${desk}:posts:update`], []))).toMatchObject({ ok: true, value: { changed: 0 }, toast: { title: "No changes to save" } });
      expect(await auditOf((await rowOf(desk, "posts"))!.id)).toHaveLength(1);
    });

    it("refuses without the permission to change, and never changes the admin or customer column or one's own role", async () => {
      const admin = await insertUser(t.db);
      const role = await insertStaffRole(t.db, { posts: ["view"] });
      const change = form([], [`${role}:posts:update`]);
      await expect(saveRoleGrid(as(await insertCustomer(t.db)), change)).rejects.toThrow(ForbiddenError);
      await expect(saveRoleGrid(as(await insertStaff(t.db, { role_permissions: ["view"] })), change)).rejects.toThrow("You don't have permission to change role permissions.");

      await t.db
        .insert(rolePermissions)
        .values({ role: "admin", module: "bookings", canView: true, canCreate: true, canUpdate: true, canDelete: true })
        .onConflictDoUpdate({ target: [rolePermissions.role, rolePermissions.module], set: { canDelete: true } });
      const adminShown = [`admin:bookings:view`, `admin:bookings:create`, `admin:bookings:update`, `admin:bookings:delete`];
      expect(await saveRoleGrid(as(admin), form(adminShown, adminShown.slice(0, 3)))).toEqual({ ok: false, status: 400, message: ADMIN_ROWS_LOCKED });
      expect((await rowOf("admin", "bookings"))!.canDelete).toBe(true);
      // One locked box refuses the whole save: the staff role's box is not saved either.
      expect(await saveRoleGrid(as(admin), form([], [`${role}:posts:update`, "customer:users:view"]))).toEqual({ ok: false, status: 400, message: CUSTOMER_ROWS_LOCKED });
      expect(await flags(role, "posts")).toEqual([true, false, false, false]);

      const editor = await insertStaff(t.db, { role_permissions: ["view", "update"] });
      const own = editor.roles[0]!;
      expect(await saveRoleGrid(as(editor), form([`${own}:role_permissions:view`, `${own}:role_permissions:update`], [`${own}:role_permissions:view`, `${own}:role_permissions:update`, `${own}:role_permissions:delete`]))).toEqual({ ok: false, status: 403, message: OWN_ROLE_LOCKED });
      // A module the role has no row for needs the permission to add rows: refused, and the change to another row is rolled back.
      expect(await saveRoleGrid(as(editor), form([`${role}:posts:view`], []))).toMatchObject({ ok: true, value: { changed: 1 } });
      await expect(saveRoleGrid(as(editor), form([], [`${role}:posts:view`, `${role}:pages:view`]))).rejects.toThrow("You don't have permission to add role permissions.");
      expect(await flags(role, "posts")).toEqual([false, false, false, false]);
      expect(await rowOf(role, "pages")).toBeUndefined();

      expect(await saveRoleGrid(as(admin), { shown: "", grant: ["Admin:bookings:view"] })).toEqual({ ok: false, status: 400, message: GRID_CELL_INVALID });
      expect(await saveRoleGrid(as(admin), { grant: [`${role}:posts:view`] })).toEqual({ ok: false, status: 400, message: GRID_CELL_INVALID });
      expect(await saveRoleGrid(as(admin), { shown: "", grant: [`${role}:everything:view`] })).toEqual({ ok: false, status: 400, message: GRID_CELL_INVALID });
    });
  });
});
