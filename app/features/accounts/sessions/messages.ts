/** The answers of the Sessions list (the spec's own sign-out toasts are in ../messages.ts). */
export const SIGNED_OUT_OF_ONE_DEVICE = { title: "Signed out of that device", description: "It will have to sign in again to use your account.", variant: "success" } as const;
export const SIGN_OUT_FAILED_TITLE = "Failed to log out properly";
