import { and, asc, desc, eq, gte, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { menuItems } from "~/platform/db/schema";
import { AddMenuItemSchema, DeleteMenuItemSchema, DISPLAY_ORDER_MAX, EditMenuItemSchema, MoveMenuItemSchema, SetVisibilitySchema } from "./menu-items.schema";

/** One item of the site's menu (the public drawer), with its place in the whole menu. */
export type MenuItemRow = {
  id: string;
  label: string;
  path: string;
  /** Custom: an external link (a full web address); else Internal, a page of this site. */
  isCustom: boolean;
  isVisible: boolean;
  displayOrder: number;
  /** Its place in the whole menu from 0, in the drawer's order (display order, then label): what a move is given. */
  position: number;
  /** How many items the menu has in all (a list may be searched): the last one cannot move down. */
  itemCount: number;
};

/**
 * Every item with its place: the drawer's order (display order, then label; the id breaks a tie
 * between two items of the same label), counted over the whole menu before any search.
 */
const ranked = (db: Queryable) =>
  db
    .select({
      id: menuItems.id,
      label: menuItems.label,
      path: menuItems.path,
      isCustom: menuItems.isCustom,
      isVisible: menuItems.isVisible,
      displayOrder: menuItems.displayOrder,
      position: sql<number>`(row_number() over (order by ${menuItems.displayOrder}, ${menuItems.label}, ${menuItems.id}) - 1)::int`.as("position"),
      itemCount: sql<number>`(count(*) over ())::int`.as("item_count"),
    })
    .from(menuItems)
    .as("ranked");

type Ranked = ReturnType<typeof ranked>;

const filtersOf = (items: Ranked, params: ListParams): SQL | undefined =>
  and(
    params.q ? or(ilike(items.label, containing(params.q)), ilike(items.path, containing(params.q))) : undefined,
    params.filters.visibility ? eq(items.isVisible, params.filters.visibility === "visible") : undefined,
    params.filters.type ? eq(items.isCustom, params.filters.type === "custom") : undefined,
  );

/** The menu, in the drawer's order unless another is asked for. */
export async function listMenuItems({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "menu_items", "view");
  const items = ranked(platform.db);
  const sorts = { order: items.position, label: items.label, path: items.path } as const;
  const column = sorts[params.sort as keyof typeof sorts] ?? items.position;
  const direction = params.dir === "desc" ? desc : asc;
  const { rows, total } = await pagedList(platform.db, { select: () => platform.db.select().from(items), where: filtersOf(items, params), orderBy: [direction(column), direction(items.position)] }, params, page);
  return { rows: rows satisfies MenuItemRow[], total };
}

export async function getMenuItem({ platform, actor }: BackOfficeContext, id: string): Promise<MenuItemRow | null> {
  assertCan(actor, "menu_items", "view");
  if (!isRecordId(id)) return null;
  const items = ranked(platform.db);
  const [row] = await platform.db.select().from(items).where(eq(items.id, id));
  return row ?? null;
}

/** The display order that puts a new item last: the Add dialog's default. */
export async function nextDisplayOrder({ platform, actor }: BackOfficeContext) {
  assertCan(actor, "menu_items", "create");
  const [row] = await platform.db.select({ next: sql<number>`(coalesce(max(${menuItems.displayOrder}), -1) + 1)::int` }).from(menuItems);
  return Math.min(row?.next ?? 0, DISPLAY_ORDER_MAX);
}

const GONE = "This menu item no longer exists.";

/** The audit trail's copy of an item, and what decides whether an edit changed anything. */
const fieldsOf = (row: Pick<MenuItemRow, "label" | "path" | "isCustom" | "isVisible" | "displayOrder">) => ({
  label: row.label,
  path: row.path,
  isCustom: row.isCustom,
  isVisible: row.isVisible,
  displayOrder: row.displayOrder,
});

/** The item, locked until the transaction ends (an edit, a toggle and a delete cannot cross). */
const lockItem = async (tx: Queryable, id: string) => (await tx.select().from(menuItems).where(eq(menuItems.id, id)).for("update"))[0];

/** Taken first by every command that gives items numbers (add, edit, move): they take turns, each working on the numbers the last one left. */
const MENU_ORDER_LOCK = 73_012_026;
const lockMenuOrder = (tx: Queryable) => tx.execute(sql`select pg_advisory_xact_lock(${MENU_ORDER_LOCK})`);

/**
 * What makes room for an item at `order` (a new one, or `id` moving there): when another item
 * has that number, it and the items right after it, up to the first free number, move down one.
 * The numbers further on stay as they are, so a menu numbered 10, 20, 30 keeps its gaps.
 */
async function roomAt(tx: Queryable, order: number, id: string | null): Promise<Renumbered[]> {
  const after = await tx
    .select({ id: menuItems.id, displayOrder: menuItems.displayOrder })
    .from(menuItems)
    .where(and(gte(menuItems.displayOrder, order), id ? ne(menuItems.id, id) : undefined))
    .orderBy(asc(menuItems.displayOrder));
  const run: Renumbered[] = [];
  for (const item of after) {
    if (item.displayOrder !== order + run.length) break;
    run.push({ id: item.id, next: item.displayOrder + 1 });
  }
  return run;
}

type Renumbered = { id: string; next: number };

/**
 * Gives items new numbers in one statement: the unique number of each item is checked at the
 * statement's end (a deferrable constraint), so a run may shift by one without a clash midway.
 */
async function renumber(tx: Queryable, changes: readonly Renumbered[]) {
  if (changes.length === 0) return;
  // Ids from the table itself and whole numbers, so the array literals are safe.
  const ids = `{${changes.map((item) => item.id).join(",")}}`;
  const numbers = `{${changes.map((item) => item.next).join(",")}}`;
  await tx.execute(sql`update ${menuItems} set display_order = renumbered.next from unnest(${ids}::uuid[], ${numbers}::int[]) as renumbered(id, next) where ${menuItems.id} = renumbered.id`);
}

/** Adds an item at its number; an item already there moves down one, with those right after it (roomAt). */
export async function addMenuItem(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "menu_items", "create");
  const parsed = AddMenuItemSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const values = parsed.data;
  return platform.db.transaction(async (tx) => {
    await lockMenuOrder(tx);
    await renumber(tx, await roomAt(tx, values.displayOrder, null));
    const [row] = await tx.insert(menuItems).values(values).returning({ id: menuItems.id });
    await recordChange(tx, actor, { module: "menu_items", action: "create", recordId: row!.id, after: fieldsOf(values), details: { label: values.label } }, meta);
    return succeeded({ id: row!.id }, "Menu item added", values.label);
  });
}

/** Changes an item; a new number makes room for it as adding does. */
export async function updateMenuItem(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "menu_items", "update");
  const parsed = EditMenuItemSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...values } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    await lockMenuOrder(tx);
    const current = await lockItem(tx, id);
    if (!current) return failed(404, GONE);
    const before = fieldsOf(current);
    const after = fieldsOf(values);
    if (JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", current.label);
    if (values.displayOrder !== current.displayOrder) await renumber(tx, [...(await roomAt(tx, values.displayOrder, id)), { id, next: values.displayOrder }]);
    await tx.update(menuItems).set(values).where(eq(menuItems.id, id));
    await recordChange(tx, actor, { module: "menu_items", action: "update", recordId: id, before, after, details: { label: values.label } }, meta);
    return succeeded(null, "Menu item updated", values.label);
  });
}

export async function deleteMenuItem(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "menu_items", "delete");
  const parsed = DeleteMenuItemSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const current = await lockItem(tx, id);
    if (!current) return failed(404, GONE);
    // The others keep their numbers: the order is the same without it.
    await tx.delete(menuItems).where(eq(menuItems.id, id));
    await recordChange(tx, actor, { module: "menu_items", action: "delete", recordId: id, before: fieldsOf(current), details: { label: current.label } }, meta);
    return succeeded(null, "Menu item deleted", current.label);
  });
}

/** The row's switch: shown in the drawer or not. Asking for the state it already has changes nothing. */
export async function setMenuItemVisibility(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "menu_items", "update");
  const parsed = SetVisibilitySchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, isVisible } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  const title = isVisible ? "Menu item shown" : "Menu item hidden";
  return platform.db.transaction(async (tx) => {
    const current = await lockItem(tx, id);
    if (!current) return failed(404, GONE);
    if (current.isVisible === isVisible) return succeeded(null, title, current.label);
    await tx.update(menuItems).set({ isVisible }).where(eq(menuItems.id, id));
    await recordChange(tx, actor, { module: "menu_items", action: "update", recordId: id, before: fieldsOf(current), after: fieldsOf({ ...current, isVisible }), details: { label: current.label } }, meta);
    return succeeded(null, title, current.label);
  });
}

/**
 * Moves an item to `position` in the whole menu (0 is first; past the end is last) and numbers
 * every item 0…n-1 in the new order, in one transaction with one audit row. The menu's order lock
 * comes first (so two moves queue), then the items are read in the drawer's order as it is once
 * the lock is held: a move that waited works on the order the other one left.
 */
export async function moveMenuItem(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "menu_items", "update");
  const parsed = MoveMenuItemSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, position } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    await lockMenuOrder(tx);
    const items = await tx
      .select({ id: menuItems.id, label: menuItems.label, displayOrder: menuItems.displayOrder })
      .from(menuItems)
      .orderBy(asc(menuItems.displayOrder), asc(menuItems.label), asc(menuItems.id));
    const from = items.findIndex((item) => item.id === id);
    const moved = items[from];
    if (!moved) return failed(404, GONE);
    const to = Math.min(position, items.length - 1);
    if (to === from) return succeeded(null, "No changes to save", moved.label);
    const order = items.filter((item) => item.id !== id);
    order.splice(to, 0, moved);
    await renumber(
      tx,
      order.map((item, index) => ({ ...item, next: index })).filter((item) => item.displayOrder !== item.next),
    );
    await recordChange(
      tx,
      actor,
      { module: "menu_items", action: "update", recordId: id, before: { position: from, displayOrder: moved.displayOrder }, after: { position: to, displayOrder: to }, details: { label: moved.label } },
      meta,
    );
    return succeeded(null, "Menu order saved", `${moved.label} is now ${to + 1} of ${items.length}.`);
  });
}
