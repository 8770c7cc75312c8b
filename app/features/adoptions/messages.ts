/** The spec's texts for adoptions, shared by the portal and the server. */
export const ADMIN_CANNOT_ADOPT = "Admin accounts cannot adopt hives. Please log in with a customer account.";
export const SIGN_IN_TO_ADOPT = { title: "Please sign in", description: "You need to be signed in to adopt a hive.", variant: "error" } as const;
export const TIER_NOT_AVAILABLE = "This tier is not available any more. Please choose another one.";
export const tierFullMessage = (name: string) => `The ${name} tier is full at the moment. Please choose another tier.`;
export const TOO_MANY_ADOPTIONS = "Too many adoption requests. Please wait a while and try again.";
