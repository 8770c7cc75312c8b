/** The spec's texts for adoptions, shared by the portal and the server. */
export const SIGN_IN_TO_ADOPT = { title: "Please sign in", description: "You need to be signed in to adopt a hive.", variant: "error" } as const;
export const TIER_NOT_AVAILABLE = "This tier is not available any more. Please choose another one.";
export const tierFullMessage = (name: string) => `The ${name} tier is full at the moment. Please choose another tier.`;
export const TOO_MANY_ADOPTIONS = "Too many adoption requests. Please wait a while and try again.";

/** The portal's title for a refused adoption request. */
export const ERROR_CREATING_ADOPTION = "Error creating adoption";

export const ADOPTION_REQUEST_SUBMITTED = {
  title: "Adoption request submitted!",
  description: "Thank you for supporting bee conservation. Check your email for confirmation details.",
  variant: "success",
  link: { label: "See your adoption", href: "/sponsor-profile?tab=adoptions" },
} as const;

/** The back-office's one-click Activate of pending adoptions, and its Undo while the sponsor's e-mail has not left. */
export const ADOPTION_DECISION_WORDS = {
  activate: {
    title: (count: number) => (count === 1 ? "Adoption activated" : `${count} adoptions activated`),
    description: (done: readonly { label: string }[]) =>
      done.length === 1 ? `${done[0]!.label}. Their profile shows the tier, and they are e-mailed.` : "Each sponsor's profile shows the tier, and each is e-mailed.",
  },
  undo: {
    title: (count: number) => (count === 1 ? "Activation undone" : `${count} activations undone`),
    description: (done: readonly { label: string }[]) =>
      done.length === 1 ? `${done[0]!.label} is pending again. The sponsor was not e-mailed.` : "They are pending again. No sponsor was e-mailed.",
  },
} as const;

/** The toast titles of an activation that could not be made or undone. */
export const ADOPTION_DECISION_FAILURES = { activate: "Adoption not activated", "bulk-activate": "Adoptions not activated", undo: "Not undone" } as const;

export const adoptionNotPending = (label: string, status: string) => `${label} is no longer waiting for activation: it is ${status} now.`;
export const activationTooLate = (label: string) => `${label}: too late to undo, the sponsor has been e-mailed. Change its status in Edit if you must.`;
export const activationChanged = (label: string) => `${label} has changed since: the activation can no longer be undone. Change its status in Edit if you must.`;
