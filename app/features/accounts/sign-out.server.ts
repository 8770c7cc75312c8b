import type { Platform } from "~/platform/runtime.server";
import type { AuthState } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { getAuth } from "./auth.server";
import type { RequestMeta } from "./request-meta";
import { deleteAllSessions, deleteOtherSessions } from "./session.server";

/** The spec's scopes: local ends this session, others every other one, global all of them. */
export type SignOutScope = "local" | "others" | "global";

export async function signOut(platform: Platform, state: AuthState, scope: SignOutScope, meta: RequestMeta): Promise<{ headers: Headers }> {
  const session = state.session;
  if (!session) return { headers: new Headers() };
  if (scope === "others") {
    await deleteOtherSessions(platform.db, session.userId, session.id);
    await recordAuditEvent(platform.db, { type: "sessions_revoked", userId: session.userId, details: { scope } }, meta);
    return { headers: new Headers() };
  }
  if (scope === "global") await deleteAllSessions(platform.db, session.userId);
  // Ends this session and clears its cookies.
  const { headers } = await (await getAuth(platform)).api.signOut({ headers: meta.headers, returnHeaders: true });
  await recordAuditEvent(platform.db, { type: "logout", userId: session.userId, details: { scope } }, meta);
  return { headers };
}
