import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { sessions, sponsors, users } from "~/platform/db/schema";
import type { Actor } from "./actor";

export type SponsorAccount = {
  email: string;
  emailVerified: boolean;
  /** False when the customer has no sponsor record (the spec's "Profile Not Found"). */
  hasSponsorRecord: boolean;
  /** Live sessions of the account, this one included: how many devices are signed in. */
  activeSessions: number;
};

/** The account facts the sponsor profile shows to its own customer. */
export async function getSponsorAccount(db: Queryable, actor: Extract<Actor, { kind: "customer" }>): Promise<SponsorAccount> {
  // Both facts in one statement: one round trip per visit.
  const sponsor = db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.userId, actor.userId));
  const live = db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, new Date())));
  const [row] = await db
    .select({ hasSponsorRecord: sql<boolean>`exists(${sponsor})`, activeSessions: sql<number>`(${live})`.mapWith(Number) })
    .from(users)
    .where(eq(users.id, actor.userId));
  return { email: actor.email, emailVerified: actor.emailVerified, hasSponsorRecord: row?.hasSponsorRecord === true, activeSessions: row?.activeSessions ?? 0 };
}
