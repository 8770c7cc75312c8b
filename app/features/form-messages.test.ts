import { describe, expect, it } from "vitest";
import { z } from "~/platform/zod";

/**
 * Every form's schema, submitted empty and with values of the wrong type, answers in words a
 * visitor or a member of staff understands: never a validation library's default text
 * ("Invalid input: expected string, received undefined"). A new schema file is swept the day it
 * is added.
 */
const modules = import.meta.glob<Record<string, unknown>>("./**/*.schema.ts", { eager: true });

/** Default texts of zod (and of form libraries generally) that must never reach a person. */
const LIBRARY_TEXT = /invalid input|expected (string|number|boolean|object|array|date|file)|received (undefined|null|number|string|object|array)|^required$|invalid option|too (small|big)|invalid (string|type|enum|literal)|must match pattern/i;

type Def = { shape?: Record<string, unknown>; in?: { _zod: { def: Def } }; innerType?: { _zod: { def: Def } }; schema?: { _zod: { def: Def } }; left?: { _zod: { def: Def } }; right?: { _zod: { def: Def } } };

/** The field names of a form schema, through its preprocess, pipe, transform and refinement wrappers. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.shape) return Object.keys(def.shape);
  for (const inner of [def.in, def.innerType, def.schema, def.left, def.right]) {
    if (inner) {
      const keys = fieldsOf(inner as unknown as z.ZodType);
      if (keys.length) return keys;
    }
  }
  return [];
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType && fieldsOf(entry[1]).length > 0)
    .map(([name, schema]) => ({ name: `${file.replace(/^\.\//, "")} ${name}`, schema, fields: fieldsOf(schema) })),
);

const WRONG_TYPES: Record<string, unknown>[] = [{}, ...[42, true, ["a", "b"], { nested: 1 }, null].map((value) => ({ __value: value }))];

describe("validation messages", () => {
  it("an empty sign-up form asks for a valid email address (not the library's words)", async () => {
    const { CustomerSignUpSchema } = await import("./accounts/auth.schema");
    const result = CustomerSignUpSchema.safeParse({});
    expect(result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === "email").map((issue) => issue.message)).toEqual(["Please enter a valid email address"]);
  });

  it("finds the forms' schemas", () => {
    expect(schemas.length).toBeGreaterThan(30);
  });

  it.each(schemas)("$name: empty and wrongly typed input gets the site's own words", ({ schema, fields }) => {
    for (const wrong of WRONG_TYPES) {
      const input = "__value" in wrong ? Object.fromEntries(fields.map((field) => [field, wrong.__value])) : wrong;
      const result = schema.safeParse(input);
      const messages = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      expect(messages.filter((message) => LIBRARY_TEXT.test(message.replace(/^[^:]*: /, ""))), JSON.stringify(input)).toEqual([]);
    }
  });
});
