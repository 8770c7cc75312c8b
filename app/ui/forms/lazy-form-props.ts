import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { FormEvent } from "react";
import type { z } from "~/platform/zod";
import { CONFORM_INTENT, type ClientSchema } from "./client-schema";
import { toastFirstIssue, validationErrorToast, type ToIssueToast } from "./validation-toast";

// Any conform form: only its id and submit handler are used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, any>;

/**
 * A conform form's submit handler, for SchemaForm and the hand-made forms alike: a send made
 * before a fetched-on-use schema is here is held a moment and made again; then, when `toIssueToast`
 * is given, the first problem is toasted (conform's own intents, a field updated by code, are not
 * sends); then conform checks the form.
 */
export function checkedSubmit(form: AnyForm, schema: ClientSchema<z.ZodType> | z.ZodType, toIssueToast?: ToIssueToast) {
  const lazy = "holdSubmit" in schema ? schema : undefined;
  return (event: FormEvent<HTMLFormElement>) => {
    if (lazy?.holdSubmit(event)) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const loaded = lazy ? lazy.current() : (schema as z.ZodType);
    if (toIssueToast && loaded && submitter?.name !== CONFORM_INTENT) toastFirstIssue(event.currentTarget, loaded, toIssueToast);
    form.onSubmit(event);
  };
}

/**
 * A hand-made conform form's props (one that is not a SchemaForm: a fetcher's form, a form with
 * its own layout) when its schema is fetched on use (clientSchema): conform's props, the fetch
 * started when the form is focused or pointed at, and checkedSubmit. `toast`: the first problem
 * is also shown in the "Validation Error" toast.
 */
export function lazyFormProps(form: AnyForm, schema: ClientSchema<z.ZodType>, { toast = false }: { toast?: boolean } = {}) {
  return { ...getFormProps(form), ...schema.loadOnUse, onSubmit: checkedSubmit(form, schema, toast ? validationErrorToast : undefined) };
}
