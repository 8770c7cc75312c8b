import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "~/platform/zod";

/**
 * A sign-in whose proof our own code has already checked (a passkey's signature): Better Auth
 * makes the session and its signed cookie, exactly as for a password. Server-only: no browser
 * can reach it (SERVER_ONLY keeps it out of Better Auth's router, and routes/auth/api.auth.$.ts
 * lets through only the Google callback and the verification link anyway).
 *
 * `method` is how the person proved who they are; "passkey" is both factors, so the session is
 * past the second factor from the start.
 */
export const verifiedSessions = {
  id: "apiary-verified-sessions",
  endpoints: {
    startVerifiedSession: createAuthEndpoint("/apiary/verified-session", { method: "POST", body: z.object({ userId: z.string(), method: z.enum(["passkey"]) }), metadata: { SERVER_ONLY: true } },
      async (ctx) => {
      const body = ctx.body;
      const user = await ctx.context.internalAdapter.findUserById(body.userId);
      if (!user) throw new APIError("NOT_FOUND");
      const session = await ctx.context.internalAdapter.createSession(user.id, false, { signedInWith: body.method, secondFactorAt: new Date() });
      await setSessionCookie(ctx, { session, user });
      return ctx.json({ token: session.token, sessionId: session.id });
    }),
  },
} satisfies BetterAuthPlugin;
