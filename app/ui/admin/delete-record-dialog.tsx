import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { z } from "~/platform/zod";
import type { ClientSchema } from "../forms/client-schema";
import { FormError } from "../forms/form-error";
import { SchemaForm } from "../forms/schema-form";
import { CloseOnly, DialogButtons } from "./dialog-buttons";
import { ScreenDialog } from "./screen-dialog";

/**
 * Every screen's Delete dialog: the question (children), the record's id, and a danger button
 * sending `delete`. A record that may not be deleted (`locked`, the reason) gets the reason in
 * the question's place and only a way back.
 */
export function DeleteRecordDialog({
  title,
  formId,
  schema,
  id,
  closeHref,
  lastResult,
  locked,
  children,
  after,
}: {
  title: string;
  formId: string;
  /** The delete command's schema, fetched when the dialog's form is used (clientSchema). */
  schema: ClientSchema<z.ZodType>;
  id: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
  locked?: string | null;
  children: ReactNode;
  /** Shown below the form, outside it (the "Confirm it's you" step of a delete that asks for one). */
  after?: ReactNode;
}) {
  const [form] = useForm({ id: formId, lastResult, onValidate: schema.validate });
  return (
    <ScreenDialog title={title} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} preventScrollReset>
        <input type="hidden" name="id" value={id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        {locked ? <p role="note">{locked}</p> : children}
        {locked ? <CloseOnly closeHref={closeHref} /> : <DialogButtons closeHref={closeHref} label="Delete" busyLabel="Deleting…" intent="delete" variant="danger" />}
      </SchemaForm>
      {after}
    </ScreenDialog>
  );
}
