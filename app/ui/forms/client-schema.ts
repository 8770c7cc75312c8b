import { parse, type Submission } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type FormEvent } from "react";
import type { z } from "~/platform/zod";

/**
 * A form's schema as the browser gets it: fetched, with zod and conform's zod parser, when the
 * form is first used (focused, pointed at, or sent), not with the page. Zod is the largest
 * library the forms share (about 22 KB of script on every page with a form), and a page is read
 * long before it is filled in. The schema is the same object the action parses with: the server
 * validates every post whatever the browser did.
 *
 * In a route or component: `const schema = clientSchema(() => import("./x.schema").then((m) => m.XSchema));`
 * at the module's top level, then `onValidate: schema.validate` in useForm, and `schema` for
 * SchemaForm (or `schema.holdSubmit` in a form's own onSubmit).
 */
export type ClientSchema<S extends z.ZodType> = {
  /** Starts fetching (once); settles when the schema is here or could not be fetched. */
  load: () => Promise<void>;
  /** The schema, once fetched. */
  current: () => S | undefined;
  /** conform's `onValidate`. Before the schema is here: no verdict, the server's answer stands. */
  validate: (context: { formData: FormData }) => Submission<z.input<S>, string[], z.output<S>>;
  /**
   * For a form's onSubmit, first: a send before the schema has arrived waits for it (a moment,
   * once) and is made again, so the browser's checks and messages are the same however quickly
   * the form is sent. True when it held the send back (the caller returns).
   */
  holdSubmit: (event: FormEvent<HTMLFormElement>) => boolean;
  /** For the form element: starts fetching when the form is focused or pointed at. */
  loadOnUse: { onFocus: () => void; onPointerDown: () => void };
};

type Parser = typeof parseWithZod;

/** The name of the button conform submits its intents with (`INTENT` in @conform-to/dom). */
export const CONFORM_INTENT = "__intent__";

export function clientSchema<S extends z.ZodType>(importSchema: () => Promise<S>): ClientSchema<S> {
  let schema: S | undefined;
  let parser: Parser | undefined;
  let settled = false;
  let loading: Promise<void> | undefined;

  const load = () =>
    (loading ??= Promise.all([importSchema(), import("@conform-to/zod/v4")])
      .then(([loaded, conformZod]) => {
        schema = loaded;
        parser = conformZod.parseWithZod;
      })
      // Not fetched (offline, a new deployment): the forms post as they do without JavaScript.
      .catch(() => undefined)
      .finally(() => {
        settled = true;
      }));

  return {
    load,
    current: () => schema,
    validate: ({ formData }) => {
      if (schema && parser) return parser(formData, { schema });
      void load();
      return parse(formData, { resolve: () => ({ error: null }) }) as Submission<z.input<S>, string[], z.output<S>>;
    },
    holdSubmit: (event) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      // Conform's own intents (a field updated by code) pass through submit with a button that is gone at once: never held.
      if (settled || submitter?.name === CONFORM_INTENT) return false;
      event.preventDefault();
      const form = event.currentTarget;
      void load().then(() => form.requestSubmit(submitter?.form === form ? submitter : undefined));
      return true;
    },
    loadOnUse: { onFocus: () => void load(), onPointerDown: () => void load() },
  };
}

/**
 * What was typed or chosen in a server-rendered form before React took it over: conform never
 * saw those input events, so a message from the server's answer ("Name is required") would stay
 * beside a field that is filled by now, and the form's state would not know the value. Once the
 * form is React's (and its schema here, when it has one), each field that differs from what the
 * server rendered is announced to conform as typed.
 */
export function useValuesTypedBeforeHydration(formId: string, schema?: ClientSchema<z.ZodType>) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const changed = [...form.elements].filter((element) => {
      if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
      if (!(element instanceof HTMLInputElement) || element.type === "hidden") return false;
      return element.type === "checkbox" || element.type === "radio" ? element.checked !== element.defaultChecked : element.value !== element.defaultValue;
    });
    if (changed.length === 0) return;
    let mounted = true;
    void (schema?.load() ?? Promise.resolve()).then(() => {
      if (mounted) for (const element of changed) element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return () => {
      mounted = false;
    };
  }, [formId, schema]);
}
