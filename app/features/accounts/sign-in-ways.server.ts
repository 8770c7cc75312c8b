import { createHash } from "node:crypto";
import { and, asc, count, eq, isNull, ne, or, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database, Queryable } from "~/platform/db/client.server";
import { accounts, passkeys, profiles, securityAuditLog, sponsors, users } from "~/platform/db/schema";
import { failedAs, isFailure, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { enqueueSms } from "~/platform/sms/outbox.server";
import { errorToast, type Toast } from "~/platform/toast";
import { formatDate } from "~/ui/format";
import type { AuthState, SignedInActor } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { getAuth, googleSignInEnabled } from "./auth.server";
import { refuseStaffAtCustomerDoor } from "./customer-door";
import { checkForm } from "./form-input";
import { requireFreshProof } from "./fresh-proof.server";
import { codeLimits, limits, tooManyAttemptsMessage } from "./limits";
import { CODE_ENDED_MESSAGE, CODE_WRONG_MESSAGE, codeWaitMessage, PHONE_INVALID_MESSAGE, phoneCodeSent } from "./messages";
import { hasContactEmail, placeholderEmail, placeholderIdentity, shortenAddress } from "./no-email";
import { checkCode, issueCode, type CodeContext } from "./one-time-code.server";
import { formatPhone, toE164 } from "./phone-number.server";
import { EMAIL_CODE_PROVIDER, PHONE_PROVIDER } from "./proven-customer.server";
import type { RequestMeta } from "./request-meta";
import {
  EMAIL_CODE_NOT_REMOVABLE,
  GOOGLE_LINK_FAILED,
  GOOGLE_UNAVAILABLE,
  IDENTITY_NOT_FOUND,
  identityAlreadyExists,
  identityAlreadyYours,
  linkPhoneText,
  SINGLE_IDENTITY_NOT_DELETABLE,
  WALLET_LINK_STATEMENT,
  WAY_LINK_FAILED_TITLE,
  WAY_REMOVE_FAILED_TITLE,
  wayAdded,
  wayRemoved,
  type LinkableWay,
} from "./sign-in-ways-messages";
import {
  LINK_GOOGLE_INTENT,
  LINK_PHONE_INTENT,
  LINK_PHONE_REQUEST_INTENT,
  LINK_WALLET_INTENT,
  LinkPhoneRequestSchema,
  LinkPhoneSchema,
  REMOVE_WAY_INTENT,
  RemoveWaySchema,
  SIGN_IN_WAYS_PATH,
  type SignInWay,
  type WayKind,
} from "./sign-in-ways.schema";
import {
  checkEthereumSignIn,
  checkSolanaSignIn,
  REFUSAL,
  walletChallenge,
  walletEmail,
  WalletSignInSchema,
  type WalletChain,
  type WalletChallenge,
} from "./wallet-sign-in.server";

/**
 * A person's ways to sign in (issue 35 §1, the catalogue's identities): listing them, linking a
 * Google account, a wallet or a phone number, and removing one. Each way in is an `accounts` row
 * (Better Auth's: "credential" with a password, "google", "phone", "ethereum", "solana"), a
 * passkey (passkeys.server.ts), or the e-mail code, which is the verified address itself.
 *
 * Linking needs the signed-in session and a fresh proof of the new identity (a wallet's
 * signature over a nonce issued to this account, a texted code, Google's redirect): whose the
 * identity is, is told only after that proof, so nobody learns from here which numbers or
 * wallets have an account. Removing needs a recent proof of the person (requireFreshProof)
 * and never leaves an account without a way in. No refusal here ends the session.
 */

/** The `accounts` providers that are ways in of their own (the e-mail code's row goes with the address). */
const ROW_WAYS: Record<string, Exclude<WayKind, "email-code">> = {
  credential: "password",
  google: "google",
  [PHONE_PROVIDER]: "phone",
  ethereum: "ethereum",
  solana: "solana",
};

/** How an identity is shown: a number as it is dialled, a wallet shortened as wallets show it. */
function shownIdentity(kind: WayKind, accountId: string, email: string) {
  if (kind === "phone") return formatPhone(accountId);
  if (kind === "ethereum" || kind === "solana") return shortenAddress(accountId);
  if (kind === "email-code") return email;
  return "";
}

type UserFacts = { email: string; emailVerified: boolean };

async function userFacts(db: Queryable, userId: string): Promise<UserFacts | null> {
  const [user] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The e-mail code signs in whoever holds a verified, real address. */
const emailCodeWorks = (user: UserFacts) => user.emailVerified && hasContactEmail(user.email);

/** Every way this person can sign in, but passkeys (listed by their own part of the tab), oldest first. */
export async function listSignInWays(db: Queryable, userId: string): Promise<SignInWay[]> {
  const user = await userFacts(db, userId);
  if (!user) return [];
  const rows = await db
    .select({ id: accounts.id, providerId: accounts.providerId, accountId: accounts.accountId, password: accounts.password, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const ways: SignInWay[] = [];
  for (const row of rows) {
    const kind = ROW_WAYS[row.providerId];
    if (!kind || (kind === "password" && !row.password)) continue;
    ways.push({ id: row.id, kind, shown: shownIdentity(kind, row.accountId, user.email), added: formatDate(row.createdAt), removable: true });
  }
  if (emailCodeWorks(user)) {
    const row = rows.find((candidate) => candidate.providerId === EMAIL_CODE_PROVIDER);
    ways.push({ id: null, kind: "email-code", shown: user.email, added: row ? formatDate(row.createdAt) : null, removable: false });
  }
  return ways;
}

/** How many ways in this person has, passkeys and the e-mail code included. */
export async function countWaysIn(db: Queryable, userId: string): Promise<number> {
  const user = await userFacts(db, userId);
  if (!user) return 0;
  const rows = await db.select({ providerId: accounts.providerId, password: accounts.password }).from(accounts).where(eq(accounts.userId, userId));
  const own = rows.filter((row) => {
    const kind = ROW_WAYS[row.providerId];
    return kind !== undefined && (kind !== "password" || Boolean(row.password));
  }).length;
  const [{ value: keys } = { value: 0 }] = await db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return own + keys + (emailCodeWorks(user) ? 1 : 0);
}

/**
 * Holds the person's ways still while one is added or removed: two removals at once cannot
 * each see the other way left and take away both. Passkey removal takes the same lock.
 */
export async function lockWaysOf(tx: Queryable, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in-ways:${userId}`}, 0))`);
}

/** single_identity_not_deletable, for any way about to go: null while another way in remains. */
export async function refuseLastWay(tx: Queryable, userId: string, title: string): Promise<Refusal | null> {
  return (await countWaysIn(tx, userId)) <= 1 ? failedAs(title, 409, SINGLE_IDENTITY_NOT_DELETABLE) : null;
}

/** The stand-in address (no-email.ts) a phone or wallet identity gives an account that has no e-mail. */
function standInFor(providerId: string, accountId: string): string | null {
  if (providerId === PHONE_PROVIDER) return placeholderEmail("phone", accountId);
  if (providerId === "ethereum" || providerId === "solana") return walletEmail(providerId, accountId);
  return null;
}

/** The stand-in of an account that keeps no phone or wallet: from its id, naming no way in. */
const neutralStandIn = (userId: string) => placeholderEmail("account", createHash("sha256").update(userId).digest("hex").slice(0, 32));

/** Gives the account a new stand-in address, wherever the old one is written; false if another account has it. */
async function renameStandIn(tx: Queryable, userId: string, from: string, to: string): Promise<boolean> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, to), ne(users.id, userId)));
  if (taken) return false;
  await tx.update(users).set({ email: to }).where(eq(users.id, userId));
  await tx.update(profiles).set({ email: to }).where(and(eq(profiles.id, userId), eq(profiles.email, from)));
  await tx.update(sponsors).set({ email: to }).where(and(eq(sponsors.userId, userId), eq(sponsors.email, from)));
  return true;
}

/**
 * An account without e-mail is shown by the way it began with (its stand-in address). When that
 * way goes, the account is shown by another phone or wallet it keeps, the oldest first (a phone
 * account changing its number: link the new one, remove the old); with none left (a passkey or
 * Google remains), by a stand-in that names no way. The profile and the back-office never show a
 * way that is gone, nor keep a removed number.
 */
async function movedStandIn(tx: Queryable, userId: string, removed: { providerId: string; accountId: string }) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user || standInFor(removed.providerId, removed.accountId) !== user.email) return;
  const rest = await tx.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt));
  for (const row of rest) {
    const next = standInFor(row.providerId, row.accountId);
    if (next && (await renameStandIn(tx, userId, user.email, next))) return;
  }
  await renameStandIn(tx, userId, user.email, neutralStandIn(userId));
}

/**
 * A phone or wallet joins an account: one known by no way (see movedStandIn) is known by it from
 * now on; and a phone fills the profile's phone field when that is empty (contact details are the
 * person's to edit: a number already there stays, and removing a way later leaves the field).
 */
async function afterLinking(tx: Queryable, userId: string, way: LinkableWay, accountId: string) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const next = standInFor(way, accountId);
  if (user && next && placeholderIdentity(user.email)?.kind === "account") await renameStandIn(tx, userId, user.email, next);
  if (way !== PHONE_PROVIDER) return;
  const empty = (column: typeof profiles.phoneNumber | typeof sponsors.phoneNumber) => or(isNull(column), eq(sql`btrim(${column})`, ""));
  await tx.update(profiles).set({ phoneNumber: accountId }).where(and(eq(profiles.id, userId), empty(profiles.phoneNumber)));
  await tx.update(sponsors).set({ phoneNumber: accountId }).where(and(eq(sponsors.userId, userId), empty(sponsors.phoneNumber)));
}

type Session = AuthState["session"];

/**
 * Removes one of the person's ways (an `accounts` row of theirs). A recent proof first; then,
 * under the person's lock: a way that is not (or no longer) theirs is identity_not_found, the
 * e-mail code is not removable here, and the last way in is single_identity_not_deletable.
 */
export async function removeSignInWay(platform: Platform, actor: SignedInActor, session: Session, form: unknown, meta: RequestMeta): Promise<Result> {
  const stale = await requireFreshProof(platform, session);
  if (stale) return { ...stale, title: WAY_REMOVE_FAILED_TITLE };
  const checked = checkForm(RemoveWaySchema, form, WAY_REMOVE_FAILED_TITLE);
  if (!checked.ok) return checked;
  const db: Database = platform.db;
  const outcome = await db.transaction(async (tx): Promise<{ refused: Refusal; reason: string } | { shown: string }> => {
    await lockWaysOf(tx, actor.userId);
    const [row] = await tx
      .select({ id: accounts.id, providerId: accounts.providerId, accountId: accounts.accountId, password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.id, checked.value.wayId), eq(accounts.userId, actor.userId)));
    const kind = row && ROW_WAYS[row.providerId];
    // Someone else's row, or a password row without a password, is answered as a missing one.
    if (!row || (kind === "password" && !row.password)) return { refused: failedAs(WAY_REMOVE_FAILED_TITLE, 404, IDENTITY_NOT_FOUND), reason: "identity_not_found" };
    if (!kind) return { refused: failedAs(WAY_REMOVE_FAILED_TITLE, 400, EMAIL_CODE_NOT_REMOVABLE), reason: "not_removable" };
    const last = await refuseLastWay(tx, actor.userId, WAY_REMOVE_FAILED_TITLE);
    if (last) return { refused: last, reason: "single_identity_not_deletable" };
    await tx.delete(accounts).where(eq(accounts.id, row.id));
    await movedStandIn(tx, actor.userId, row);
    const shown = kind === "password" ? "Your password" : kind === "google" ? "Your Google account" : shownIdentity(kind, row.accountId, "");
    await recordAuditEvent(tx, { type: "identity_unlinked", userId: actor.userId, details: { provider: row.providerId, identity: auditIdentity(row.providerId, row.accountId) } }, meta);
    return { shown };
  });
  if ("refused" in outcome) {
    await recordAuditEvent(db, { type: "identity_unlink_refused", userId: actor.userId, details: { reason: outcome.reason } }, meta);
    return outcome.refused;
  }
  return { ...succeeded(null), toast: wayRemoved(outcome.shown) };
}

/** Wallets are public; a phone number is kept out of the audit trail as a short hash; Google's subject is an opaque id. */
function auditIdentity(providerId: string, accountId: string) {
  if (providerId === PHONE_PROVIDER) return `sha256:${createHash("sha256").update(accountId).digest("hex").slice(0, 16)}`;
  if (providerId === "credential") return null;
  return accountId;
}

/**
 * Joins a proven identity to the person's account, under a lock on the identity (two people
 * linking the same wallet at once: one gets it, the other hears whose it is). An identity that is
 * already another account's way in is identity_already_exists, and changes nothing.
 */
async function linkIdentity(platform: Platform, userId: string, way: LinkableWay, accountId: string, meta: RequestMeta): Promise<Result> {
  return platform.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`identity:${way}:${accountId}`}, 0))`);
    await lockWaysOf(tx, userId);
    const [owner] = await tx.select({ userId: accounts.userId }).from(accounts).where(and(eq(accounts.providerId, way), eq(accounts.accountId, accountId)));
    if (owner?.userId === userId) return failedAs(WAY_LINK_FAILED_TITLE, 409, identityAlreadyYours(way));
    if (owner) {
      await recordAuditEvent(tx, { type: "identity_link_refused", userId, details: { provider: way, reason: "identity_already_exists", identity: auditIdentity(way, accountId) } }, meta);
      return failedAs(WAY_LINK_FAILED_TITLE, 409, identityAlreadyExists(way));
    }
    await tx.insert(accounts).values({ id: crypto.randomUUID(), userId, providerId: way, accountId });
    await afterLinking(tx, userId, way, accountId);
    await recordAuditEvent(tx, { type: "identity_linked", userId, details: { provider: way, identity: auditIdentity(way, accountId) } }, meta);
    return succeeded(null);
  });
}

// ---------------------------------------------------------------------------------------------
// A wallet, by its signature

/** The purpose of a link nonce names the account: a message signed for one account links to no other. */
const linkPurpose = (userId: string) => (chain: WalletChain) => `link:${chain}:${userId}` as const;

/** Step one: the message the wallet signs (the sign-in message's form, with a link statement and a nonce for this account). */
export async function startWalletLink(platform: Platform, actor: SignedInActor, input: unknown, meta: RequestMeta): Promise<Result<WalletChallenge>> {
  return walletChallenge(platform, input, meta, { purpose: linkPurpose(actor.userId), statement: WALLET_LINK_STATEMENT, title: WAY_LINK_FAILED_TITLE });
}

/** Step two: the signed message, checked as a sign-in's is (site, time, single-use nonce of this account, signature), then linked. */
export async function linkWallet(platform: Platform, actor: SignedInActor, form: unknown, meta: RequestMeta): Promise<Result> {
  const checked = checkForm(WalletSignInSchema, form, WAY_LINK_FAILED_TITLE);
  if (!checked.ok) return checked;
  const { chain, message, signature } = checked.value;
  const byAddress = await hitRateLimit(platform.db, limits.signInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(WAY_LINK_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  const purpose = linkPurpose(actor.userId)(chain);
  const proof = chain === "ethereum" ? await checkEthereumSignIn(platform, message, signature, purpose) : await checkSolanaSignIn(platform, message, signature, purpose);
  if (!proof.ok) {
    await recordAuditEvent(platform.db, { type: "identity_link_failed", userId: actor.userId, details: { provider: chain, reason: proof.reason } }, meta);
    const refusal = REFUSAL[proof.reason];
    return failedAs(WAY_LINK_FAILED_TITLE, refusal.status, refusal.message);
  }
  const linked = await linkIdentity(platform, actor.userId, chain, proof.address, meta);
  if (!linked.ok) return linked;
  return { ...linked, toast: wayAdded(chain, shortenAddress(proof.address)) };
}

// ---------------------------------------------------------------------------------------------
// A phone number, by its texted code

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const refusedCode = (status: 400 | 401 | 429, message: string, field?: "code" | "phone") =>
  failedAs(WAY_LINK_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);

/**
 * Texts a code to the number to add. One pending number per account (a new request replaces
 * it), with the sign-in code's limits per number and per client address: texts cost money.
 */
export async function requestPhoneLink(platform: Platform, actor: SignedInActor, form: unknown, meta: RequestMeta): Promise<Result<{ phone: string; shown: string }>> {
  const checked = checkForm(LinkPhoneRequestSchema, form, WAY_LINK_FAILED_TITLE);
  if (!checked.ok) return checked;
  const phone = toE164(checked.value.phone);
  if (!phone) return refusedCode(400, PHONE_INVALID_MESSAGE, "phone");
  const { db } = platform;
  for (const [rule, key] of [
    [codeLimits.smsCodeByAddress, meta.clientAddress],
    [codeLimits.smsCodeByNumber, phone],
    [codeLimits.smsCodeByNumberDaily, phone],
  ] as const) {
    const limit = await hitRateLimit(db, rule, key);
    if (!limit.allowed) return refusedCode(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  }
  const issued = await issueCode(codeContext(platform), { purpose: "link-phone", channel: "sms", subject: actor.userId, target: phone, withLink: false }, (tx, { code }) =>
    enqueueSms(tx, { purpose: "link-phone-code", to: phone, body: linkPhoneText(code, platform.env.APP_URL), idempotencyKey: `link-phone-code:${crypto.randomUUID()}` }),
  );
  if (!issued.sent) return refusedCode(429, codeWaitMessage(issued.waitSeconds));
  const shown = formatPhone(phone);
  return { ...succeeded({ phone, shown }), toast: phoneCodeSent(shown) };
}

/** The code texted to the number: right, the number (the one the code was sent to) is linked. */
export async function linkPhone(platform: Platform, actor: SignedInActor, form: unknown, meta: RequestMeta): Promise<Result> {
  const checked = checkForm(LinkPhoneSchema, form, WAY_LINK_FAILED_TITLE);
  if (!checked.ok) return checked;
  const tries = await hitRateLimit(platform.db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refusedCode(429, tooManyAttemptsMessage(tries.retryAfterSeconds));
  const check = await checkCode(codeContext(platform), { purpose: "link-phone", channel: "sms", subject: actor.userId, code: checked.value.code });
  if (check.outcome !== "accepted") {
    await recordAuditEvent(platform.db, { type: "identity_link_failed", userId: actor.userId, details: { provider: PHONE_PROVIDER, reason: check.outcome } }, meta);
    return check.outcome === "wrong" ? refusedCode(401, CODE_WRONG_MESSAGE, "code") : refusedCode(401, CODE_ENDED_MESSAGE, "code");
  }
  const linked = await linkIdentity(platform, actor.userId, "phone", check.target, meta);
  if (!linked.ok) return linked;
  return { ...linked, toast: wayAdded("phone", formatPhone(check.target)) };
}

// ---------------------------------------------------------------------------------------------
// Google, by its redirect

/**
 * Starts Better Auth's link flow (link-social) for the signed-in session: a redirect to Google
 * carrying Better Auth's signed state, which names this account and this session. On the way back
 * Better Auth checks the state, PKCE and the ID token, and refuses a Google account that is
 * another person's (account_already_linked_to_different_user).
 */
export async function startGoogleLink(platform: Platform, meta: RequestMeta): Promise<Result<Response>> {
  if (!googleSignInEnabled(platform)) return failedAs(WAY_LINK_FAILED_TITLE, 404, GOOGLE_UNAVAILABLE);
  const { headers, response } = await (await getAuth(platform)).api.linkSocialAccount({
    body: { provider: "google", callbackURL: `${SIGN_IN_WAYS_PATH}?google=linked`, errorCallbackURL: SIGN_IN_WAYS_PATH, disableRedirect: true },
    headers: meta.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Google link did not return an authorization URL");
  return succeeded(redirect(response.url, { headers }));
}

/**
 * What the return from Google says. Its address is a plain link anyone can send, so success is
 * said only when the account has a Google way now; a refusal only ever shows a message.
 */
export async function googleLinkOutcome(db: Queryable, actor: SignedInActor, params: URLSearchParams, meta: RequestMeta): Promise<Toast | null> {
  const error = params.get("error");
  if (error === "account_already_linked_to_different_user") {
    await recordAuditEvent(db, { type: "identity_link_refused", userId: actor.userId, details: { provider: "google", reason: "identity_already_exists" } }, meta);
    return errorToast(WAY_LINK_FAILED_TITLE, identityAlreadyExists("google"));
  }
  if (error) return errorToast(WAY_LINK_FAILED_TITLE, GOOGLE_LINK_FAILED);
  if (params.get("google") !== "linked") return null;
  const [row] = await db.select({ accountId: accounts.accountId }).from(accounts).where(and(eq(accounts.userId, actor.userId), eq(accounts.providerId, "google")));
  if (!row) return null;
  // Better Auth wrote the row; the audit row is ours, written once however often this address is opened.
  const [told] = await db
    .select({ id: securityAuditLog.id })
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.userId, actor.userId), eq(securityAuditLog.eventType, "identity_linked"), sql`${securityAuditLog.eventDetails}->>'identity' = ${row.accountId}`));
  if (!told) await recordAuditEvent(db, { type: "identity_linked", userId: actor.userId, details: { provider: "google", identity: row.accountId } }, meta);
  return wayAdded("google", "");
}

// ---------------------------------------------------------------------------------------------
// The card's forms

/**
 * A "Sign-in ways" form of the sponsor profile, by intent: the command's result, or the redirect
 * to Google. Customers only, as the whole page.
 */
export async function answerSignInWayForm(
  platform: Platform,
  actor: SignedInActor,
  session: Session,
  intent: string,
  form: unknown,
  meta: RequestMeta,
): Promise<Result<unknown> | Response> {
  const title = intent === REMOVE_WAY_INTENT ? WAY_REMOVE_FAILED_TITLE : WAY_LINK_FAILED_TITLE;
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return { ...customer, title };
  switch (intent) {
    case REMOVE_WAY_INTENT:
      return removeSignInWay(platform, customer, session, form, meta);
    case LINK_WALLET_INTENT:
      return linkWallet(platform, customer, form, meta);
    case LINK_PHONE_REQUEST_INTENT:
      return requestPhoneLink(platform, customer, form, meta);
    case LINK_PHONE_INTENT:
      return linkPhone(platform, customer, form, meta);
    case LINK_GOOGLE_INTENT: {
      const started = await startGoogleLink(platform, meta);
      return started.ok ? started.value : started;
    }
    default:
      return failedAs(title, 400, "Unknown form");
  }
}
