import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { FormEvent } from "react";
import type { z } from "~/platform/zod";
import { CONFORM_INTENT, type ClientSchema } from "~/ui/forms/client-schema";
import { toastFirstIssue } from "~/ui/forms/validation-toast";

/**
 * A hand-made conform form's props (one that is not a SchemaForm: a fetcher's form, a form with
 * its own layout) when its schema is fetched on use (clientSchema): conform's props, the fetch
 * started when the form is focused or pointed at, and a send made before the schema is here held
 * a moment and made again, as SchemaForm does. `toast`: the first problem is also shown in the
 * "Validation Error" toast, as the form did when it carried its schema.
 */
// Any conform form: only its id and submit handler are used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyFormProps(form: FormMetadata<any, any>, schema: ClientSchema<z.ZodType>, { toast = false }: { toast?: boolean } = {}) {
  return {
    ...getFormProps(form),
    ...schema.loadOnUse,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      if (schema.holdSubmit(event)) return;
      const loaded = schema.current();
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (toast && loaded && submitter?.name !== CONFORM_INTENT) toastFirstIssue(event.currentTarget, loaded);
      form.onSubmit(event);
    },
  };
}
