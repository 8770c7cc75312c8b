// Without zod: the portal's form shows these before its schema is fetched (ui/forms/client-schema.ts).

export const ADOPTION_MESSAGES = {
  selectTier: "Please select an adoption tier",
  hiveName: "Hive name must be less than 60 characters",
} as const;

/** The toast for the first problem of the completion card (spec: Select a tier, else Validation Error). */
export function adoptionIssueToast(issue: { path: readonly PropertyKey[]; message: string }) {
  if (issue.path[0] === "tierId") return { title: "Select a tier", description: ADOPTION_MESSAGES.selectTier };
  return { title: "Validation Error", description: issue.message };
}
