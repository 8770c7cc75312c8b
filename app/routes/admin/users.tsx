import { accountLabel } from "~/features/accounts/no-email";
import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { loadScreenList, runScreenCommand, backOfficeContext } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "~/features/accounts/permissions";
import { getUser, listAssignableRoles, type UserRow } from "~/features/users/users.server";
import { ResetPasswordDialog } from "~/features/users/reset-password-dialog";
import { ResetFactorsDialog } from "~/features/users/reset-factors-dialog";
import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { mayResetFactorsOf } from "~/features/accounts/second-factors.server";
import { worksInBackOffice } from "~/features/accounts/permissions";
import { AccountAccessDialog, EndSessionsDialog } from "~/features/users/account-access-dialogs";
import { personPath } from "~/features/people/person-links";
import { usersScreen } from "~/features/users/users.screen";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/users";

const editProfileSchema = clientSchema(() => import("~/features/users/users.schema").then((m) => m.EditProfileSchema));
const manageRolesSchema = clientSchema(() => import("~/features/users/users.schema").then((m) => m.ManageRolesSchema));

export const meta: Route.MetaFunction = () => [{ title: "User Management | Apiary Back-office" }];

const DIALOGS = ["roles", "profile", "password", "factors", "sessions", "access"] as const;
type DialogName = (typeof DIALOGS)[number];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(usersScreen, args);
  const search = new URL(args.request.url).searchParams;
  const dialog = DIALOGS.find((name) => name === search.get("dialog"));
  const ctx = backOfficeContext(args);
  // The dialog's person is read (and permission-checked) on the server, like the list; its
  // commands check again. Without the right to change people, no dialog opens.
  const person = dialog && list.can.update ? await getUser(ctx, search.get("id") ?? "") : null;
  const roles = dialog === "roles" && person ? await listAssignableRoles(ctx.platform.db) : [];
  // Reset Second Factors is offered on the rows whose factors this staff member may reset (never their own as an administrator).
  const mayResetFactors = list.rows.filter((row) => hasFactorsToReset(row) && mayResetFactorsOf(ctx.actor, factorTarget(row))).map((row) => row.id);
  const factorsDialog = dialog === "factors" && person && !mayResetFactorsOf(ctx.actor, factorTarget(person));
  return { ...list, dialog: person && !factorsDialog ? dialog : null, person, roles, mayResetFactors };
}

const factorTarget = (row: UserRow) => ({ userId: row.id, isSponsor: row.roles.includes(CUSTOMER_ROLE), backOffice: worksInBackOffice(row.roles) });
const hasFactorsToReset = (row: UserRow) => row.twoFactor === "enabled";

export function action(args: Route.ActionArgs) {
  return runScreenCommand(usersScreen, args);
}

export default function UsersScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(usersScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, person, roles, mayResetFactors } = loaderData;
  const listHref = `${usersScreen.path}${listSearch(params)}`;
  const dialogHref = (name: DialogName, row: UserRow) => dialogSearch(params, name, row.id);
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={usersScreen} />
      <DataTable
        screen={usersScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => accountLabel(row.email)}
        rowHref={can.update ? (row) => dialogHref("profile", row) : undefined}
        actions={(row) => (
          <RowActions
            label={accountLabel(row.email)}
            actions={[
              // Everything about the person on one page, for whoever may see this list.
              { label: "Person's record", to: personPath(row.id) },
              ...(can.update
                ? [
                    { label: "Manage Roles", to: dialogHref("roles", row) },
                    { label: "Edit Profile", to: dialogHref("profile", row) },
                    { label: "Reset Password", to: dialogHref("password", row) },
                    { label: "End Sessions", to: dialogHref("sessions", row) },
                    { label: row.disabled ? "Enable Account" : "Disable Account", to: dialogHref("access", row) },
                  ]
                : []),
              ...(mayResetFactors.includes(row.id) ? [{ label: "Reset Second Factors", to: dialogHref("factors", row) }] : []),
            ]}
          />
        )}
      />
      {person && dialog === "roles" && <ManageRolesDialog person={person} roles={roles} closeHref={listHref} lastResult={lastResult} />}
      {person && dialog === "profile" && <EditProfileDialog person={person} closeHref={listHref} lastResult={lastResult} />}
      {person && dialog === "password" && <ResetPasswordDialog person={person} closeHref={listHref} lastResult={lastResult} />}
      {person && dialog === "factors" && <ResetFactorsDialog person={person} closeHref={listHref} lastResult={lastResult} />}
      {person && dialog === "sessions" && <EndSessionsDialog person={person} closeHref={listHref} lastResult={lastResult} />}
      {person && dialog === "access" && <AccountAccessDialog person={person} closeHref={listHref} lastResult={lastResult} />}
    </>
  );
}

const ROLE_HINTS: Record<string, string> = {
  [ADMIN_ROLE]: "Every screen and every permission.",
  [CUSTOMER_ROLE]: "Books stays and adopts hives; no back-office.",
};

function ManageRolesDialog({ person, roles, closeHref, lastResult }: { person: UserRow; roles: string[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form] = useForm({ id: "manage-roles", lastResult, onValidate: manageRolesSchema.validate, ...checkedOnSubmit });
  return (
    <ScreenDialog title="Manage Roles" description={accountLabel(person.email)} closeHref={closeHref}>
      <SchemaForm form={form} schema={manageRolesSchema} preventScrollReset>
        <input type="hidden" name="userId" value={person.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <fieldset className="mt-2">
          <legend className="text-sm font-semibold text-ink">Roles</legend>
          <p className="text-sm text-ink-muted">Saving replaces all of this person's roles with the ones ticked here.</p>
          <ul className="mt-3 space-y-2">
            {roles.map((role) => (
              <li key={role}>
                <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border px-3 py-2.5 hover:bg-cream-dark">
                  <input type="checkbox" name="roles" value={role} defaultChecked={person.roles.includes(role)} className="mt-1 size-4 accent-forest-700" />
                  <span>
                    <span className="font-semibold">{role}</span>
                    <span className="block text-sm text-ink-muted">{ROLE_HINTS[role] ?? "Staff role: the screens Role Permissions grants it."}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <DialogButtons closeHref={closeHref} label="Save Roles" intent="manage-roles" />
      </SchemaForm>
    </ScreenDialog>
  );
}

function EditProfileDialog({ person, closeHref, lastResult }: { person: UserRow; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "edit-profile",
    lastResult,
    defaultValue: { phoneNumber: person.phoneNumber ?? "" },
    onValidate: editProfileSchema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title="Edit Profile" closeHref={closeHref}>
      <SchemaForm form={form} schema={editProfileSchema} preventScrollReset className="flex flex-col gap-4">
        <input type="hidden" name="userId" value={person.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="profile-email" className="text-sm font-semibold text-ink">
            Email
          </label>
          <input id="profile-email" value={accountLabel(person.email)} readOnly className="min-h-11 rounded-xl border border-border bg-cream-dark px-3.5 text-ink" />
          <p className="text-sm text-ink-muted">The e-mail address can't be changed here.</p>
        </div>
        <TextField field={fields.phoneNumber} label="Phone" type="tel" optional autoComplete="off" maxLength={40} />
        <label className="flex cursor-pointer items-start gap-3">
          <input {...getInputProps(fields.twoFactor, { type: "checkbox" })} key={fields.twoFactor.key} defaultChecked={person.twoFactor !== "disabled"} className="mt-1 size-4 accent-forest-700" />
          <span>
            <span className="font-semibold">Two-factor authentication</span>
            <span className="block text-sm text-ink-muted">
              Turning it off is Reset Second Factors: it removes the person's authenticator, backup codes and phones (a lost phone), signs them out on every device and tells them by e-mail. Turning it on makes them set it up at their next sign-in.
            </span>
            {fields.twoFactor.errors && <span className="block text-sm font-medium text-red-800">{fields.twoFactor.errors[0]}</span>}
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3">
          <input {...getInputProps(fields.firstLogin, { type: "checkbox" })} key={fields.firstLogin.key} defaultChecked={person.firstLogin} className="mt-1 size-4 accent-forest-700" />
          <span>
            <span className="font-semibold">First login</span>
            <span className="block text-sm text-ink-muted">The person must choose a new password at their next sign-in.</span>
          </span>
        </label>
        <DialogButtons closeHref={closeHref} label="Save Changes" intent="edit-profile" />
      </SchemaForm>
      {/* Unticking 2FA asks the one saving for a fresh proof, as Reset Second Factors does: then this form is sent again. */}
      <FreshProofStep formId={form.id} lastResult={lastResult} />
    </ScreenDialog>
  );
}
