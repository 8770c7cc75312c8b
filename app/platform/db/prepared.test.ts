import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menuItems } from "./schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { preparedFor } from "./prepared";

describe.each(testEngines())("preparedFor on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.dispose());

  it("builds a statement once per database and runs it with each call's values", async () => {
    let builds = 0;
    const byLabel = preparedFor((db) => {
      builds += 1;
      return db.select({ label: menuItems.label }).from(menuItems).where(sql`${menuItems.label} = ${sql.placeholder("label")}`).prepare("test_menu_by_label");
    });
    await t.db.insert(menuItems).values([
      { label: "Prepared A", path: "/prepared-a", displayOrder: 90 },
      { label: "Prepared B", path: "/prepared-b", displayOrder: 91 },
    ]);
    expect(await byLabel(t.db).execute({ label: "Prepared A" })).toEqual([{ label: "Prepared A" }]);
    expect(await byLabel(t.db).execute({ label: "Prepared B" })).toEqual([{ label: "Prepared B" }]);
    expect(await byLabel(t.db).execute({ label: "Nowhere" })).toEqual([]);
    expect(builds).toBe(1);
    // A transaction is a handle of its own: its statement sees its uncommitted rows.
    const rolledBack = t.db.transaction(async (tx) => {
      await tx.insert(menuItems).values({ label: "Prepared C", path: "/prepared-c", displayOrder: 92 });
      expect(await byLabel(tx).execute({ label: "Prepared C" })).toEqual([{ label: "Prepared C" }]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(TransactionRollbackError);
    expect(builds).toBe(2);
    expect(await byLabel(t.db).execute({ label: "Prepared C" })).toEqual([]);
  });
});
