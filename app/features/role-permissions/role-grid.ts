import { PERMISSION_ACTIONS, PERMISSION_MODULES, ROLE_NAME_PATTERN, type PermissionAction, type PermissionModule } from "~/features/accounts/permissions";

/**
 * The Role Permissions grid: roles as columns, modules × view/create/update/delete as tick boxes,
 * one save. A tick box is a cell, "role:module:action". The form sends the cells ticked (`grant`)
 * and the cells that were ticked when the page was drawn (`shown`): the cells whose two answers
 * differ are the ones the person changed, and only those are saved, so a change someone else
 * made meanwhile to another cell is kept.
 */
export type Cell = { role: string; module: PermissionModule; action: PermissionAction };

export const cellKey = (cell: Cell) => `${cell.role}:${cell.module}:${cell.action}`;

export function parseCell(key: string): Cell | null {
  const [role, module, action, ...rest] = key.split(":");
  if (rest.length > 0 || !role || !ROLE_NAME_PATTERN.test(role)) return null;
  if (!(PERMISSION_MODULES as readonly string[]).includes(module ?? "") || !(PERMISSION_ACTIONS as readonly string[]).includes(action ?? "")) return null;
  return { role, module: module as PermissionModule, action: action as PermissionAction };
}

export const GRID_CELL_INVALID = "The permissions sent could not be read. Reload the page and try again.";

/** The flag of the matrix each action is. */
export const FLAG_OF = { view: "canView", create: "canCreate", update: "canUpdate", delete: "canDelete" } as const;
