import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { createContext, use, useEffect, useRef, useState, type DragEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { askedRecordDialog, backOfficeContext, loadScreenList, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/features/back-office/list-params";
import { AddMenuItemSchema, DeleteMenuItemSchema, EditMenuItemSchema, LABEL_MAX, PATH_MAX, type LinkType } from "~/features/menu-items/menu-items.schema";
import { menuItemsScreen } from "~/features/menu-items/menu-items.screen";
import { getMenuItem, nextDisplayOrder, type MenuItemRow } from "~/features/menu-items/menu-items.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { errorToast } from "~/platform/toast";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { checkedOnSubmit, DialogButtons } from "~/ui/admin/dialog-buttons";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { SchemaForm } from "~/ui/forms/schema-form";
import { SelectField } from "~/ui/forms/select-field";
import { TextField } from "~/ui/forms/text-field";
import { cn } from "~/ui/primitives/cn";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/menu-items";

export const meta: Route.MetaFunction = () => [{ title: "Menu Items | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  // The spec's list failure: a short toast, the screen kept.
  const list = await loadScreenList(menuItemsScreen, args, { failureToast: () => errorToast("Failed to fetch menu items", "Reload the page in a moment.") });
  const asked = list.failure ? null : askedRecordDialog(args.request, list.can);
  const ctx = backOfficeContext(args);
  if (asked?.dialog === "add") return { ...list, dialog: asked.dialog, item: null, nextOrder: await nextDisplayOrder(ctx) };
  const item = asked ? await getMenuItem(ctx, asked.id) : null;
  if (!asked || !item) return { ...list, dialog: null, item: null, nextOrder: 0 };
  return { ...list, dialog: asked.dialog, item, nextOrder: 0 };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(menuItemsScreen, args, {
    add: "Failed to add menu item",
    edit: "Failed to update menu item",
    delete: "Failed to delete menu item",
    "set-visibility": "Failed to update visibility",
    move: "Failed to save menu order",
  });
}

type Move = { id: string; position: number };

/** The rows as they will be once `move` is saved: shown while it is (the list is in the menu's order). */
function withMove(rows: readonly MenuItemRow[], move: Move | null) {
  const moved = move && rows.find((row) => row.id === move.id);
  if (!move || !moved) return rows;
  const from = moved.position;
  const to = Math.min(move.position, moved.itemCount - 1);
  const placeOf = (row: MenuItemRow) => {
    if (row.id === moved.id) return to;
    if (from < to && row.position > from && row.position <= to) return row.position - 1;
    if (from > to && row.position >= to && row.position < from) return row.position + 1;
    return row.position;
  };
  return rows.map((row) => ({ ...row, position: placeOf(row), displayOrder: placeOf(row) })).sort((a, b) => a.position - b.position);
}

const pendingOf = (formData: FormData | undefined, intent: string) => (formData?.get("intent") === intent ? formData : null);

/**
 * What the row's own controls need from the screen. The table's cells are given through a
 * context, not as new functions on every render: a cell function that changes is a new component
 * to the table, and its controls would be rebuilt, losing the focus (after a keyboard move) and
 * cancelling a drag as it starts.
 */
type RowContext = { can: { update: boolean; delete: boolean }; params: Route.ComponentProps["loaderData"]["params"]; reorderable: boolean; drag: RowDrag; onMove: (row: MenuItemRow, direction: "up" | "down") => void };
const RowControlsContext = createContext<RowContext | null>(null);

const rowControls = (row: MenuItemRow) => <RowControls row={row} />;
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
  const navigation = useNavigation();
  const submit = useSubmit();

  // Moving only means something in the menu's own order.
  const reorderable = can.update && !failure && params.sort === "order" && params.dir === "asc";
  const pendingMove = pendingOf(navigation.formData, "move");
  const shownRows = reorderable && pendingMove ? withMove(rows, { id: String(pendingMove.get("id")), position: Number(pendingMove.get("position")) }) : rows;
  const drag = useRowDrag((move) => void submit({ intent: "move", id: move.id, position: String(move.position) }, { method: "post", preventScrollReset: true }));
  const onMove = useFocusAfterMove(shownRows);

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
      <RowControlsContext value={{ can, params, reorderable, drag, onMove }}>
        <div
          onDragOver={reorderable ? drag.onDragOver : undefined}
          onDrop={reorderable ? drag.onDrop : undefined}
          className={cn(
            "[&_tr:has([data-drop=before])]:shadow-[inset_0_3px_0_var(--color-honey-600)]",
            "[&_tr:has([data-drop=after])]:shadow-[inset_0_-3px_0_var(--color-honey-600)]",
            "[&_tr:has([data-dragging])]:opacity-50",
          )}
        >
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
        </div>
      </RowControlsContext>
      {(dialog === "add" || dialog === "edit") && <MenuItemDialog key={item?.id ?? "new"} item={item} nextOrder={nextOrder} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && item && (
        <DeleteRecordDialog title="Delete Menu Item" formId="delete-menu-item" schema={DeleteMenuItemSchema} id={item.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{item.label}</strong>? It is removed from the site&apos;s menu. This action cannot be undone.
          </p>
          <p className="mt-2 text-sm text-ink-muted">To take it out of the menu for a while, hide it instead.</p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

/** A row's last cell: the drag handle and Move buttons (in the menu's order), then Edit and Delete. */
function RowControls({ row }: { row: MenuItemRow }) {
  const { can, params, reorderable, drag, onMove } = use(RowControlsContext)!;
  return (
    <div className="flex items-center gap-1" data-drop={drag.over?.id === row.id ? drag.over.side : undefined} data-dragging={drag.dragging === row.id ? "" : undefined}>
      {reorderable && <MoveControls row={row} drag={drag} onMove={onMove} />}
      <RowActions label={row.label} actions={editAndDelete(can, params, row.id)} />
    </div>
  );
}

/**
 * The row's Visible/Hidden switch: a plain form post (it works without JavaScript), showing the
 * state asked for while it is saved.
 */
function VisibilitySwitch({ row }: { row: MenuItemRow }) {
  const pending = pendingOf(useNavigation().formData, "set-visibility");
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

type RowDrag = ReturnType<typeof useRowDrag>;

/**
 * Dragging a row by its handle (HTML drag and drop, a mouse's way; the keyboard has Move up and
 * Move down). The drop line shows where it will go; dropping sends one move.
 */
function useRowDrag(onMove: (move: Move) => void) {
  const [dragging, setDragging] = useState<{ id: string; position: number } | null>(null);
  const [over, setOver] = useState<{ id: string; side: "before" | "after"; position: number } | null>(null);

  const targetOf = (event: DragEvent<HTMLElement>) => {
    const row = (event.target as Element).closest("tbody tr");
    const marker = row?.querySelector<HTMLElement>("[data-menu-position]");
    if (!row || !marker || !dragging || marker.dataset.menuId === dragging.id) return null;
    const box = row.getBoundingClientRect();
    const side = event.clientY > box.top + box.height / 2 ? ("after" as const) : ("before" as const);
    const position = Number(marker.dataset.menuPosition);
    // Where it lands once taken out of its own place.
    const slot = side === "after" ? position + 1 : position;
    return { id: marker.dataset.menuId!, side, position: slot > dragging.position ? slot - 1 : slot };
  };

  return {
    dragging: dragging?.id ?? null,
    over,
    start(event: DragEvent<HTMLElement>, row: MenuItemRow) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", row.label);
      const tr = event.currentTarget.closest("tr");
      if (tr) event.dataTransfer.setDragImage(tr, 24, tr.offsetHeight / 2);
      setDragging({ id: row.id, position: row.position });
    },
    end() {
      setDragging(null);
      setOver(null);
    },
    onDragOver(event: DragEvent<HTMLElement>) {
      const target = targetOf(event);
      if (!target) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (over?.id !== target.id || over.side !== target.side) setOver(target);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      const target = targetOf(event);
      if (!target || !dragging) return;
      event.preventDefault();
      if (target.position !== dragging.position) onMove({ id: dragging.id, position: target.position });
      setDragging(null);
      setOver(null);
    },
  };
}

/**
 * After a keyboard move the row is drawn in its new place; if that took the focus away (the
 * browser drops it from a moved element, or the button is now disabled at the top or bottom), it
 * goes back to the row's Move button.
 */
function useFocusAfterMove(rows: readonly MenuItemRow[]) {
  const moved = useRef<{ id: string; direction: "up" | "down"; from: number } | null>(null);
  useEffect(() => {
    const last = moved.current;
    const row = last && rows.find((candidate) => candidate.id === last.id);
    if (!last || !row || row.position === last.from) return;
    moved.current = null;
    const button = (direction: string) => document.querySelector<HTMLButtonElement>(`[data-move="${direction}"][data-menu-id="${row.id}"]`);
    const wanted = button(last.direction);
    const target = wanted && !wanted.disabled ? wanted : button(last.direction === "up" ? "down" : "up");
    const focused = document.activeElement;
    if (target && (!focused || focused === document.body || (focused instanceof HTMLButtonElement && focused.disabled))) target.focus();
  }, [rows]);
  return (row: MenuItemRow, direction: "up" | "down") => {
    moved.current = { id: row.id, direction, from: row.position };
  };
}

const moveButton =
  "inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-ink hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent [&_svg]:size-4";

/** The drag handle and the Move up / Move down buttons: plain form posts, so they work without JavaScript. */
function MoveControls({ row, drag, onMove }: { row: MenuItemRow; drag: RowDrag; onMove: (row: MenuItemRow, direction: "up" | "down") => void }) {
  const first = row.position === 0;
  const last = row.position >= row.itemCount - 1;
  return (
    <>
      <span
        draggable
        onDragStart={(event) => drag.start(event, row)}
        onDragEnd={drag.end}
        data-menu-id={row.id}
        data-menu-position={row.position}
        title="Drag to move"
        aria-hidden="true"
        className="inline-flex size-9 cursor-grab items-center justify-center rounded-full text-ink-muted hover:bg-cream-dark active:cursor-grabbing"
      >
        <GripVertical className="size-4" />
      </span>
      <Form method="post" preventScrollReset onSubmit={() => onMove(row, "up")}>
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="position" value={Math.max(0, row.position - 1)} />
        <button type="submit" name="intent" value="move" disabled={first} aria-label={`Move ${row.label} up`} title="Move up" data-move="up" data-menu-id={row.id} className={moveButton}>
          <ArrowUp aria-hidden="true" />
        </button>
      </Form>
      <Form method="post" preventScrollReset onSubmit={() => onMove(row, "down")}>
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="position" value={row.position + 1} />
        <button type="submit" name="intent" value="move" disabled={last} aria-label={`Move ${row.label} down`} title="Move down" data-move="down" data-menu-id={row.id} className={moveButton}>
          <ArrowDown aria-hidden="true" />
        </button>
      </Form>
    </>
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
  const schema = item ? EditMenuItemSchema : AddMenuItemSchema;
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
        <TextField field={fields.displayOrder} label="Display order" type="number" inputMode="numeric" min={0} step={1} hint="Lowest first. Moving items in the list numbers them 0, 1, 2…" />
        <CheckboxField field={fields.isVisible} label="Visible" asSwitch hint="Shown in the site's menu." />
        <DialogButtons closeHref={closeHref} label={item ? "Save Changes" : "Add Menu Item"} intent={item ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
