import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { profiles, sessions, userRoles, type RoleName } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { anonymous, type Actor, type AuthState } from "./actor";
import { getAuth, SESSION_ABSOLUTE_MS } from "./auth.server";
import { ADMIN_ROLE, worksInBackOffice } from "./permissions";
import { listRoles, permissionsOf } from "./roles.server";

/** A 2FA user has this long after the password (or Google) step to give the code. */
export const SECOND_FACTOR_WINDOW_MS = 10 * 60 * 1000;

/**
 * Reads the session cookie and decides who is asking. Returns the Set-Cookie headers Better
 * Auth wants sent back (sliding refresh, or clearing a dead cookie).
 */
export async function resolveAuthState(platform: Platform, request: Request): Promise<{ state: AuthState; headers: Headers }> {
  const headers = new Headers();
  if (!(request.headers.get("cookie") ?? "").includes("apiary.session_token")) return { state: { actor: anonymous }, headers };
  const auth = await getAuth(platform);
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  result.headers.forEach((value, key) => headers.append(key, value));
  const found = result.response;
  if (!found) return { state: { actor: anonymous }, headers };
  const { session, user } = found;
  const createdAt = new Date(session.createdAt);

  if (Date.now() - createdAt.getTime() > SESSION_ABSOLUTE_MS) {
    await deleteSession(platform.db, session.id);
    return { state: { actor: anonymous }, headers };
  }

  // One round trip for the profile flags and the roles: this runs on every signed-in request.
  const [profile] = await platform.db
    .select({
      is2faEnabled: profiles.is2faEnabled,
      firstLogin: profiles.firstLogin,
      twoFactorRequired: profiles.twoFactorRequired,
      roles: sql<RoleName[]>`coalesce((select array_agg(${userRoles.role}::text) from ${userRoles} where ${userRoles.userId} = ${user.id}), '{}'::text[])`,
    })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const roles = profile ? profile.roles : await listRoles(platform.db, user.id);
  const sessionInfo = { id: session.id, token: session.token, userId: user.id, createdAt };

  if (profile?.is2faEnabled && !(session as { secondFactorAt?: Date | null }).secondFactorAt) {
    return {
      state: { actor: anonymous, session: sessionInfo, pendingSecondFactor: { userId: user.id, email: user.email, sessionId: session.id, createdAt } },
      headers,
    };
  }

  const base = { userId: user.id, email: user.email, emailVerified: user.emailVerified };
  // Someone with a back-office role is staff everywhere: the customer functions are barred to them.
  const actor: Actor = worksInBackOffice(roles)
    ? {
        kind: "staff",
        ...base,
        firstLogin: profile?.firstLogin ?? false,
        twoFactorEnabled: profile?.is2faEnabled ?? false,
        twoFactorRequired: profile?.twoFactorRequired ?? false,
        roles,
        isAdministrator: roles.includes(ADMIN_ROLE),
        // Read once per request: every command of this request checks against it.
        permissions: await permissionsOf(platform.db, roles),
      }
    : { kind: "customer", ...base, name: user.name };
  return { state: { actor, session: sessionInfo }, headers };
}

export async function deleteSession(db: Queryable, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** "Sign out of other devices": every session of the user but this one. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

/** "Sign out everywhere", and what a password reset does. */
export async function deleteAllSessions(db: Queryable, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function markSecondFactorPassed(db: Queryable, sessionId: string) {
  await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, sessionId));
}
