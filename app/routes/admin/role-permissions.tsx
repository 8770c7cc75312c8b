import { useForm, type SubmissionResult } from "@conform-to/react";
import { isStaffRole, MODULE_LABELS, PERMISSION_MODULES } from "~/features/accounts/permissions";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { ROLE_NAME_RULE } from "~/features/role-permissions/role-permission-messages";
import { rolePermissionsScreen } from "~/features/role-permissions/role-permissions.screen";
import { getRolePermission, listDefinedRoles, loadRoleGrid, lockedReason, type RolePermissionRow } from "~/features/role-permissions/role-permissions.server";
import { PermissionGrid } from "~/features/role-permissions/permission-grid";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { CloseOnly, DialogButtons } from "~/ui/admin/dialog-buttons";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { ViewSwitch } from "~/ui/admin/view-switch";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { SelectField } from "~/ui/forms/select-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/role-permissions";

const addRolePermissionSchema = clientSchema(() => import("~/features/role-permissions/role-permissions.schema").then((m) => m.AddRolePermissionSchema));
const deleteRolePermissionSchema = clientSchema(() => import("~/features/role-permissions/role-permissions.schema").then((m) => m.DeleteRolePermissionSchema));
const editRolePermissionSchema = clientSchema(() => import("~/features/role-permissions/role-permissions.schema").then((m) => m.EditRolePermissionSchema));

export const meta: Route.MetaFunction = () => [{ title: "Role Permissions | Apiary Back-office" }];

const FLAGS = [
  { name: "canView", label: "View", hint: "See the screen and its list." },
  { name: "canCreate", label: "Create", hint: "Add new records." },
  { name: "canUpdate", label: "Update", hint: "Change existing records." },
  { name: "canDelete", label: "Delete", hint: "Delete records." },
] as const;

const MODULE_OPTIONS = PERMISSION_MODULES.map((module) => ({
  value: module,
  label: MODULE_LABELS[module],
}));

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(rolePermissionsScreen, args);
  const ctx = backOfficeContext(args);
  // The grid unless the URL asks for the spec's table (`view=list`).
  const grid = list.params.filters.view === "list" ? null : await loadRoleGrid(ctx);
  const { dialog, record: row } = await recordDialog(args, list.can, getRolePermission);
  // Why the row can't be changed (the admin role, customers, one's own role) is said in the dialog.
  const locked = row && ctx.actor.kind === "staff" ? lockedReason(ctx.actor, row.role) : null;
  return { ...list, grid, dialog, row, locked, roles: dialog === "add" ? await listDefinedRoles(ctx.platform.db) : [] };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(rolePermissionsScreen, args);
}

export default function RolePermissionsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(rolePermissionsScreen.liveTables);
  const { rows, total, params, pageCount, can, grid, dialog, row, locked, roles } = loaderData;
  const listHref = `${rolePermissionsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);
  // The built-in roles' rows are never deleted (their dialog says why they can't change).
  const rowActions = (target: RolePermissionRow) => editAndDelete(can, params, target.id, isStaffRole(target.role));

  return (
    <>
      <ScreenHeader screen={rolePermissionsScreen}>
        {can.create && <AddButton params={params} label="Add Permission" />}
      </ScreenHeader>
      <ViewSwitch
        label="Show the permissions as"
        views={[
          { label: "Grid", to: listSearch(params, { filters: { view: "" }, page: 1 }), current: Boolean(grid) },
          { label: "List", to: listSearch(params, { filters: { view: "list" } }), current: !grid },
        ]}
      />
      {grid ? (
        <PermissionGrid grid={grid} canSave={can.update} />
      ) : (
        <DataTable
          screen={rolePermissionsScreen}
          rows={rows}
          total={total}
          params={params}
          pageCount={pageCount}
          rowKey={(target) => target.id}
          rowLabel={(target) => `${target.role}, ${MODULE_LABELS[target.module]}`}
          rowHref={can.update ? (target) => dialogSearch(params, "edit", target.id) : undefined}
          actions={can.update || can.delete ? (target) => <RowActions label={`${target.role}, ${MODULE_LABELS[target.module]}`} actions={rowActions(target)} /> : undefined}
          // The search keeps the list view.
          extraFilters={<input type="hidden" name="view" value="list" />}
        />
      )}
      {dialog === "add" && <AddDialog roles={roles} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "edit" && row && <EditDialog row={row} locked={locked} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && row && (
        <DeleteRecordDialog title="Delete Permission" formId="delete-permission" schema={deleteRolePermissionSchema} id={row.id} closeHref={listHref} lastResult={lastResult} locked={locked}>
          <p>
            Are you sure you want to delete the {MODULE_LABELS[row.module]} permissions of <strong>{row.role}</strong>? People with this role lose them at once. This action cannot be undone.
          </p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

function AddDialog({ roles, closeHref, lastResult }: { roles: string[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "add-permission",
    lastResult,
    onValidate: addRolePermissionSchema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title="Add Permission" description="A new role is defined by its first row; give people the role in User Management." closeHref={closeHref}>
      <SchemaForm form={form} schema={addRolePermissionSchema} preventScrollReset className="flex flex-col gap-4">
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.role} label="Role" autoComplete="off" maxLength={32} hint={ROLE_NAME_RULE} list="defined-roles" />
        <datalist id="defined-roles">
          {roles.map((role) => (
            <option key={role} value={role} />
          ))}
        </datalist>
        <SelectField field={fields.module} label="Module" placeholder="Choose a module" options={MODULE_OPTIONS} />
        <FlagFields fields={fields} />
        <DialogButtons closeHref={closeHref} label="Add Permission" intent="add" />
      </SchemaForm>
    </ScreenDialog>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the add and edit forms share the four flag fields
function FlagFields({ fields, row, disabled }: { fields: Record<string, any>; row?: RolePermissionRow; disabled?: boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Permissions</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {FLAGS.map((flag) => (
          <CheckboxField key={flag.name} field={fields[flag.name]} label={flag.label} hint={flag.hint} defaultChecked={row?.[flag.name] ?? false} disabled={disabled} />
        ))}
      </div>
    </fieldset>
  );
}

function LockedRow({ row }: { row: RolePermissionRow }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {[
        { id: "permission-role", label: "Role", value: row.role },
        {
          id: "permission-module",
          label: "Module",
          value: MODULE_LABELS[row.module],
        },
      ].map((item) => (
        <div key={item.id} className="flex flex-col gap-1.5">
          <label htmlFor={item.id} className="text-sm font-semibold text-ink">
            {item.label}
          </label>
          <input id={item.id} value={item.value} readOnly className="min-h-11 rounded-xl border border-border bg-cream-dark px-3.5 text-ink" />
        </div>
      ))}
      <p className="text-sm text-ink-muted sm:col-span-2">Role and module can't be changed: add a new row for another pair.</p>
    </div>
  );
}

function EditDialog({ row, locked, closeHref, lastResult }: { row: RolePermissionRow; locked: string | null; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "edit-permission",
    lastResult,
    onValidate: editRolePermissionSchema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title="Edit Permission" closeHref={closeHref}>
      <SchemaForm form={form} schema={editRolePermissionSchema} preventScrollReset className="flex flex-col gap-4">
        <input type="hidden" name="id" value={row.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <LockedRow row={row} />
        {locked && (
          <p role="note" className="rounded-xl border border-honey-300 bg-honey-50 px-4 py-3 text-sm text-ink">
            {locked}
          </p>
        )}
        <FlagFields fields={fields} row={row} disabled={Boolean(locked)} />
        {locked ? <CloseOnly closeHref={closeHref} /> : <DialogButtons closeHref={closeHref} label="Save Changes" intent="edit" />}
      </SchemaForm>
    </ScreenDialog>
  );
}
