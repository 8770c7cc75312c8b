import { Form } from "react-router";
import { buttonClasses, type ButtonVariant } from "~/ui/primitives/button";
import { useSending } from "~/ui/forms/use-sending";

/**
 * A one-click decision on a record (Confirm, Decline, Activate): a form that posts its intent and
 * the record's id to the screen, without a dialog, so it works without JavaScript too.
 */
export function DecisionButton({ intent, id, label, busyLabel, name, variant = "outline" }: { intent: string; id: string; label: string; busyLabel: string; name: string; variant?: ButtonVariant }) {
  const busy = useSending(intent, { id });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} aria-label={`${label} ${name}`} disabled={busy} className={buttonClasses({ variant, size: "sm" }, "min-h-8 px-2.5 text-[0.8125rem]")}>
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}

/** A bulk bar's button: it posts the ticked rows with its intent (see DataTable's `selection`). */
export function BulkButton({ intent, label, variant = "outline" }: { intent: string; label: string; variant?: ButtonVariant }) {
  const busy = useSending(intent);
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={buttonClasses({ variant, size: "sm" })}>
      {label}
    </button>
  );
}
