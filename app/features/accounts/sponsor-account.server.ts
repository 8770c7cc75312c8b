import { and, count, eq, gt } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { sessions, sponsors } from "~/platform/db/schema";
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
  const [sponsor] = await db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.userId, actor.userId));
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, new Date())));
  return { email: actor.email, emailVerified: actor.emailVerified, hasSponsorRecord: Boolean(sponsor), activeSessions: Number(live?.n ?? 0) };
}
