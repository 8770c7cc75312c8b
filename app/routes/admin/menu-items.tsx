import { useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { LABEL_MAX, PATH_MAX } from "~/features/menu-items/menu-item-limits";
import type { LinkType } from "~/features/menu-items/menu-items.schema";
import { menuItemsScreen } from "~/features/menu-items/menu-items.screen";
import { getMenuItem, nextDisplayOrder, type MenuItemRow } from "~/features/menu-items/menu-items.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { pendingPost } from "~/ui/admin/pending-post";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { ReorderableRows } from "~/ui/admin/reorderable-rows";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { SelectField } from "~/ui/forms/select-field";
import { TextField } from "~/ui/forms/text-field";
import { cn } from "~/ui/primitives/cn";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/menu-items";

const addMenuItemSchema = clientSchema(() => import("~/features/menu-items/menu-items.schema").then((m) => m.AddMenuItemSchema));
const deleteMenuItemSchema = clientSchema(() => import("~/features/menu-items/menu-items.schema").then((m) => m.DeleteMenuItemSchema));
const editMenuItemSchema = clientSchema(() => import("~/features/menu-items/menu-items.schema").then((m) => m.EditMenuItemSchema));

export const meta: Route.MetaFunction = () => [{ title: "Menu Items | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(menuItemsScreen, args);
  // No dialog over a list that could not be read.
  const { dialog, record: item } = list.failure ? { dialog: null, record: null } : await recordDialog(args, list.can, getMenuItem);
  return { ...list, dialog, item, nextOrder: dialog === "add" ? await nextDisplayOrder(backOfficeContext(args)) : 0 };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(menuItemsScreen, args);
}

/** The declaration's columns, with the Visible/Hidden badge a switch (for those who may change items). */
const switchableScreen = {
  ...menuItemsScreen,
  columns: menuItemsScreen.columns.map((column) => (column.id === "visibility" ? { ...column, cell: (row: MenuItemRow) => <VisibilitySwitch row={row} /> } : column)),
};

export default function MenuItemsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast ?? loaderData.failure ?? undefined);
  useLiveRevalidation(menuItemsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, item, nextOrder, failure } = loaderData;
  const listHref = `${menuItemsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  // Moving only means something in the menu's own order.
  const reorderable = can.update && !failure && params.sort === "order" && params.dir === "asc";

  return (
    <>
      <ScreenHeader screen={menuItemsScreen}>{can.create && <AddButton params={params} label="Add Menu Item" />}</ScreenHeader>
      {reorderable && rows.length > 1 && <p className="mt-4 text-sm text-ink-muted">Drag a row by its handle, or use its Move up and Move down buttons, to change the order of the menu.</p>}
      {can.update && !failure && !reorderable && (
        <p className="mt-4 text-sm text-ink-muted">
          To change the order of the menu,{" "}
          <Link to={listSearch(params, { sort: "order", dir: "asc", page: 1 })} preventScrollReset className="font-semibold text-link underline">
            sort by Order, lowest first
          </Link>
          .
        </p>
      )}
      <ReorderableRows rows={rows} enabled={reorderable} actions={(row) => <RowActions label={row.label} actions={editAndDelete(can, params, row.id)} />}>
        {(shownRows, rowControls) => (
          <DataTable
            screen={can.update ? switchableScreen : menuItemsScreen}
            rows={shownRows}
            total={total}
            params={params}
            pageCount={pageCount}
            rowKey={(row) => row.id}
            rowLabel={(row) => row.label}
            rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
            actions={can.update || can.delete ? rowControls : undefined}
            empty={failure ? "The menu items could not be read. Reload the page in a moment." : undefined}
          />
        )}
      </ReorderableRows>
      {(dialog === "add" || dialog === "edit") && <MenuItemDialog key={item?.id ?? "new"} item={item} nextOrder={nextOrder} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && item && (
        <DeleteRecordDialog title="Delete Menu Item" formId="delete-menu-item" schema={deleteMenuItemSchema} id={item.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{item.label}</strong>? It is removed from the site&apos;s menu. This action cannot be undone.
          </p>
          <p className="mt-2 text-sm text-ink-muted">To take it out of the menu for a while, hide it instead.</p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

/**
 * The row's Visible/Hidden switch: a plain form post (it works without JavaScript), showing the
 * state asked for while it is saved.
 */
function VisibilitySwitch({ row }: { row: MenuItemRow }) {
  const pending = pendingPost(useNavigation().formData, "set-visibility");
  const visible = pending?.get("id") === row.id ? pending.get("isVisible") === "true" : row.isVisible;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="isVisible" value={String(!visible)} />
      <button
        type="submit"
        name="intent"
        value="set-visibility"
        role="switch"
        aria-checked={visible}
        aria-label={`Show ${row.label} in the menu`}
        className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-ink hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span aria-hidden="true" className={cn("relative inline-block h-5 w-9 shrink-0 rounded-full transition-colors", visible ? "bg-forest-700" : "bg-stone-400")}>
          <span className={cn("absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform", visible && "translate-x-4")} />
        </span>
        <span aria-hidden="true">{visible ? "Visible" : "Hidden"}</span>
      </button>
    </Form>
  );
}

const TYPE_OPTIONS = [
  { value: "internal", label: "Internal: a page of this site" },
  { value: "custom", label: "Custom: an external link" },
];
const PATH_HINTS: Record<LinkType, string> = {
  internal: "A path on this site, starting with /: /about, /blog or /#roadmap.",
  custom: "A full web address starting with https://, opened in a new tab.",
};

function MenuItemDialog({ item, nextOrder, closeHref, lastResult }: { item: MenuItemRow | null; nextOrder: number; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = item ? editMenuItemSchema : addMenuItemSchema;
  const [linkType, setLinkType] = useState<LinkType>(item?.isCustom ? "custom" : "internal");
  // A new item: visible, last in the menu.
  const [form, fields] = useForm({
    id: item ? "edit-menu-item" : "add-menu-item",
    lastResult,
    defaultValue: {
      label: item?.label ?? "",
      path: item?.path ?? "",
      linkType: item?.isCustom ? "custom" : "internal",
      displayOrder: String(item?.displayOrder ?? nextOrder),
      isVisible: item ? (item.isVisible ? "on" : "") : "on",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title={item ? "Edit Menu Item" : "Add Menu Item"} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {item && <input type="hidden" name="id" value={item.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.label} label="Label" autoComplete="off" maxLength={LABEL_MAX} />
        <SelectField field={fields.linkType} label="Type" options={TYPE_OPTIONS} onValueChange={(value) => setLinkType(value === "custom" ? "custom" : "internal")} />
        <TextField field={fields.path} label="Path" autoComplete="off" maxLength={PATH_MAX} hint={PATH_HINTS[linkType]} />
        <TextField field={fields.displayOrder} label="Display order" type="number" inputMode="numeric" min={0} step={1} hint="Lowest first. An item already at this number moves down one, with those right after it. Moving items in the list numbers them 0, 1, 2…" />
        <CheckboxField field={fields.isVisible} label="Visible" asSwitch hint="Shown in the site's menu." />
        <DialogButtons closeHref={closeHref} label={item ? "Save Changes" : "Add Menu Item"} intent={item ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
