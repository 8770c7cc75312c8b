import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import type { AddSsoProviderSchema, EditSsoProviderSchema } from "~/features/single-sign-on/sso.schema";
import { ssoProvidersScreen } from "~/features/single-sign-on/sso-providers.screen";
import { getSsoProvider, type SsoProviderRow } from "~/features/single-sign-on/sso-providers.server";
import { ssoCallbackPath } from "~/features/single-sign-on/sso-callback-path";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { platformContext } from "~/platform/request-context";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { lastSubmission } from "~/ui/admin/last-submission";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema, type ClientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/single-sign-on";

const addSsoProviderSchema = clientSchema(() => import("~/features/single-sign-on/sso.schema").then((m) => m.AddSsoProviderSchema));
const deleteSsoProviderSchema = clientSchema(() => import("~/features/single-sign-on/sso.schema").then((m) => m.DeleteSsoProviderSchema));
const editSsoProviderSchema = clientSchema(() => import("~/features/single-sign-on/sso.schema").then((m) => m.EditSsoProviderSchema));

export const meta: Route.MetaFunction = () => [{ title: "Single Sign-On | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(ssoProvidersScreen, args);
  const { dialog, record: provider } = await recordDialog(args, list.can, getSsoProvider);
  // The address to register at the provider: the administrator copies it from the dialog.
  const redirectUri = new URL(ssoCallbackPath, args.context.get(platformContext).env.APP_URL).toString();
  return { ...list, dialog, provider, redirectUri };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(ssoProvidersScreen, args);
}

export default function SingleSignOnScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(ssoProvidersScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, provider, redirectUri } = loaderData;
  const listHref = `${ssoProvidersScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={ssoProvidersScreen}>{can.create && <AddButton params={params} label="Add Provider" />}</ScreenHeader>
      <DataTable
        screen={ssoProvidersScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.domain}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={can.update || can.delete ? (row) => <RowActions label={row.domain} actions={editAndDelete(can, params, row.id)} /> : undefined}
      />
      {dialog === "add" && <ProviderDialog provider={null} redirectUri={redirectUri} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "edit" && provider && <ProviderDialog provider={provider} redirectUri={redirectUri} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && provider && (
        <DeleteRecordDialog title="Remove Provider" formId="delete-sso-provider" schema={deleteSsoProviderSchema} id={provider.id} closeHref={listHref} lastResult={lastResult} after={<FreshProofStep formId="delete-sso-provider" lastResult={lastResult} />}>
          <p>
            Are you sure you want to remove single sign-on for <strong>{provider.domain}</strong>? Staff with an address there sign in with their password, Google or a passkey
            again; sessions already open stay open.
          </p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

function ProviderDialog({ provider, redirectUri, closeHref, lastResult }: { provider: SsoProviderRow | null; redirectUri: string; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema: ClientSchema<typeof AddSsoProviderSchema | typeof EditSsoProviderSchema> = provider ? editSsoProviderSchema : addSsoProviderSchema;
  const [form, fields] = useForm({
    id: provider ? "edit-sso-provider" : "add-sso-provider",
    lastResult,
    defaultValue: { domain: provider?.domain ?? "", issuer: provider?.issuer ?? "", clientId: provider?.clientId ?? "" },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  // A change that waits for a fresh proof of who is asking says so above the buttons; the step asks for it.
  const freshProof = lastResult?.error?.freshProof;
  return (
    <ScreenDialog
      title={provider ? "Edit Provider" : "Add Provider"}
      description={
        <>
          Register this site at the provider with the redirect URI <code className="rounded bg-cream-dark px-1 [overflow-wrap:anywhere]">{redirectUri}</code>. Saving reads the provider's discovery
          document and checks it.
        </>
      }
      closeHref={closeHref}
    >
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {provider && <input type="hidden" name="id" value={provider.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.domain} label="E-mail domain" autoComplete="off" maxLength={253} hint="Staff whose address ends in @ and this domain sign in at the provider." />
        <TextField field={fields.issuer} label="Issuer" type="url" autoComplete="off" maxLength={300} hint="The provider's issuer address; its discovery document is read from it." />
        <TextField field={fields.clientId} label="Client ID" autoComplete="off" maxLength={300} />
        <TextField
          field={fields.clientSecret}
          label="Client secret"
          type="password"
          autoComplete="new-password"
          maxLength={500}
          optional={Boolean(provider)}
          hint={provider ? "Leave blank to keep the stored secret. It is never shown again." : "Stored encrypted and never shown again."}
        />
        {freshProof && <FormError errors={freshProof} id={`${form.id}-fresh-proof`} />}
        <DialogButtons closeHref={closeHref} label={provider ? "Save Changes" : "Add Provider"} intent={provider ? "edit" : "add"} />
      </SchemaForm>
      <FreshProofStep formId={form.id} lastResult={lastResult} />
    </ScreenDialog>
  );
}
