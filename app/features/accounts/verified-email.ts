import type { Toast } from "~/platform/toast";
import type { Actor } from "./actor";

/**
 * The e-mail address that is provably the actor's: only once they have confirmed it (by the
 * link we sent, or Google vouching for it). Anything matched by e-mail alone, such as a
 * guest booking made under that address, belongs to a user only through this.
 */
export function verifiedEmailOf(actor: Actor): string | null {
  if (actor.kind === "anonymous" || !actor.emailVerified) return null;
  return actor.email;
}

/** Where the verification link sends people back to (Better Auth appends ?error=CODE on failure). */
export const VERIFIED_CALLBACK_PATH = "/sponsor-profile?verified=1";

export type VerificationLinkOutcome = "verified" | "failed";

/** What the verification link's redirect says; an error wins, since Better Auth appends it to our `verified=1`. */
export function verificationLinkOutcome(params: URLSearchParams): VerificationLinkOutcome | null {
  if (params.has("error")) return "failed";
  if (params.get("verified") === "1") return "verified";
  return null;
}

export function verificationLinkToast(outcome: VerificationLinkOutcome, signedIn: boolean): Toast {
  if (outcome === "failed") {
    return {
      title: "Invalid or Expired Link",
      description: signedIn
        ? "This confirmation link is invalid or has expired. Send yourself a new one below."
        : "This confirmation link is invalid or has expired. Log in to send yourself a new one.",
      variant: "error",
    };
  }
  return {
    title: "Email Verified",
    description: signedIn ? "Thank you for confirming your email address." : "Thank you for confirming your email address. Please log in to continue.",
    variant: "success",
  };
}
