import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { preparedFor } from "~/platform/db/prepared";
import { sessions, sponsors, users } from "~/platform/db/schema";
import type { Actor } from "./actor";
import { hasContactEmail, placeholderIdentity, type NoEmailKind } from "./no-email";
import { shownIdentity } from "./shown-identity.server";

export type SponsorAccount = {
  /** "" for an account without an e-mail address (phone, wallet): it adds one at its first booking or adoption. */
  email: string;
  /** The number or wallet such an account signed in with, shown in the address's place, and which kind it is. */
  signedInWith: { kind: NoEmailKind; shown: string } | null;
  emailVerified: boolean;
  /** False when the customer has no sponsor record (the spec's "Profile Not Found"). */
  hasSponsorRecord: boolean;
  /** Live sessions of the account, this one included: how many devices are signed in. */
  activeSessions: number;
};

// Both facts in one statement: one round trip per visit.
const accountQuery = preparedFor((db) => {
  const sponsor = db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.userId, users.id));
  const live = db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, sql.placeholder("now"))));
  return db
    .select({ hasSponsorRecord: sql<boolean>`exists(${sponsor})`, activeSessions: sql<number>`(${live})`.mapWith(Number) })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("sponsor_account");
});

/** The account facts the sponsor profile shows to its own customer. */
export async function getSponsorAccount(db: Queryable, actor: Extract<Actor, { kind: "customer" }>): Promise<SponsorAccount> {
  const [row] = await accountQuery(db).execute({ userId: actor.userId, now: new Date() });
  const reachable = hasContactEmail(actor.email);
  const identity = reachable ? null : placeholderIdentity(actor.email);
  return { email: reachable ? actor.email : "", signedInWith: identity && { kind: identity.kind, shown: shownIdentity(actor.email) }, emailVerified: actor.emailVerified, hasSponsorRecord: row?.hasSponsorRecord === true, activeSessions: row?.activeSessions ?? 0 };
}
