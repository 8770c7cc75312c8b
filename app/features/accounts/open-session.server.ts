import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "~/platform/zod";
import type { Platform } from "~/platform/runtime.server";
import { succeeded, type Result } from "~/platform/result";
import { ACCOUNT_DISABLED_CODE } from "./account-disabled";
import { refusedAsDisabled } from "./account-disabled.server";
import { authApiError, getAuth } from "./auth.server";
import type { RequestMeta } from "./request-meta";

/**
 * A Better Auth endpoint that opens a new session for a user whom one of our own commands has
 * just proven (an e-mailed or texted code, a passkey's signature) and sets its cookie, exactly as
 * for a password. It is server-only: never on the HTTP router, so nothing a browser sends can
 * reach it; only trusted server code, after its own checks, calls it. Every call makes a fresh
 * session (no earlier token is ever upgraded). `method: "passkey"` is both factors at once
 * (phishing-resistant and verified): the session starts past the second factor and says so.
 * `method: "second-factor"` replaces a session that was waiting for its code, once the code is
 * given: a new token for the full session, as for any other authentication (ASVS 7.2.4).
 */
export const provenSessions = {
  id: "apiary-proven-sessions",
  endpoints: {
    openProvenSession: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string().min(1), method: z.enum(["passkey", "second-factor"]).optional(), passkeyId: z.string().min(1).optional() }) }, async (ctx) => {
      const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
      if (!user) throw new APIError("NOT_FOUND", { message: "No such user" });
      // A passkey's session names it, so that removing the passkey ends the session.
      const passed =
        ctx.body.method === "passkey"
          ? { signedInWith: "passkey", secondFactorAt: new Date(), signedInPasskeyId: ctx.body.passkeyId }
          : ctx.body.method === "second-factor"
            ? { secondFactorAt: new Date() }
            : undefined;
      const session = await ctx.context.internalAdapter.createSession(user.id, false, passed);
      await setSessionCookie(ctx, { session, user });
      return ctx.json({ token: session.token });
    }),
  },
} satisfies BetterAuthPlugin;

/**
 * Opens a fresh session for `userId` (already proven by the caller); its cookie is in the
 * headers. Refused (the spec's Login Failed) when an administrator has disabled the account.
 */
export async function openProvenSession(platform: Platform, userId: string, meta: RequestMeta, method?: "passkey" | "second-factor", passkeyId?: string): Promise<Result<{ headers: Headers; token: string }>> {
  const auth = await getAuth(platform);
  try {
    const { headers, response } = await auth.api.openProvenSession({ body: { userId, method, passkeyId }, headers: meta.headers, returnHeaders: true });
    return succeeded({ headers, token: response.token });
  } catch (error) {
    if ((await authApiError(error))?.body?.code !== ACCOUNT_DISABLED_CODE) throw error;
    return refusedAsDisabled(platform, null, { method: method ?? "proven", userId }, meta);
  }
}
