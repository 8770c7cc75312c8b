import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "~/platform/db/schema";
import { failed, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import type { AuthState } from "../actor";
import { formatDate } from "~/ui/format";
import { recordAuditEvent } from "../audit.server";
import type { RequestMeta } from "../request-meta";
import { deviceLabel, type DeviceLabel } from "./device-label";
import { approximatePlace } from "./ip-place.server";

/** One place where the person is signed in, as their Sessions list shows it (dates as ISO strings: it travels to the browser). */
export type MySession = DeviceLabel & {
  /** The session row's id: opaque, and not the token (knowing it signs no one in). */
  id: string;
  place: string;
  signedInAt: string;
  /** The session row's last change: its daily refresh, the second factor, a fresh proof. */
  lastActiveAt: string;
  /** The two days as shown ("Nov 02, 2026"), written here so server and browser agree. */
  signedInDay: string;
  lastActiveDay: string;
  thisDevice: boolean;
};

export const SESSION_NOT_FOUND = "That device is already signed out.";
export const USE_SIGN_OUT_HERE = "To sign out of this device, use Sign Out.";

/**
 * Every live session of the signed-in person, this one first, then the most recently active.
 * Only ever the person's own: the query is keyed by the session's own user.
 */
export async function listMySessions(platform: Pick<Platform, "db" | "clock">, session: AuthState["session"]): Promise<MySession[]> {
  if (!session) return [];
  const rows = await platform.db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, session.userId), gt(sessions.expiresAt, new Date(platform.clock.now()))))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  const listed = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      ...deviceLabel(row.userAgent),
      place: await approximatePlace(row.ipAddress),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      signedInDay: formatDate(row.createdAt),
      lastActiveDay: formatDate(row.updatedAt),
      thisDevice: row.id === session.id,
    })),
  );
  return listed.sort((a, b) => Number(b.thisDevice) - Number(a.thisDevice));
}

/**
 * Signs out one other device of the signed-in person, by its session's id. Another person's
 * session is "not found", exactly as one already gone: the answer tells nothing about it.
 * This device's own id is refused here: signing out here is the local scope of /logout.
 */
export async function endMySession(platform: Pick<Platform, "db">, session: AuthState["session"], sessionId: string, meta: RequestMeta): Promise<Result<null>> {
  if (!session) return failed(401, SESSION_NOT_FOUND);
  if (sessionId === session.id) return failed(409, USE_SIGN_OUT_HERE);
  const ended = await platform.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, session.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return failed(404, SESSION_NOT_FOUND);
  await recordAuditEvent(platform.db, { type: "sessions_revoked", userId: session.userId, details: { scope: "one" } }, meta);
  return succeeded(null);
}
