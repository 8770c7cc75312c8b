import type { SubmissionResult } from "@conform-to/react";

/**
 * What a screen's dialog form gets back from its last post: the refusal's reply (the errors under
 * their fields, what was typed), or null before a post and after a success (that redirects). An
 * action may answer other things too (Pages' preview): only a reply with a `result` counts.
 */
export function lastSubmission(actionData: unknown): SubmissionResult<string[]> | null {
  if (!actionData || typeof actionData !== "object" || !("result" in actionData)) return null;
  return (actionData.result ?? null) as SubmissionResult<string[]> | null;
}
