import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import type { z } from "~/platform/zod";
import { useValuesTypedBeforeHydration, type ClientSchema } from "./client-schema";
import { checkedSubmit } from "./lazy-form-props";
import { validationErrorToast, type ToIssueToast } from "./validation-toast";

type Props = Omit<ComponentProps<typeof Form>, "onSubmit" | "id" | "noValidate"> & {
  // Any conform form: the helper only needs its id and submit handler.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, any>;
  /**
   * The schema the action parses with too; the first issue is toasted before the form is held
   * back. Preferably fetched when the form is used (clientSchema), keeping zod off the page's load.
   */
  schema: ClientSchema<z.ZodType> | z.ZodType;
  /** The toast title over the first issue: the spec's "Validation Error" unless a screen says otherwise. */
  issueTitle?: string;
  /** Title and text per issue, for screens whose spec names several (e.g. "Select an asset", "Select dates"). */
  issueToast?: ToIssueToast;
};

/** When every form here is checked in the browser: when it is sent, then again as the person corrects a field (conform's useForm options). */
export const checkedOnSubmit = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/**
 * A conform form posting to a route action, that works without JavaScript (a plain POST the
 * action validates with the same schema) and, with it, checks in the browser first and shows
 * the first problem as a toast.
 */
export function SchemaForm({ form, schema, issueTitle, issueToast, method = "post", children, ...props }: Props) {
  const lazy = "holdSubmit" in schema ? schema : undefined;
  useValuesTypedBeforeHydration(form.id, lazy);
  const toIssueToast = issueToast ?? (issueTitle ? (issue: z.core.$ZodIssue) => ({ title: issueTitle, description: issue.message }) : validationErrorToast);
  return (
    <Form
      method={method}
      {...getFormProps(form)}
      {...(lazy ? lazy.loadOnUse : {})}
      onSubmit={checkedSubmit(form, schema, toIssueToast)}
      {...props}
    >
      {children}
    </Form>
  );
}
