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
