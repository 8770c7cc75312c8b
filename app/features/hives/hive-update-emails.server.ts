import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { sponsors } from "~/platform/db/schema";
import { failed, succeeded, type Result } from "~/platform/result";
import { UNSUBSCRIBE_LINK_NOT_VALID } from "./messages";

/**
 * The unsubscribe link of hive update e-mails: the sponsor's user id signed with the server
 * secret, so it works without signing in and cannot be made for someone else. It does not
 * expire: an old e-mail's link must still stop the e-mails.
 */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${sign(userId, secret)}`;
}

export function readUnsubscribeToken(token: string, secret: string): string | null {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const userId = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(sign(userId, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

function sign(userId: string, secret: string) {
  return createHmac("sha256", `hive-updates-unsubscribe:${secret}`).update(userId).digest("base64url");
}

export const unsubscribePath = (token: string) => `/hive-updates/unsubscribe/${token}`;

/** Turns hive update e-mails off (or back on) for the token's sponsor; a bad link (or a sponsor gone) is a 404. */
export async function setHiveUpdateEmails(db: Queryable, token: string, secret: string, wanted: boolean): Promise<Result<{ email: string }>> {
  const userId = readUnsubscribeToken(token, secret);
  if (!userId) return failed(404, UNSUBSCRIBE_LINK_NOT_VALID);
  const [row] = await db.update(sponsors).set({ hiveUpdateEmails: wanted, updatedAt: new Date() }).where(eq(sponsors.userId, userId)).returning({ email: sponsors.email });
  return row ? succeeded({ email: row.email }) : failed(404, UNSUBSCRIBE_LINK_NOT_VALID);
}
