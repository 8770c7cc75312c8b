import type { Toast } from "~/platform/toast";
import type { Actor } from "./actor";
import { VERIFICATION_LINK } from "./messages";

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

/**
 * What the link's landing tells this visitor: someone signed out is asked to log in; someone signed
 * in hears "Email Verified" only when their account says so (anyone can type ?verified=1), and
 * nothing otherwise.
 */
export function verificationLinkToast(outcome: VerificationLinkOutcome, actor: Actor): Toast | null {
  if (actor.kind === "anonymous") return VERIFICATION_LINK[outcome].signedOut;
  return outcome === "failed" || actor.emailVerified ? VERIFICATION_LINK[outcome].signedIn : null;
}
