import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { readThrough, type Kept } from "~/platform/db/read-caches.server";
import { profiles, sessions, userRoles, type RoleName } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { anonymous, type Actor, type AuthState } from "./actor";
import { getAuth } from "./auth.server";
import { ADMIN_ROLE, worksInBackOffice } from "./permissions";
import { listRoles, permissionsOf } from "./roles.server";
import { SESSION_ABSOLUTE_MS, STAFF_SESSION_ABSOLUTE_MS } from "./session-lifetimes";

/** A 2FA user has this long after the password (or Google) step to give the code. */
export const SECOND_FACTOR_WINDOW_MS = 10 * 60 * 1000;

/**
 * A session's signed-in state is kept in memory this long at most (and never past the
 * session's own end), so most signed-in requests ask the database nothing to know who is
 * asking. Any change to the tables it was read from drops it at once, on every instance
 * (platform/db/read-caches.server.ts): signing out, a role taken away, a password reset.
 */
const SIGNED_IN_STATE_MAX_AGE_MS = 60_000;
/** What the signed-in state is read from, whether or not each read named it. */
const SIGNED_IN_STATE_TABLES = ["sessions", "users", "profiles", "user_roles", "role_permissions"] as const;

type Resolved = { state: AuthState; headers: Headers; keepForMs?: number };

function signedInStates(platform: Platform) {
  return platform.readCaches.cache<Kept<Resolved>>("signed-in-state", { maxEntries: 10_000, maxAgeMs: SIGNED_IN_STATE_MAX_AGE_MS });
}

/**
 * Reads the session cookie and decides who is asking. Returns the Set-Cookie headers Better
 * Auth wants sent back (sliding refresh, or clearing a dead cookie).
 */
export async function resolveAuthState(platform: Platform, request: Request): Promise<{ state: AuthState; headers: Headers }> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes("apiary.session_token")) return { state: { actor: anonymous }, headers: new Headers() };
  // Keyed by the whole Cookie header: the same header always names the same session, and a
  // signed session cookie cannot be made up to match a key.
  const { state, headers } = await readThrough(signedInStates(platform), cookie, () => resolveFromDatabase(platform, request), {
    keepFor: (resolved) => resolved.keepForMs,
    alsoReads: SIGNED_IN_STATE_TABLES,
  });
  return { state, headers: new Headers(headers) };
}

async function resolveFromDatabase(platform: Platform, request: Request): Promise<Resolved> {
  const headers = new Headers();
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
  // Back-office sessions have a shorter absolute lifetime (session-lifetimes.ts).
  const absoluteMs = worksInBackOffice(roles) ? STAFF_SESSION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS;
  if (Date.now() - createdAt.getTime() > absoluteMs) {
    await deleteSession(platform.db, session.id);
    return { state: { actor: anonymous }, headers };
  }

  // Kept only when nothing is to be sent back, and not past the session's end or its absolute lifetime.
  const keepForMs = headers.has("set-cookie") ? undefined : Math.min(new Date(session.expiresAt).getTime(), createdAt.getTime() + absoluteMs) - Date.now();

  if (profile?.is2faEnabled && !(session as { secondFactorAt?: Date | null }).secondFactorAt) {
    return {
      state: { actor: anonymous, session: sessionInfo, pendingSecondFactor: { userId: user.id, email: user.email, sessionId: session.id, createdAt } },
      headers,
      keepForMs,
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
        signedInWithPasskey: (session as { signedInWith?: string | null }).signedInWith === "passkey",
        roles,
        isAdministrator: roles.includes(ADMIN_ROLE),
        // Read once per request: every command of this request checks against it.
        permissions: await permissionsOf(platform.db, roles),
      }
    : { kind: "customer", ...base, name: user.name };
  return { state: { actor, session: sessionInfo }, headers, keepForMs };
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
