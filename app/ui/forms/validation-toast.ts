import type { z } from "zod";
import { toast } from "sonner";

/**
 * The spec shows the first problem of a form under the toast title "Validation Error".
 * Returns true when the form is valid (so the caller lets it submit).
 */
export function toastFirstIssue(form: HTMLFormElement, schema: z.ZodType) {
  const result = schema.safeParse(Object.fromEntries(new FormData(form)));
  if (result.success) return true;
  toast.error("Validation Error", { description: result.error.issues[0]?.message, id: "validation-error" });
  return false;
}
