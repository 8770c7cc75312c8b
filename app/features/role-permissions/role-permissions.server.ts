import { and, asc, desc, eq, ilike, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import type { StaffActor } from "~/features/accounts/actor";
import { ADMIN_ROLE, assertCan, CUSTOMER_ROLE, isStaffRole, MODULE_LABELS, PERMISSION_ACTIONS, PERMISSION_MODULES, type PermissionModule } from "~/features/accounts/permissions";
import { BACK_OFFICE_SCREENS } from "~/features/back-office/screens";
import { plural } from "~/platform/plural";
import { failed, invalid, succeeded, type Result, type Refusal } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { rolePermissions } from "~/platform/db/schema";
import { AddRolePermissionSchema, DeleteRolePermissionSchema, EditRolePermissionSchema } from "./role-permissions.schema";
import { cellKey, FLAG_OF, GRID_CELL_INVALID, parseCell } from "./role-grid";
import { SaveRoleGridSchema } from "./role-grid.schema";

/** One row of the matrix: what the people of a role may do in one module. */
export type RolePermissionRow = {
  id: string;
  role: string;
  module: PermissionModule;
  canView: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
};

const rowColumns = {
  id: rolePermissions.id,
  role: rolePermissions.role,
  module: rolePermissions.module,
  canView: rolePermissions.canView,
  canCreate: rolePermissions.canCreate,
  canUpdate: rolePermissions.canUpdate,
  canDelete: rolePermissions.canDelete,
};

const flagsOf = (row: Pick<RolePermissionRow, "canView" | "canCreate" | "canUpdate" | "canDelete">) => ({
  canView: row.canView,
  canCreate: row.canCreate,
  canUpdate: row.canUpdate,
  canDelete: row.canDelete,
});

export const ADMIN_ROWS_LOCKED = "The admin role always has every permission: its rows can't be narrowed.";
export const CUSTOMER_ROWS_LOCKED = "Customers never work in the back-office: their rows describe what they do on the site and can't be changed here.";
export const OWN_ROLE_LOCKED = "You can't change the permissions of a role you hold yourself. Ask an administrator.";

/** Why this row may not be changed by this person, or nothing. */
export function lockedReason(actor: StaffActor, role: string): string | null {
  if (role === ADMIN_ROLE) return ADMIN_ROWS_LOCKED;
  if (role === CUSTOMER_ROLE) return CUSTOMER_ROWS_LOCKED;
  // Otherwise a staff member allowed to edit the matrix could grant themselves every screen.
  if (!actor.isAdministrator && actor.roles.includes(role)) return OWN_ROLE_LOCKED;
  return null;
}

/** How a row is named in toasts and in Activity. */
const labelOf = (row: { role: string; module: PermissionModule }) => `${row.role}, ${MODULE_LABELS[row.module]}`;

export const duplicateMessage = (role: string, module: PermissionModule) => `The role ${role} already has a row for ${MODULE_LABELS[module]}: edit that row instead.`;

const SORTS = {
  role: [rolePermissions.role, rolePermissions.module],
  module: [rolePermissions.module, rolePermissions.role],
} as const;
export const ROLE_PERMISSION_SORTS = Object.keys(SORTS);

function filtersOf(params: ListParams): SQL | undefined {
  return and(params.q ? ilike(rolePermissions.role, containing(params.q)) : undefined, params.filters.module ? eq(rolePermissions.module, params.filters.module as PermissionModule) : undefined);
}

/** The matrix, ordered by role then module (the spec), or by module then role. */
export async function listRolePermissions({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "role_permissions", "view");
  const [first, second] = SORTS[params.sort as keyof typeof SORTS] ?? SORTS.role;
  const direction = params.dir === "desc" ? desc : asc;
  return pagedList(platform.db, { select: () => platform.db.select(rowColumns).from(rolePermissions), where: filtersOf(params), orderBy: [direction(first), asc(second)] }, params, page);
}

export async function getRolePermission({ platform, actor }: BackOfficeContext, id: string): Promise<RolePermissionRow | null> {
  assertCan(actor, "role_permissions", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(rowColumns).from(rolePermissions).where(eq(rolePermissions.id, id));
  return row ?? null;
}

/** The roles defined so far, to suggest in the Add dialog. */
export async function listDefinedRoles(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ role: rolePermissions.role }).from(rolePermissions).orderBy(asc(rolePermissions.role));
  return rows.map((row) => row.role);
}


/**
 * Adds a row: a new staff role is defined by its first row. One row per role and module: a
 * second one for the same pair is refused with a message that says which row to edit.
 */
export async function addRolePermission(ctx: BackOfficeContext, input: unknown): Promise<Result<RolePermissionRow>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "create");
  const parsed = AddRolePermissionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { role, module } = parsed.data;
  const locked = lockedReason(actor, role);
  if (locked)
    return failed(locked === OWN_ROLE_LOCKED ? 403 : 400, locked, {
      role: [locked],
    });

  return platform.db.transaction(async (tx) => {
    const [row] = await tx.insert(rolePermissions).values(parsed.data).onConflictDoNothing().returning(rowColumns);
    if (!row)
      return failed(409, duplicateMessage(role, module), {
        module: [duplicateMessage(role, module)],
      });
    await recordChange(
      tx,
      actor,
      {
        module: "role_permissions",
        action: "create",
        recordId: row.id,
        after: { role, module, ...flagsOf(row) },
        details: { label: labelOf(row) },
      },
      meta,
    );
    return succeeded(row, "Permission added", `${role}: ${MODULE_LABELS[module]}.`);
  });
}

const GONE = "This permission row no longer exists.";

/** The row a change is about, locked until the change commits, or why it may not be changed. */
async function lockRowToChange(tx: Queryable, actor: StaffActor, id: string): Promise<RolePermissionRow | Refusal> {
  const [current] = isRecordId(id) ? await tx.select(rowColumns).from(rolePermissions).where(eq(rolePermissions.id, id)).for("update") : [];
  if (!current) return failed(404, GONE);
  const locked = lockedReason(actor, current.role);
  return locked ? failed(locked === OWN_ROLE_LOCKED ? 403 : 400, locked) : current;
}

/** Changes a row's flags; its role and module stay as they are (locked in the dialog). */
export async function updateRolePermission(ctx: BackOfficeContext, input: unknown): Promise<Result<RolePermissionRow>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "update");
  const parsed = EditRolePermissionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...flags } = parsed.data;
  return platform.db.transaction(async (tx) => {
    const current = await lockRowToChange(tx, actor, id);
    if ("ok" in current) return current;
    const [row] = await tx
      .update(rolePermissions)
      .set({ ...flags, updatedAt: new Date() })
      .where(eq(rolePermissions.id, id))
      .returning(rowColumns);
    await recordChange(
      tx,
      actor,
      {
        module: "role_permissions",
        action: "update",
        recordId: id,
        before: {
          role: current.role,
          module: current.module,
          ...flagsOf(current),
        },
        after: { role: current.role, module: current.module, ...flags },
        details: { label: labelOf(current) },
      },
      meta,
    );
    return succeeded(row!, "Permission updated", `${current.role}: ${MODULE_LABELS[current.module]}.`);
  });
}

/** Removes a row: the role's people lose that module at their next request. */
export async function deleteRolePermission(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "delete");
  const parsed = DeleteRolePermissionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  return platform.db.transaction(async (tx) => {
    const current = await lockRowToChange(tx, actor, id);
    if ("ok" in current) return current;
    await tx.delete(rolePermissions).where(eq(rolePermissions.id, id));
    await recordChange(
      tx,
      actor,
      {
        module: "role_permissions",
        action: "delete",
        recordId: id,
        before: {
          role: current.role,
          module: current.module,
          ...flagsOf(current),
        },
        details: { label: labelOf(current) },
      },
      meta,
    );
    return succeeded(null, "Permission deleted", `${current.role} no longer has a row for ${MODULE_LABELS[current.module]}.`);
  });
}

/** A column of the grid: a role, and why its boxes can't be changed by this person (or nothing). */
export type GridRole = { role: string; kind: "admin" | "staff" | "customer"; locked: string | null };
export type RoleGrid = { roles: GridRole[]; modules: PermissionModule[]; granted: string[] };

/** The modules in the menu's order (Bookings first), then the one no screen shows (the customers' own profile). */
export const GRID_MODULES: readonly PermissionModule[] = [...new Set([...BACK_OFFICE_SCREENS.map((screen) => screen.module), ...PERMISSION_MODULES])];

/**
 * The matrix as a grid: the staff roles by name first (the columns people change, in sight on a
 * phone), then the admin role (every box ticked, whatever its rows say: it has every permission)
 * and the customer role (its rows, shown as they are). `granted` are the ticked cells.
 */
export async function loadRoleGrid({ platform, actor }: BackOfficeContext): Promise<RoleGrid> {
  assertCan(actor, "role_permissions", "view");
  const rows = await platform.db.select(rowColumns).from(rolePermissions).orderBy(asc(rolePermissions.role));
  const staff = [...new Set(rows.map((row) => row.role).filter(isStaffRole))];
  const roles: GridRole[] = [
    ...staff.map((role) => ({ role, kind: "staff" as const, locked: lockedReason(actor, role) })),
    { role: ADMIN_ROLE, kind: "admin", locked: lockedReason(actor, ADMIN_ROLE) },
    { role: CUSTOMER_ROLE, kind: "customer", locked: lockedReason(actor, CUSTOMER_ROLE) },
  ];
  const granted = [
    ...GRID_MODULES.flatMap((module) => PERMISSION_ACTIONS.map((action) => cellKey({ role: ADMIN_ROLE, module, action }))),
    ...rows.filter((row) => row.role !== ADMIN_ROLE).flatMap((row) => PERMISSION_ACTIONS.filter((action) => row[FLAG_OF[action]]).map((action) => cellKey({ role: row.role, module: row.module, action }))),
  ];
  return { roles, modules: [...GRID_MODULES], granted };
}

const NO_FLAGS = { canView: false, canCreate: false, canUpdate: false, canDelete: false };
const sameFlags = (a: ReturnType<typeof flagsOf>, b: ReturnType<typeof flagsOf>) => PERMISSION_ACTIONS.every((action) => a[FLAG_OF[action]] === b[FLAG_OF[action]]);

/**
 * The grid's one save: the boxes the person changed (ticked now and not when the page was drawn,
 * or the other way round), grouped into rows of the matrix, written in one transaction with an
 * audit row per row that changed. Another person's change to another box meanwhile is kept; a
 * box of a locked role (admin, customer, one's own) refuses the whole save; a module a role had
 * no row for gets one, which needs the permission to add.
 */
export async function saveRoleGrid(ctx: BackOfficeContext, input: unknown): Promise<Result<{ changed: number }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "update");
  const parsed = SaveRoleGridSchema.safeParse(input);
  if (!parsed.success) return failed(400, GRID_CELL_INVALID);
  const shown = new Set(parsed.data.shown);
  const grant = new Set(parsed.data.grant);
  const changed = [...new Set([...shown, ...grant])].filter((key) => shown.has(key) !== grant.has(key)).map((key) => parseCell(key)!);
  if (changed.length === 0) return succeeded({ changed: 0 }, "No changes to save", "Tick or untick a box, then save.");
  for (const cell of changed) {
    const locked = lockedReason(actor, cell.role);
    if (locked) return failed(locked === OWN_ROLE_LOCKED ? 403 : 400, locked);
  }
  // One entry per row of the matrix, in the grid's order, with the flags the person set.
  const wanted = new Map<string, { role: string; module: PermissionModule; flags: Partial<ReturnType<typeof flagsOf>> }>();
  for (const cell of changed.sort((a, b) => a.role.localeCompare(b.role) || GRID_MODULES.indexOf(a.module) - GRID_MODULES.indexOf(b.module))) {
    const key = `${cell.role}:${cell.module}`;
    const entry = wanted.get(key) ?? { role: cell.role, module: cell.module, flags: {} };
    entry.flags[FLAG_OF[cell.action]] = grant.has(cellKey(cell));
    wanted.set(key, entry);
  }

  return platform.db.transaction(async (tx) => {
    const lockRow = async (role: string, module: PermissionModule) =>
      (await tx.select(rowColumns).from(rolePermissions).where(and(eq(rolePermissions.role, role), eq(rolePermissions.module, module))).for("update"))[0];
    const saved: { role: string; module: PermissionModule }[] = [];
    for (const { role, module, flags } of wanted.values()) {
      let current = await lockRow(role, module);
      if (!current) {
        const next = { ...NO_FLAGS, ...flags };
        if (sameFlags(next, NO_FLAGS)) continue;
        assertCan(actor, "role_permissions", "create");
        const [row] = await tx.insert(rolePermissions).values({ role, module, ...next }).onConflictDoNothing().returning(rowColumns);
        if (row) {
          await recordChange(tx, actor, { module: "role_permissions", action: "create", recordId: row.id, after: { role, module, ...flagsOf(row) }, details: { label: labelOf(row) } }, meta);
          saved.push({ role, module });
          continue;
        }
        // Someone added the row a moment ago: change theirs.
        current = await lockRow(role, module);
        if (!current) continue;
      }
      const before = flagsOf(current);
      const after = { ...before, ...flags };
      if (sameFlags(before, after)) continue;
      await tx
        .update(rolePermissions)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(rolePermissions.id, current.id));
      await recordChange(tx, actor, { module: "role_permissions", action: "update", recordId: current.id, before: { role, module, ...before }, after: { role, module, ...after }, details: { label: labelOf(current) } }, meta);
      saved.push({ role, module });
    }
    if (saved.length === 0) return succeeded({ changed: 0 }, "No changes to save", "The permissions already were as ticked.");
    const byRole = [...new Set(saved.map((row) => row.role))].map((role) => `${role} (${saved.filter((row) => row.role === role).map((row) => MODULE_LABELS[row.module]).join(", ")})`);
    return succeeded({ changed: saved.length }, "Permissions saved", `${plural(saved.length, "row")} changed: ${byRole.join("; ")}.`);
  });
}
