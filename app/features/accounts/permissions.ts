// Relative: the screen declarations (and so routes.ts) load this module before the "~" alias exists.
import { PERMISSION_MODULES } from "../../platform/db/schema/permission-modules";
import type { Actor, StaffActor } from "./actor";

export { PERMISSION_MODULES };

/**
 * The permission matrix of the back-office: per role and module, may its people view, create,
 * update, delete. The `admin` role has every permission whatever its rows say; a customer has
 * none; any other role is a staff role, with exactly the flags its rows grant. Every
 * back-office command calls `assertCan` itself, so no route can forget the check.
 */
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

export const PERMISSION_ACTIONS = ["view", "create", "update", "delete"] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export type ModuleFlags = Record<PermissionAction, boolean>;
export type Permissions = Record<PermissionModule, ModuleFlags>;

export const ADMIN_ROLE = "admin";
export const CUSTOMER_ROLE = "customer";
/** Lower case, digits and underscores, 2 to 32 characters (the database checks it too). */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

/** Staff roles are every role but the two built-in ones. */
export const isStaffRole = (role: string) => role !== ADMIN_ROLE && role !== CUSTOMER_ROLE;
/** Who works in the back-office: anyone holding a role other than customer (admin or a staff role). */
export const worksInBackOffice = (roles: readonly string[]) => roles.some((role) => role !== CUSTOMER_ROLE);

const noFlags = (): ModuleFlags => ({ view: false, create: false, update: false, delete: false });
const allFlags = (): ModuleFlags => ({ view: true, create: true, update: true, delete: true });

export const noPermissions = (): Permissions =>
  Object.fromEntries(PERMISSION_MODULES.map((module) => [module, noFlags()])) as Permissions;
export const allPermissions = (): Permissions =>
  Object.fromEntries(PERMISSION_MODULES.map((module) => [module, allFlags()])) as Permissions;

export type PermissionRow = { module: PermissionModule; canView: boolean; canCreate: boolean; canUpdate: boolean; canDelete: boolean };

/** A person with several staff roles may do what any of them may. */
export function mergePermissions(rows: readonly PermissionRow[]): Permissions {
  const merged = noPermissions();
  for (const row of rows) {
    const flags = merged[row.module];
    flags.view ||= row.canView;
    flags.create ||= row.canCreate;
    flags.update ||= row.canUpdate;
    flags.delete ||= row.canDelete;
  }
  return merged;
}

/** What a signed-in staff member may do; false for everyone else, and for a first login not finished. */
export function can(actor: Actor, module: PermissionModule, action: PermissionAction): boolean {
  if (actor.kind !== "staff" || actor.firstLogin) return false;
  return actor.permissions[module][action];
}

const ACTION_VERBS: Record<PermissionAction, string> = { view: "view", create: "add", update: "change", delete: "delete" };
const MODULE_NOUNS: Record<PermissionModule, string> = {
  users: "users",
  bookings: "bookings",
  locations: "locations",
  assets: "assets",
  hive_tiers: "hive tiers",
  hive_adoptions: "hive adoptions",
  hives: "hives",
  sponsors: "sponsors",
  pages: "pages",
  posts: "posts",
  menu_items: "menu items",
  role_permissions: "role permissions",
  profile: "profiles",
};

/** How a module is named on screen (Role Permissions, Activity). */
export const MODULE_LABELS: Record<PermissionModule, string> = {
  users: "Users",
  bookings: "Bookings",
  locations: "Locations",
  assets: "Assets",
  hive_tiers: "Hive Tiers",
  hive_adoptions: "Hive Adoptions",
  hives: "Hives",
  sponsors: "Sponsors",
  pages: "Pages",
  posts: "Posts",
  menu_items: "Menu Items",
  role_permissions: "Role Permissions",
  profile: "Profile",
};

export function forbiddenMessage(module: PermissionModule, action: PermissionAction) {
  return `You don't have permission to ${ACTION_VERBS[action]} ${MODULE_NOUNS[module]}. Ask an administrator if you need it.`;
}

/** Thrown by a command when the actor may not do it; routes answer 403 with its message. */
export class ForbiddenError extends Error {
  override name = "ForbiddenError";
  readonly status = 403;
  constructor(
    readonly module: PermissionModule,
    readonly action: PermissionAction,
  ) {
    super(forbiddenMessage(module, action));
  }
}

export function assertCan(actor: Actor, module: PermissionModule, action: PermissionAction): asserts actor is StaffActor {
  if (!can(actor, module, action)) throw new ForbiddenError(module, action);
}
