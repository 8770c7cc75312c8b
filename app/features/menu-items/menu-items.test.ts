import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import { parseListParams } from "~/platform/list-params";
import { listVisibleMenuItems } from "~/features/content/menu.server";
import { menuItems, securityAuditLog } from "~/platform/db/schema";
import { SqlState, sqlStateOf } from "~/platform/db/errors";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { AddMenuItemSchema, MENU_ITEM_MESSAGES, pathProblem } from "./menu-items.schema";
import { menuItemsScreen } from "./menu-items.screen";
import { addMenuItem, deleteMenuItem, getMenuItem, listMenuItems, moveMenuItem, setMenuItemVisibility, updateMenuItem } from "./menu-items.server";

const issuesOf = (input: Record<string, string>) => {
  const parsed = AddMenuItemSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the menu item form", () => {
  it("takes a relative path for an internal item and a full http(s) address for a custom one", () => {
    expect(AddMenuItemSchema.parse({ label: " About ", path: " /about ", isVisible: "on" })).toEqual({ label: "About", path: "/about", isCustom: false, isVisible: true, displayOrder: 0 });
    expect(AddMenuItemSchema.parse({ label: "Roadmap", path: "/#roadmap", linkType: "internal" })).toMatchObject({ path: "/#roadmap", isCustom: false, isVisible: false });
    expect(AddMenuItemSchema.parse({ label: "Festival", path: "HTTPS://Example.org/festival?day=2", linkType: "custom" })).toMatchObject({ path: "https://Example.org/festival?day=2", isCustom: true });
    expect(AddMenuItemSchema.parse({ label: "Plain", path: "http://example.org", linkType: "custom" })).toMatchObject({ isCustom: true });
  });

  it("refuses javascript:, data: and other schemes, protocol-relative paths, and a path of the wrong type, saying why", () => {
    for (const [path, linkType] of [
      ["javascript:alert(1)", "internal"],
      ["JavaScript:alert(document.cookie)", "custom"],
      [" javascript:void(0)", "custom"],
    ]) {
      expect(issuesOf({ label: "X", path: path!, linkType: linkType! }), path).toEqual({ path: MENU_ITEM_MESSAGES.unsafeScheme("javascript:") });
    }
    expect(issuesOf({ label: "X", path: "data:text/html,<script>alert(1)</script>", linkType: "custom" })).toEqual({ path: MENU_ITEM_MESSAGES.unsafeScheme("data:") });
    expect(issuesOf({ label: "X", path: "data:text/html;base64,PHNjcmlwdD4=", linkType: "custom" })).toEqual({ path: MENU_ITEM_MESSAGES.unsafeScheme("data:") });
    expect(pathProblem("vbscript:msgbox(1)", "internal")).toBe(MENU_ITEM_MESSAGES.unsafeScheme("vbscript:"));
    expect(pathProblem("mailto:bees@example.org", "custom")).toBe(MENU_ITEM_MESSAGES.unsafeScheme("mailto:"));
    expect(MENU_ITEM_MESSAGES.unsafeScheme("javascript:")).toBe('"javascript:" links are not allowed. Use a path on this site, such as /about, or a web address starting with https://');
    // Browsers drop tabs and newlines inside a scheme: "java\tscript:" is javascript:.
    expect(pathProblem("java\tscript:alert(1)", "internal")).toBe(MENU_ITEM_MESSAGES.pathSpaces);
    // Protocol-relative: another site to a browser.
    for (const path of ["//evil.example/login", "/\\evil.example", "about", "#roadmap"]) expect(pathProblem(path, "internal"), path).toBe(MENU_ITEM_MESSAGES.internalPath);
    expect(pathProblem("https://example.org", "internal")).toBe(MENU_ITEM_MESSAGES.internalIsUrl);
    for (const path of ["example.org", "https://", "https:///nohost", "https://user:secret@example.org", "//example.org"]) expect(pathProblem(path, "custom"), path).toBe(MENU_ITEM_MESSAGES.customUrl);
    expect(pathProblem("ftp://example.org", "custom")).toBe(MENU_ITEM_MESSAGES.unsafeScheme("ftp:"));
    // The seeded Roadmap (Custom, "/#roadmap") is told what to change when it is edited.
    expect(pathProblem("/#roadmap", "custom")).toBe(MENU_ITEM_MESSAGES.customIsPath);
    expect(issuesOf({ label: "X", path: "/x", linkType: "external" })).toEqual({ linkType: MENU_ITEM_MESSAGES.linkType });
  });

  it("requires a label and a path, and keeps the display order a whole number from 0 (0 when it is not a number)", () => {
    expect(issuesOf({ label: " ", path: "  " })).toEqual({ label: MENU_ITEM_MESSAGES.label, path: MENU_ITEM_MESSAGES.path });
    expect(issuesOf({ label: "L".repeat(61), path: `/${"p".repeat(500)}` })).toEqual({ label: MENU_ITEM_MESSAGES.labelLength, path: MENU_ITEM_MESSAGES.pathLength });
    for (const [text, order] of [
      ["", 0],
      ["abc", 0],
      ["  ", 0],
      ["7", 7],
      [" 12 ", 12],
      ["3.0", 3],
    ] as const) {
      expect(AddMenuItemSchema.parse({ label: "X", path: "/x", displayOrder: text }).displayOrder, `"${text}"`).toBe(order);
    }
    expect(AddMenuItemSchema.parse({ label: "X", path: "/x" }).displayOrder).toBe(0);
    expect(issuesOf({ label: "X", path: "/x", displayOrder: "-1" })).toEqual({ displayOrder: MENU_ITEM_MESSAGES.displayOrder });
    expect(issuesOf({ label: "X", path: "/x", displayOrder: "1.5" })).toEqual({ displayOrder: MENU_ITEM_MESSAGES.displayOrder });
    expect(issuesOf({ label: "X", path: "/x", displayOrder: "100000" })).toEqual({ displayOrder: MENU_ITEM_MESSAGES.displayOrderMax });
  });
});

describe.each(testEngines())("Menu Items commands on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 6)}`;
  const form = (changes: Record<string, string> = {}) => ({ label: unique("Festival"), path: "/festival", linkType: "internal", isVisible: "on", displayOrder: "3", ...changes });
  const itemOf = async (id: string) => (await t.db.select().from(menuItems).where(eq(menuItems.id, id)))[0];
  const auditOf = (id: string) => t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, id)).orderBy(asc(securityAuditLog.createdAt));
  const params = (query = "") => parseListParams(new URLSearchParams(query), menuItemsScreen.list);
  /** The whole menu in the drawer's order, as (id, display order). */
  const menu = async () => t.db.select({ id: menuItems.id, displayOrder: menuItems.displayOrder }).from(menuItems).orderBy(asc(menuItems.displayOrder), asc(menuItems.label), asc(menuItems.id));
  // Each test's items get numbers of their own (one item per number), 10 apart from a fresh block.
  let block = 0;
  const insertItems = async (labels: string[]) => {
    block += 1000;
    return t.db
      .insert(menuItems)
      .values(labels.map((label, index) => ({ label, path: `/${index}`, displayOrder: block + index * 10 })))
      .returning();
  };
  const orderOf = async (ids: string[]) => Object.fromEntries((await t.db.select().from(menuItems).where(inArray(menuItems.id, ids))).map((item) => [item.id, item.displayOrder]));

  it("refuses a customer and a staff role without the flag, for every command; allows the flag", async () => {
    const customer = await insertCustomer(t.db);
    const elsewhere = await insertStaff(t.db, { pages: ["view", "create", "update", "delete"], posts: ["view", "create", "update", "delete"] });
    const viewer = await insertStaff(t.db, { menu_items: ["view"] });
    const [item] = await insertItems([unique("Guarded")]);
    const id = item!.id;
    for (const actor of [customer, elsewhere]) {
      await expect(listMenuItems(as(actor), params())).rejects.toThrow(ForbiddenError);
      await expect(getMenuItem(as(actor), id)).rejects.toThrow(ForbiddenError);
      await expect(addMenuItem(as(actor), form())).rejects.toThrow(ForbiddenError);
    }
    await expect(listMenuItems(as({ kind: "anonymous" }), params())).rejects.toThrow("You don't have permission to view menu items.");
    await expect(listMenuItems(as(viewer), params())).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(addMenuItem(as(viewer), form())).rejects.toThrow("You don't have permission to add menu items.");
    await expect(updateMenuItem(as(viewer), { id, ...form() })).rejects.toThrow("You don't have permission to change menu items.");
    await expect(setMenuItemVisibility(as(viewer), { id, isVisible: "false" })).rejects.toThrow("You don't have permission to change menu items.");
    await expect(moveMenuItem(as(viewer), { id, position: "0" })).rejects.toThrow("You don't have permission to change menu items.");
    await expect(deleteMenuItem(as(viewer), { id })).rejects.toThrow("You don't have permission to delete menu items.");
    expect(await itemOf(id)).toMatchObject({ label: item!.label, isVisible: true, displayOrder: item!.displayOrder });

    // The editor's grants (seeded for pages, posts and menu items): the whole screen.
    const editor = await insertStaff(t.db, { menu_items: ["view", "create", "update", "delete"], pages: ["view", "create", "update", "delete"], posts: ["view", "create", "update", "delete"] });
    const added = await addMenuItem(as(editor), form());
    expect(added).toMatchObject({ ok: true });
    const addedId = added.ok ? added.value.id : "";
    expect(await setMenuItemVisibility(as(editor), { id: addedId, isVisible: "false" })).toMatchObject({ ok: true });
    expect(await moveMenuItem(as(editor), { id: addedId, position: "0" })).toMatchObject({ ok: true });
    expect(await updateMenuItem(as(editor), { id: addedId, ...form({ label: "Renamed by the editor" }) })).toMatchObject({ ok: true });
    expect(await deleteMenuItem(as(editor), { id: addedId })).toMatchObject({ ok: true });
  });

  it("adds an item as given, records it, and refuses a bad path with the message under the path", async () => {
    const admin = await insertUser(t.db);
    const fields = form({ path: "https://example.org/festival", linkType: "custom", displayOrder: "abc" });
    const added = await addMenuItem(as(admin), fields);
    expect(added).toMatchObject({ ok: true, toast: { title: "Menu item added", description: fields.label } });
    const id = added.ok ? added.value.id : "";
    expect(await itemOf(id)).toMatchObject({ label: fields.label, path: "https://example.org/festival", isCustom: true, isVisible: true, displayOrder: 0 });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({
      eventType: "record_created",
      module: "menu_items",
      userId: admin.userId,
      eventDetails: { action: "create", label: fields.label },
      before: null,
      after: { label: fields.label, path: "https://example.org/festival", isCustom: true, isVisible: true, displayOrder: 0 },
    });

    const refused = await addMenuItem(as(admin), form({ path: "javascript:alert(1)" }));
    expect(refused).toMatchObject({ ok: false, status: 400, message: MENU_ITEM_MESSAGES.unsafeScheme("javascript:"), fieldErrors: { path: [MENU_ITEM_MESSAGES.unsafeScheme("javascript:")] } });
    expect(await addMenuItem(as(admin), form({ path: "//evil.example" }))).toMatchObject({ ok: false, fieldErrors: { path: [MENU_ITEM_MESSAGES.internalPath] } });
    expect(await addMenuItem(as(admin), form({ displayOrder: "-2" }))).toMatchObject({ ok: false, fieldErrors: { displayOrder: [MENU_ITEM_MESSAGES.displayOrder] } });
    expect(await addMenuItem(as(admin), form({ label: "", path: "" }))).toMatchObject({ ok: false, fieldErrors: { label: [MENU_ITEM_MESSAGES.label], path: [MENU_ITEM_MESSAGES.path] } });
  });

  it("updates an item with its before and after in the audit trail; saving unchanged writes nothing", async () => {
    const admin = await insertUser(t.db);
    const [item] = await insertItems([unique("Blog")]);
    const base = { id: item!.id, label: item!.label, path: item!.path, linkType: "internal", isVisible: "on", displayOrder: String(item!.displayOrder) };
    expect(await updateMenuItem(as(admin), base)).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    expect(await auditOf(item!.id)).toEqual([]);
    const label = unique("News");
    expect(await updateMenuItem(as(admin), { ...base, label, path: "https://example.org/news", linkType: "custom", isVisible: "", displayOrder: "4" })).toMatchObject({ ok: true, toast: { title: "Menu item updated", description: label } });
    expect(await itemOf(item!.id)).toMatchObject({ label, path: "https://example.org/news", isCustom: true, isVisible: false, displayOrder: 4 });
    const [audit] = await auditOf(item!.id);
    expect(audit).toMatchObject({
      eventType: "record_updated",
      module: "menu_items",
      eventDetails: { label },
      before: { label: item!.label, path: item!.path, isCustom: false, isVisible: true },
      after: { label, path: "https://example.org/news", isCustom: true, isVisible: false, displayOrder: 4 },
    });
    expect(await updateMenuItem(as(admin), { ...base, path: "data:text/html;base64,AAAA", linkType: "custom" })).toMatchObject({ ok: false, fieldErrors: { path: [MENU_ITEM_MESSAGES.unsafeScheme("data:")] } });
    expect(await updateMenuItem(as(admin), { ...base, id: crypto.randomUUID() })).toMatchObject({ ok: false, status: 404 });
    expect(await updateMenuItem(as(admin), { ...base, id: "not-an-id" })).toMatchObject({ ok: false, status: 404 });
  });

  it("hides and shows an item from its row: the drawer follows, each change audited, asking twice changes nothing", async () => {
    const admin = await insertUser(t.db);
    const [item] = await insertItems([unique("Shop")]);
    const inDrawer = async () => (await listVisibleMenuItems(t.db)).some((entry) => entry.id === item!.id);
    expect(await inDrawer()).toBe(true);
    expect(await setMenuItemVisibility(as(admin), { id: item!.id, isVisible: "false" })).toMatchObject({ ok: true, toast: { title: "Menu item hidden", description: item!.label } });
    expect(await inDrawer()).toBe(false);
    expect(await setMenuItemVisibility(as(admin), { id: item!.id, isVisible: "false" })).toMatchObject({ ok: true, toast: { title: "Menu item hidden" } });
    expect(await setMenuItemVisibility(as(admin), { id: item!.id, isVisible: "true" })).toMatchObject({ ok: true, toast: { title: "Menu item shown" } });
    expect(await inDrawer()).toBe(true);
    const audits = await auditOf(item!.id);
    expect(audits.map((audit) => [audit.eventType, audit.before?.isVisible, audit.after?.isVisible, audit.eventDetails.label])).toEqual([
      ["record_updated", true, false, item!.label],
      ["record_updated", false, true, item!.label],
    ]);
    expect(await setMenuItemVisibility(as(admin), { id: item!.id, isVisible: "maybe" })).toMatchObject({ ok: false, status: 400, message: MENU_ITEM_MESSAGES.visibility });
    expect(await setMenuItemVisibility(as(admin), { id: crypto.randomUUID(), isVisible: "true" })).toMatchObject({ ok: false, status: 404 });
  });

  it("moves an item and numbers the whole menu 0…n-1 in one transaction, with one audit row", async () => {
    const admin = await insertUser(t.db);
    const tag = crypto.randomUUID().slice(0, 6);
    const [a, b, c, d] = await insertItems([`A ${tag}`, `B ${tag}`, `C ${tag}`, `D ${tag}`]);
    const before = await menu();
    const from = before.findIndex((item) => item.id === d!.id);
    const to = before.findIndex((item) => item.id === b!.id);
    expect(await moveMenuItem(as(admin), { id: d!.id, position: String(to) })).toMatchObject({ ok: true, toast: { title: "Menu order saved", description: `${d!.label} is now ${to + 1} of ${before.length}.` } });
    const after = await menu();
    expect(after.map((item) => item.displayOrder)).toEqual(after.map((_, index) => index));
    const expected = before.map((item) => item.id).filter((id) => id !== d!.id);
    expected.splice(to, 0, d!.id);
    expect(after.map((item) => item.id)).toEqual(expected);
    expect(after.filter((item) => [a, b, c, d].some((mine) => mine!.id === item.id)).map((item) => item.id)).toEqual([a!.id, d!.id, b!.id, c!.id]);
    const audits = await t.db.select().from(securityAuditLog).where(inArray(securityAuditLog.recordId, [a!.id, b!.id, c!.id, d!.id]));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ eventType: "record_updated", module: "menu_items", recordId: d!.id, eventDetails: { label: d!.label }, before: { position: from, displayOrder: d!.displayOrder }, after: { position: to, displayOrder: to } });

    // The list gives each row its place in the whole menu, searched or not.
    const searched = await listMenuItems(as(admin), params(`q=${tag}`));
    expect(searched.rows.map((row) => [row.label, row.position, row.itemCount])).toEqual([
      [a!.label, to - 1, after.length],
      [d!.label, to, after.length],
      [b!.label, to + 1, after.length],
      [c!.label, to + 2, after.length],
    ]);
    // Past the end is last; to its own place changes nothing; an unknown item is gone.
    expect(await moveMenuItem(as(admin), { id: a!.id, position: "99999" })).toMatchObject({ ok: true, toast: { description: `${a!.label} is now ${after.length} of ${after.length}.` } });
    expect((await menu()).at(-1)!.id).toBe(a!.id);
    expect(await moveMenuItem(as(admin), { id: a!.id, position: String(after.length - 1) })).toMatchObject({ ok: true, toast: { title: "No changes to save" } });
    expect(await moveMenuItem(as(admin), { id: crypto.randomUUID(), position: "0" })).toMatchObject({ ok: false, status: 404 });
    expect(await moveMenuItem(as(admin), { id: a!.id, position: "-1" })).toMatchObject({ ok: false, status: 400, fieldErrors: { position: [MENU_ITEM_MESSAGES.position] } });
    expect(await moveMenuItem(as(admin), { id: a!.id, position: "" })).toMatchObject({ ok: false, status: 400 });
  });

  it("concurrent moves queue: the menu ends numbered 0…n-1, every item once, and each move audited", async () => {
    const admin = await insertUser(t.db);
    const tag = crypto.randomUUID().slice(0, 6);
    const items = await insertItems(["P", "Q", "R", "S", "T", "U"].map((letter) => `${letter} ${tag}`));
    const count = (await menu()).length;
    const moves = items.flatMap((item, index) => [
      { id: item.id, position: String(index % 3) },
      { id: item.id, position: String(count - 1 - index) },
    ]);
    const results = await Promise.all(moves.map((move) => moveMenuItem(as(admin), move)));
    expect(results.every((result) => result.ok)).toBe(true);
    const after = await menu();
    expect(after).toHaveLength(count);
    expect(after.map((item) => item.displayOrder)).toEqual(after.map((_, index) => index));
    expect(new Set(after.map((item) => item.id)).size).toBe(count);
    const saved = results.filter((result) => result.ok && result.toast?.title === "Menu order saved").length;
    const audits = await t.db.select().from(securityAuditLog).where(inArray(securityAuditLog.recordId, items.map((item) => item.id)));
    expect(audits).toHaveLength(saved);
  });

  it("adds an item at a number another has: that one and those right after it move down one, up to the first gap", async () => {
    const admin = await insertUser(t.db);
    const [a, b, c, d] = await insertItems([unique("A"), unique("B"), unique("C"), unique("D")]);
    // a 0, b 10, c 20, d 30 (from the block): two items straight after b's number first.
    await t.db.update(menuItems).set({ displayOrder: b!.displayOrder + 1 }).where(eq(menuItems.id, c!.id));
    await t.db.update(menuItems).set({ displayOrder: b!.displayOrder + 2 }).where(eq(menuItems.id, d!.id));
    const added = await addMenuItem(as(admin), form({ displayOrder: String(b!.displayOrder) }));
    const id = added.ok ? added.value.id : "";
    expect(await orderOf([a!.id, b!.id, c!.id, d!.id, id])).toEqual({
      [a!.id]: a!.displayOrder,
      [id]: b!.displayOrder,
      [b!.id]: b!.displayOrder + 1,
      [c!.id]: b!.displayOrder + 2,
      [d!.id]: b!.displayOrder + 3,
    });
    // A free number moves nobody.
    const free = await addMenuItem(as(admin), form({ displayOrder: String(a!.displayOrder + 5) }));
    expect(await itemOf(free.ok ? free.value.id : "")).toMatchObject({ displayOrder: a!.displayOrder + 5 });
    expect((await orderOf([a!.id, b!.id]))[b!.id]).toBe(b!.displayOrder + 1);
  });

  it("edits an item onto another's number: it takes it, the others make room, its old number is free", async () => {
    const admin = await insertUser(t.db);
    const [a, b, c] = await insertItems([unique("A"), unique("B"), unique("C")]);
    const base = { id: c!.id, label: c!.label, path: c!.path, linkType: "internal", isVisible: "on" };
    // c (block + 20) onto a (block): a moves to block + 1, b stays (not in a's run).
    expect(await updateMenuItem(as(admin), { ...base, displayOrder: String(a!.displayOrder) })).toMatchObject({ ok: true, toast: { title: "Menu item updated" } });
    expect(await orderOf([a!.id, b!.id, c!.id])).toEqual({ [c!.id]: a!.displayOrder, [a!.id]: a!.displayOrder + 1, [b!.id]: b!.displayOrder });
    const [audit] = await auditOf(c!.id);
    expect(audit).toMatchObject({ before: { displayOrder: c!.displayOrder }, after: { displayOrder: a!.displayOrder } });
    // Back down onto a's new number, which the run right after c's own number reaches: only a moves.
    expect(await updateMenuItem(as(admin), { ...base, displayOrder: String(a!.displayOrder + 1) })).toMatchObject({ ok: true });
    expect(await orderOf([a!.id, b!.id, c!.id])).toEqual({ [c!.id]: a!.displayOrder + 1, [a!.id]: a!.displayOrder + 2, [b!.id]: b!.displayOrder });
  });

  it("keeps one item per number when people add and edit at once, and the database refuses a second item on a number", async () => {
    const admin = await insertUser(t.db);
    const [first] = await insertItems([unique("First")]);
    const at = String(first!.displayOrder);
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => addMenuItem(as(admin), form({ label: unique(`Rush ${index}`), displayOrder: at }))));
    expect(results.every((result) => result.ok)).toBe(true);
    const numbers = (await t.db.select({ displayOrder: menuItems.displayOrder }).from(menuItems)).map((item) => item.displayOrder);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((await orderOf([first!.id]))[first!.id]).toBe(first!.displayOrder + 6);
    const clash = await t.db
      .insert(menuItems)
      .values({ label: unique("Clash"), path: "/clash", displayOrder: first!.displayOrder })
      .catch((error: unknown) => error);
    expect(sqlStateOf(clash)).toBe(SqlState.uniqueViolation);
  });

  it("deletes an item, with its fields in the audit trail; the others keep their order", async () => {
    const admin = await insertUser(t.db);
    const [item, other] = await insertItems([unique("Old"), unique("Stays")]);
    expect(await deleteMenuItem(as(admin), { id: item!.id })).toMatchObject({ ok: true, toast: { title: "Menu item deleted", description: item!.label } });
    expect(await itemOf(item!.id)).toBeUndefined();
    expect(await itemOf(other!.id)).toMatchObject({ displayOrder: other!.displayOrder });
    const [audit] = await auditOf(item!.id);
    expect(audit).toMatchObject({ eventType: "record_deleted", module: "menu_items", eventDetails: { label: item!.label }, before: { label: item!.label, path: item!.path, displayOrder: item!.displayOrder }, after: null });
    expect(await deleteMenuItem(as(admin), { id: item!.id })).toMatchObject({ ok: false, status: 404, message: "This menu item no longer exists." });
    expect(await deleteMenuItem(as(admin), { id: "" })).toMatchObject({ ok: false, status: 400 });
  });

  it("lists in the menu's order by default; searches label and path; filters by visibility and type; sorts by label", async () => {
    const admin = await insertUser(t.db);
    const tag = crypto.randomUUID().slice(0, 6);
    await t.db.insert(menuItems).values([
      { label: `Zeta ${tag}`, path: "/zeta", displayOrder: 90_001 },
      { label: `Alpha ${tag}`, path: `https://example.org/${tag}`, isCustom: true, displayOrder: 90_002 },
      { label: `Mid ${tag}`, path: "/mid", isVisible: false, displayOrder: 90_000 },
    ]);
    const labels = async (query: string) => (await listMenuItems(as(admin), params(query))).rows.map((row) => row.label);
    expect(await labels(`q=${tag}`)).toEqual([`Mid ${tag}`, `Zeta ${tag}`, `Alpha ${tag}`]);
    expect(await labels(`q=${tag}&sort=order&dir=desc`)).toEqual([`Alpha ${tag}`, `Zeta ${tag}`, `Mid ${tag}`]);
    expect(await labels(`q=${tag}&sort=label`)).toEqual([`Alpha ${tag}`, `Mid ${tag}`, `Zeta ${tag}`]);
    expect(await labels(`q=${encodeURIComponent(`example.org/${tag}`)}`)).toEqual([`Alpha ${tag}`]);
    expect(await labels(`q=${tag}&visibility=hidden`)).toEqual([`Mid ${tag}`]);
    expect(await labels(`q=${tag}&type=custom`)).toEqual([`Alpha ${tag}`]);
    expect((await listMenuItems(as(admin), params(`q=${tag}&type=internal&visibility=visible`))).total).toBe(1);
    expect((await listMenuItems(as(admin), params(`q=${encodeURIComponent("%")}`))).total).toBe(0);
  });
});
