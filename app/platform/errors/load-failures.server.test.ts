import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hiveTiers } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { loadFailures } from "./load-failures.server";

describe.each(testEngines())("loadFailures on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  function recordingLogger() {
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    return { logged, logger: { error: (fields: Record<string, unknown>, message: string) => void logged.push({ fields, message }) } };
  }

  it("passes a list through when it loads, and records nothing", async () => {
    const { logged, logger } = recordingLogger();
    const failures = loadFailures(logger);
    const tiers = await failures.load("Error loading tiers", [], () => t.db.select().from(hiveTiers));
    expect(Array.isArray(tiers)).toBe(true);
    expect(failures.toasts).toEqual([]);
    expect(failures.first()).toBeNull();
    expect(logged).toEqual([]);
  });

  it("gives the fallback, the spec's title with a support code, and logs the database's words", async () => {
    const { logged, logger } = recordingLogger();
    const failures = loadFailures(logger);
    await t.db.execute(sql`alter table hive_tiers rename to hive_tiers_offline`);
    try {
      const tiers = await failures.load("Error loading tiers", [], () => t.db.select().from(hiveTiers));
      expect(tiers).toEqual([]);
    } finally {
      await t.db.execute(sql`alter table hive_tiers_offline rename to hive_tiers`);
    }
    expect(failures.toasts).toEqual([
      {
        id: "load-failure:Error loading tiers",
        title: "Error loading tiers",
        description: "Something went wrong on our side. Please reload the page in a moment. (Code: DATABASE_42P01)",
        variant: "error",
      },
    ]);
    // The table's name is for the log only.
    expect(failures.toasts[0]!.description).not.toContain("hive_tiers");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe("Error loading tiers");
    expect(logged[0]!.fields.code).toBe("DATABASE_42P01");
    expect(String(logged[0]!.fields.err)).toContain("hive_tiers");
  });

  it("keeps going after a failure: the next list loads, and each failure is kept in order", async () => {
    const { logger } = recordingLogger();
    const failures = loadFailures(logger);
    const broken = () => Promise.reject(new Error("boom"));
    expect(await failures.load("Error loading locations", ["fallback"], broken)).toEqual(["fallback"]);
    expect(await failures.load("Error loading assets", 0, () => Promise.resolve(3))).toBe(3);
    expect(await failures.load("Error loading assets", null, broken)).toBeNull();
    expect(failures.toasts.map((toast) => [toast.title, toast.description?.endsWith("(Code: UNKNOWN_ERROR)")])).toEqual([
      ["Error loading locations", true],
      ["Error loading assets", true],
    ]);
    // The page says the first one.
    expect(failures.first()).toBe(failures.toasts[0]);
  });
});
