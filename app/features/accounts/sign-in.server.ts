import { eq } from "drizzle-orm";
import { profiles, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import { recordAuditEvent } from "./audit.server";
import { authApiError, getAuth } from "./auth.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import { ADMIN_REFUSED_MESSAGE, NOT_ADMIN_MESSAGE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";

export type Portal = "customer" | "admin";

export type SignInResult =
  | { ok: true; headers: Headers; userId: string; secondFactorRequired: boolean }
  | { ok: false; toast: Toast; status: number };


const failed = (title: string, description: string, status = 400): SignInResult => ({
  ok: false,
  status,
  toast: { id: crypto.randomUUID(), title, description, variant: "error" },
});

/**
 * Password sign-in for either door. The customer door refuses administrators; the admin door
 * refuses everyone else (Access Denied) and leaves a 2FA administrator's session pending until
 * the code is given. Attempts are limited per address and failures per account.
 */
export async function signInWithPassword(
  platform: Platform,
  portal: Portal,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<SignInResult> {
  const { db } = platform;
  const title = "Login Failed";
  const byAddress = await hitRateLimit(db, limits.signInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failed(title, tooManyAttemptsMessage(byAddress.retryAfterSeconds), 429);
  const byAccount = await peekRateLimit(db, limits.signInFailuresByAccount, input.email);
  if (!byAccount.allowed) return failed(title, tooManyAttemptsMessage(byAccount.retryAfterSeconds), 429);

  let signedIn: { headers: Headers; token: string; userId: string };
  try {
    const { headers, response } = await (await getAuth(platform)).api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: meta.headers,
      returnHeaders: true,
    });
    signedIn = { headers, token: response.token, userId: response.user.id };
  } catch (error) {
    if (!(await authApiError(error))) throw error;
    await hitRateLimit(db, limits.signInFailuresByAccount, input.email);
    await recordAuditEvent(db, { type: "login_failed", details: { email: input.email, portal } }, meta);
    return failed(title, "Invalid email or password", 401);
  }

  const admin = await isBackOfficeUser(db, signedIn.userId);
  if (admin !== (portal === "admin")) {
    // The wrong door: the session just made must not survive, and no cookie leaves.
    await db.delete(sessions).where(eq(sessions.token, signedIn.token));
    await recordAuditEvent(db, { type: "login_refused", userId: signedIn.userId, details: { portal } }, meta);
    return portal === "customer" ? failed(title, ADMIN_REFUSED_MESSAGE, 403) : failed("Access Denied", NOT_ADMIN_MESSAGE, 403);
  }
  await clearRateLimit(db, limits.signInFailuresByAccount, input.email);

  const [profile] = await db.select({ is2faEnabled: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, signedIn.userId));
  const secondFactorRequired = Boolean(profile?.is2faEnabled);
  if (!secondFactorRequired) {
    await recordAuditEvent(db, { type: "login_success", userId: signedIn.userId, details: { method: "password", portal } }, meta);
  }
  return { ok: true, headers: signedIn.headers, userId: signedIn.userId, secondFactorRequired };
}
