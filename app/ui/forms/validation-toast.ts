import type { z } from "~/platform/zod";
import { showToast } from "../toast/show-toast";

export type IssueToast = { title: string; description: string };
export type ToIssueToast = (issue: z.core.$ZodIssue) => IssueToast;

/** The spec's default: the first problem of a form under the toast title "Validation Error". */
export const validationErrorToast: ToIssueToast = (issue) => ({ title: "Validation Error", description: issue.message });

/**
 * Toasts the form's first problem (a screen may name its own titles, e.g. "Select dates").
 * Returns true when the form is valid (so the caller lets it submit).
 */
export function toastFirstIssue(form: HTMLFormElement, schema: z.ZodType, toIssueToast: ToIssueToast = validationErrorToast) {
  const result = schema.safeParse(Object.fromEntries(new FormData(form)));
  if (result.success) return true;
  showToast({ ...toIssueToast(result.error.issues[0]!), variant: "error", id: "validation-error" });
  return false;
}
