import { Lock } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { MODULE_LABELS, PERMISSION_ACTIONS, type PermissionAction, type PermissionModule } from "~/features/accounts/permissions";
import { Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { cellKey } from "./role-grid";
import type { RoleGrid } from "./role-permissions.server";
import { useSending } from "~/ui/forms/use-sending";

const ACTION_LABELS: Record<PermissionAction, string> = { view: "View", create: "Create", update: "Update", delete: "Delete" };
/** What a module's row covers when its name alone doesn't say. */
const MODULE_NOTES: Partial<Record<PermissionModule, string>> = { role_permissions: "and Activity", profile: "customers' own" };
const KIND_NOTES = { admin: "built-in", customer: "built-in, the site's", staff: null } as const;

/**
 * The permission matrix as a grid: a column per role, a row per module, and in each a tick box
 * for view, create, update and delete; one Save for all of it. The admin column is shown ticked
 * and locked, as are the customer column and (for anyone but an administrator) one's own role:
 * why is said under the grid. On a phone one role's column is shown at a time, chosen above the
 * grid (the first role that can be changed to start with): four boxes and the module's name fit
 * its width, where every column would need scrolling sideways. The other columns stay in the
 * form, hidden, so Save sends the whole grid as on a desk.
 */
export function PermissionGrid({ grid, canSave }: { grid: RoleGrid; canSave: boolean }) {
  const saving = useSending("save-grid");
  const granted = new Set(grid.granted);
  const shown = grid.roles.filter((column) => !column.locked).flatMap((column) => grid.granted.filter((key) => key.startsWith(`${column.role}:`)));
  const locked = grid.roles.filter((column) => column.locked);
  const [chosenRole, setPhoneRole] = useState<string>();
  // The role chosen, while it is still in the grid (a live update may remove it); else the first that can be changed.
  const phoneRole = grid.roles.some((column) => column.role === chosenRole) ? chosenRole : (grid.roles.find((column) => !column.locked) ?? grid.roles[0])?.role;
  /** A column's cells on a phone: shown for the chosen role only. */
  const onPhone = (role: string) => role !== phoneRole && "max-md:hidden";
  return (
    <Form method="post" preventScrollReset className="mt-6">
      <input type="hidden" name="intent" value="save-grid" />
      <input type="hidden" name="shown" value={shown.join(",")} />
      {grid.roles.length > 1 && (
        <label className="mb-3 flex flex-col gap-1 text-sm font-semibold text-ink md:hidden">
          Role shown
          <select value={phoneRole} onChange={(event) => setPhoneRole(event.target.value)} className="min-h-11 rounded-xl border border-ink/25 bg-surface px-3 font-normal">
            {grid.roles.map((column) => (
              <option key={column.role} value={column.role}>
                {column.role}
                {column.locked ? " (locked)" : ""}
              </option>
            ))}
          </select>
        </label>
      )}
      <div role="region" aria-labelledby="permission-grid-caption" tabIndex={0} className="max-w-full overflow-x-auto rounded-2xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary">
        <table className="border-separate border-spacing-0 text-sm max-md:w-full">
          <caption id="permission-grid-caption" className="sr-only">
            Permissions by role: for each module, whether the role's people may view, create, update and delete
          </caption>
          <thead className="text-ink">
            <tr>
              <th scope="col" rowSpan={2} className="sticky left-0 z-10 border-r border-b border-border bg-cream-dark px-3 py-2 text-left align-bottom font-semibold">
                Module
              </th>
              {grid.roles.map((column) => (
                <th key={column.role} scope="colgroup" colSpan={4} className={cn("border-b border-l border-border bg-cream-dark px-2 pt-2.5 pb-1 text-center font-semibold whitespace-nowrap", onPhone(column.role))}>
                  <span className="inline-flex items-center gap-1">
                    {column.locked && <Lock aria-hidden="true" className="size-3.5 text-ink-muted" />}
                    {column.role}
                  </span>
                  <span className="block text-xs font-normal text-ink-muted">{[KIND_NOTES[column.kind], column.locked ? "locked" : null].filter(Boolean).join(", ") || "staff role"}</span>
                </th>
              ))}
            </tr>
            <tr>
              {grid.roles.flatMap((column) =>
                PERMISSION_ACTIONS.map((action, index) => (
                  <th
                    key={`${column.role}:${action}`}
                    scope="col"
                    className={cn("border-b border-border bg-cream-dark px-1 py-1.5 text-center text-xs font-medium text-ink-muted", index === 0 && "border-l", onPhone(column.role))}
                  >
                    {ACTION_LABELS[action]}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {grid.modules.map((module) => (
              <tr key={module} className="hover:bg-honey-50">
                <th scope="row" className="sticky left-0 z-10 w-28 border-r border-b border-border bg-surface px-3 py-1 text-left leading-tight font-medium sm:w-auto sm:whitespace-nowrap">
                  {MODULE_LABELS[module]}
                  {MODULE_NOTES[module] && <span className="block text-xs font-normal text-ink-muted">{MODULE_NOTES[module]}</span>}
                </th>
                {grid.roles.flatMap((column) =>
                  PERMISSION_ACTIONS.map((action, index) => {
                    const key = cellKey({ role: column.role, module, action });
                    const ticked = granted.has(key);
                    return (
                      <td key={key} className={cn("border-b border-border p-0 text-center", index === 0 && "border-l", onPhone(column.role))}>
                        <label className={cn("inline-flex size-11 items-center justify-center lg:h-9 lg:w-full lg:min-w-9", column.locked || !canSave ? "cursor-not-allowed" : "cursor-pointer")}>
                          <input
                            // A box someone else changes is drawn again with the new answer (the others keep what this person ticked).
                            key={`${key}:${ticked}`}
                            type="checkbox"
                            name="grant"
                            value={key}
                            defaultChecked={ticked}
                            disabled={Boolean(column.locked) || !canSave}
                            aria-label={`${ACTION_LABELS[action]} ${MODULE_LABELS[module]} for ${column.role}`}
                            className="size-5 accent-forest-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                          />
                        </label>
                      </td>
                    );
                  }),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {locked.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-ink-muted" aria-label="Locked columns">
          {locked.map((column) => (
            <li key={column.role}>
              <span className="font-semibold text-ink">{column.role}</span>: {column.locked}
            </li>
          ))}
        </ul>
      )}
      {canSave && (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save Permissions"}
          </Button>
          <Button type="reset" variant="ghost">
            Undo changes
          </Button>
        </div>
      )}
    </Form>
  );
}
