import { createHash, randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { passkeyChallenges, passkeys, sessions } from "~/platform/db/schema";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { formatDate } from "~/ui/format";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { AuthState, SignedInActor } from "./actor";
import { requireFreshProof } from "./fresh-proof.server";
import { recordAuditEvent } from "./audit.server";
import { openProvenSession } from "./open-session.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { ACCESS_DENIED_TITLE, ADMIN_REFUSED_MESSAGE, LOGIN_FAILED_TITLE, NOT_ADMIN_MESSAGE, VALIDATION_ERROR_TITLE } from "./messages";
import { accountLabel } from "./no-email";
import {
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_FAILED_TITLE,
  PASSKEY_LIMIT,
  PASSKEY_LIMIT_MESSAGE,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_REMOVE_FAILED_TITLE,
  PASSKEY_SETUP_EXPIRED_MESSAGE,
  PASSKEY_SIGN_IN_EXPIRED_MESSAGE,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
  PASSKEY_UNKNOWN_MESSAGE,
  passkeyAdded,
  passkeyRemoved,
} from "./passkey-messages";
import { ADD_PASSKEY_INTENT, REMOVE_PASSKEY_INTENT } from "./passkey-messages";
import { AddPasskeySchema, PasskeySignInSchema, RemovePasskeySchema } from "./passkeys.schema";
import type { PasskeyRow } from "./sign-in-ways/passkey-manager";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import type { Portal, SignedIn } from "./sign-in.server";
import { lockWaysOf, refuseLastWay } from "./sign-in-ways.server";

/**
 * Passkeys (WebAuthn) for customers and staff: adding one while signed in, listing and removing
 * them, and signing in with one at either door. The relying party is APP_URL's host, the only
 * accepted origin APP_URL's origin; user verification is required, so a passkey proves both
 * something held and someone verified (PIN, fingerprint, face): a passkey sign-in is past the
 * second factor from the start. Each ceremony's challenge is used once, within five minutes.
 */

/** How long a challenge may be answered. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

const webauthn = () => import("@simplewebauthn/server");
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

export function relyingParty(platform: Platform) {
  const url = new URL(platform.env.APP_URL);
  return { rpID: url.hostname, rpName: "Apiary", origin: url.origin };
}

type ChallengePurpose = "register" | `sign-in:${Portal}` | "reauthenticate";

/** A new challenge for this purpose, as bytes for the options (which send it base64url-encoded, the form the answer carries). */
async function issueChallenge(platform: Platform, purpose: ChallengePurpose, userId: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString("base64url");
  const now = platform.clock.now();
  // Each issue clears what has lapsed, so the table holds only the last few minutes' challenges.
  await platform.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now)));
  await platform.db.insert(passkeyChallenges).values({ challengeHash: sha256(challenge), purpose, userId, expiresAt: new Date(now + PASSKEY_CHALLENGE_MS) });
  return bytes;
}

/**
 * Takes the challenge the browser's response answers out of the table (once: a second use finds
 * nothing), if it was issued for this purpose (and user) and has not lapsed. The challenge comes
 * from the signed client data, so the signature check that follows covers it.
 */
async function spendChallenge(platform: Platform, clientDataJSON: string, purpose: ChallengePurpose, userId: string | null): Promise<string | "unknown" | "expired"> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown }).challenge;
  } catch {
    return "unknown";
  }
  if (typeof challenge !== "string" || challenge.length > 200) return "unknown";
  const [row] = await platform.db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challengeHash, sha256(challenge)), eq(passkeyChallenges.purpose, purpose)))
    .returning({ userId: passkeyChallenges.userId, expiresAt: passkeyChallenges.expiresAt });
  if (!row || row.userId !== userId) return "unknown";
  if (row.expiresAt.getTime() < platform.clock.now()) return "expired";
  return challenge;
}

function parseJson<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as T) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The list

export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; synced: boolean };

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, deviceType: passkeys.deviceType })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(({ deviceType, ...row }) => ({ ...row, synced: deviceType === "multiDevice" }));
}

/** The list as the security pages show it, the dates written out here (the server's and the browser's time zones cannot disagree). */
export async function passkeyRows(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  return (await listPasskeys(db, userId)).map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    added: formatDate(passkey.createdAt),
    lastUsed: passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : null,
    synced: passkey.synced,
  }));
}

/** A security page's passkey forms (add, remove), for any signed-in person: the command's result. */
export async function answerPasskeyForm(platform: Platform, actor: SignedInActor, session: AuthState["session"], intent: string, form: unknown, meta: RequestMeta): Promise<Result<unknown> | null> {
  if (intent === ADD_PASSKEY_INTENT) return finishPasskeyRegistration(platform, actor, form, meta);
  if (intent === REMOVE_PASSKEY_INTENT) return removePasskey(platform, actor, session, form, meta);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Adding one

/** The options for the browser's `navigator.credentials.create()`: a new discoverable passkey, verified, none of the person's own again. */
export async function startPasskeyRegistration(platform: Platform, actor: SignedInActor): Promise<Result<PublicKeyCredentialCreationOptionsJSON>> {
  const byAccount = await hitRateLimit(platform.db, limits.passkeyRegistrationByAccount, actor.userId);
  if (!byAccount.allowed) return failedAs(PASSKEY_FAILED_TITLE, 429, tooManyAttemptsMessage(byAccount.retryAfterSeconds));
  const existing = await platform.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, actor.userId));
  if (existing.length >= PASSKEY_LIMIT) return failedAs(PASSKEY_FAILED_TITLE, 409, PASSKEY_LIMIT_MESSAGE);
  const { generateRegistrationOptions } = await webauthn();
  const { rpID, rpName } = relyingParty(platform);
  const challenge = await issueChallenge(platform, "register", actor.userId);
  // What a password manager or phone shows for this account: the e-mail, or the wallet or phone it is known by.
  const label = accountLabel(actor.email);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: label,
    userDisplayName: actor.kind === "customer" && actor.name ? actor.name : label,
    userID: new TextEncoder().encode(actor.userId),
    challenge,
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return succeeded(options);
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON["response"]["transports"]>[number];

/** Checks the browser's answer to the options above and keeps the new passkey under the name given. */
export async function finishPasskeyRegistration(platform: Platform, actor: SignedInActor, form: unknown, meta: RequestMeta): Promise<Result<{ id: string }>> {
  const checked = checkForm(AddPasskeySchema, form, PASSKEY_FAILED_TITLE);
  if (!checked.ok) return checked;
  const { name } = checked.value;
  const response = parseJson<RegistrationResponseJSON>(checked.value.response);
  const refuse = async (status: 400 | 409 | 410, message: string, reason: string) => {
    await recordAuditEvent(platform.db, { type: "passkey_add_failed", userId: actor.userId, details: { reason } }, meta);
    return failedAs(PASSKEY_FAILED_TITLE, status, message);
  };
  if (!response?.response || typeof response.response.clientDataJSON !== "string") return refuse(400, PASSKEY_NOT_VERIFIED_MESSAGE, "malformed");
  const challenge = await spendChallenge(platform, response.response.clientDataJSON, "register", actor.userId);
  if (challenge === "expired") return refuse(410, PASSKEY_SETUP_EXPIRED_MESSAGE, "expired");
  if (challenge === "unknown") return refuse(400, PASSKEY_NOT_VERIFIED_MESSAGE, "challenge");

  const { verifyRegistrationResponse } = await webauthn();
  const { rpID, origin } = relyingParty(platform);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
  } catch (error) {
    platform.logger.info({ err: error, userId: actor.userId }, "passkey registration refused");
    return refuse(400, PASSKEY_NOT_VERIFIED_MESSAGE, "verification");
  }
  if (!verified.verified || !verified.registrationInfo) return refuse(400, PASSKEY_NOT_VERIFIED_MESSAGE, "verification");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;

  const inserted = await platform.db.transaction(async (tx) => {
    // The limit holds under a race too: the person's rows are counted under a lock on them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`passkeys:${actor.userId}`}))`);
    const [{ value: kept } = { value: 0 }] = await tx.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, actor.userId));
    if (kept >= PASSKEY_LIMIT) return "limit" as const;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id });
    if (!row) return "taken" as const;
    await recordAuditEvent(tx, { type: "passkey_added", userId: actor.userId, details: { passkeyId: row.id, name, synced: credentialDeviceType === "multiDevice" } }, meta);
    return row;
  });
  if (inserted === "limit") return refuse(409, PASSKEY_LIMIT_MESSAGE, "limit");
  if (inserted === "taken") return refuse(409, PASSKEY_ALREADY_ADDED_MESSAGE, "taken");
  return { ...succeeded({ id: inserted.id }), toast: passkeyAdded(name) };
}

// ---------------------------------------------------------------------------------------------
// Removing one

export async function removePasskey(platform: Platform, actor: SignedInActor, session: AuthState["session"], form: unknown, meta: RequestMeta): Promise<Result> {
  const checked = checkForm(RemovePasskeySchema, form, PASSKEY_REMOVE_FAILED_TITLE);
  if (!checked.ok) return checked;
  // Removing a way in asks for a recent proof, as every other way's removal does.
  const stale = await requireFreshProof(platform, session);
  if (stale) return stale;
  return platform.db.transaction(async (tx) => {
    // The last way in stays (single_identity_not_deletable), under the same lock as the other ways.
    await lockWaysOf(tx, actor.userId);
    const [mine] = await tx.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, checked.value.passkeyId), eq(passkeys.userId, actor.userId)));
    const last = mine && (await refuseLastWay(tx, actor.userId, PASSKEY_REMOVE_FAILED_TITLE));
    if (last) return last;
    // The sessions it started end with it (a lost or stolen passkey's sessions with it), this one
    // too if it began so. The foreign key would cascade anyway; deleting them by name here lets
    // this instance's cache of signed-in sessions hear of it at once.
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.signedInPasskeyId, checked.value.passkeyId), eq(sessions.userId, actor.userId)))
      .returning({ id: sessions.id });
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, checked.value.passkeyId), eq(passkeys.userId, actor.userId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    // Someone else's passkey is answered as a missing one: nothing says it exists.
    if (!row) return failedAs(PASSKEY_REMOVE_FAILED_TITLE, 404, PASSKEY_NOT_FOUND_MESSAGE);
    await recordAuditEvent(tx, { type: "passkey_removed", userId: actor.userId, details: { passkeyId: row.id, name: row.name, sessionsEnded: ended.length } }, meta);
    return { ...succeeded(null), toast: passkeyRemoved(row.name) };
  });
}

// ---------------------------------------------------------------------------------------------
// Signing in

/**
 * The options for `navigator.credentials.get()` at a door: no account named (the passkey says
 * whose it is), user verification required. Limited per address like every sign-in.
 */
export async function startPasskeySignIn(platform: Platform, portal: Portal, meta: RequestMeta): Promise<Result<PublicKeyCredentialRequestOptionsJSON>> {
  const byAddress = await hitRateLimit(platform.db, limits.passkeySignInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  const { generateAuthenticationOptions } = await webauthn();
  const challenge = await issueChallenge(platform, `sign-in:${portal}`, null);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(platform).rpID,
    challenge,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: "required",
    allowCredentials: [],
  });
  return succeeded(options);
}

/**
 * A passkey's answer at a door: the challenge this door issued (spent here, whatever follows),
 * the signature by the stored public key over APP_URL's origin and RP ID with the user verified,
 * a counter that moved on (for authenticators that keep one). Then the door's rule (staff only
 * at /auth, no staff at /customer-auth, in the spec's words) and a new session that is past the
 * second factor. Limited per address; every outcome is in the audit log.
 */
export async function signInWithPasskey(platform: Platform, portal: Portal, form: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const checked = checkForm(PasskeySignInSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { db } = platform;
  const byAddress = await hitRateLimit(db, limits.passkeySignInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  const refuse = async (status: 400 | 401 | 410, message: string, reason: string, userId: string | null = null) => {
    await recordAuditEvent(db, { type: "login_failed", userId, details: { method: "passkey", portal, reason } }, meta);
    return failedAs(LOGIN_FAILED_TITLE, status, message);
  };

  const response = parseJson<AuthenticationResponseJSON>(checked.value.response);
  if (!response?.response || typeof response.response.clientDataJSON !== "string" || typeof response.id !== "string") {
    return refuse(400, PASSKEY_SIGN_IN_FAILED_MESSAGE, "malformed");
  }
  const challenge = await spendChallenge(platform, response.response.clientDataJSON, `sign-in:${portal}`, null);
  if (challenge === "expired") return refuse(410, PASSKEY_SIGN_IN_EXPIRED_MESSAGE, "expired");
  if (challenge === "unknown") return refuse(400, PASSKEY_SIGN_IN_FAILED_MESSAGE, "challenge");

  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!stored) return refuse(401, PASSKEY_UNKNOWN_MESSAGE, "unknown_passkey");
  // The user handle, when the authenticator gives one, must name the passkey's own account.
  if (response.response.userHandle && Buffer.from(response.response.userHandle, "base64url").toString("utf8") !== stored.userId) {
    return refuse(401, PASSKEY_SIGN_IN_FAILED_MESSAGE, "user_handle", stored.userId);
  }

  const checkedAssertion = await checkAssertion(platform, response, challenge, stored);
  if (checkedAssertion !== "ok") return refuse(401, PASSKEY_SIGN_IN_FAILED_MESSAGE, checkedAssertion, stored.userId);

  const staff = await isBackOfficeUser(db, stored.userId);
  if (staff !== (portal === "admin")) {
    await recordAuditEvent(db, { type: "login_refused", userId: stored.userId, details: { portal, method: "passkey" } }, meta);
    return portal === "customer" ? failedAs(LOGIN_FAILED_TITLE, 403, ADMIN_REFUSED_MESSAGE) : failedAs(ACCESS_DENIED_TITLE, 403, NOT_ADMIN_MESSAGE);
  }

  const opened = await openProvenSession(platform, stored.userId, meta, "passkey", stored.id);
  if (!opened.ok) return opened;
  const { headers } = opened.value;
  await recordAuditEvent(db, { type: "login_success", userId: stored.userId, details: { method: "passkey", portal, passkeyId: stored.id } }, meta);
  return succeeded({ headers, userId: stored.userId, secondFactorRequired: false });
}


type StoredPasskey = typeof passkeys.$inferSelect;

/**
 * The signature over the challenge by the stored public key, for APP_URL's origin and RP ID with
 * the user verified, and a counter that moved on (atomically: of two answers with the same count
 * only one passes). "ok", or the reason for the audit log.
 */
async function checkAssertion(platform: Platform, response: AuthenticationResponseJSON, challenge: string, stored: StoredPasskey): Promise<"ok" | "counter" | "verification"> {
  const { verifyAuthenticationResponse } = await webauthn();
  const { rpID, origin } = relyingParty(platform);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
    });
  } catch (error) {
    platform.logger.info({ err: error, userId: stored.userId }, "passkey assertion refused");
    return error instanceof Error && /counter/i.test(error.message) ? "counter" : "verification";
  }
  if (!verified.verified) return "verification";
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const [moved] = await platform.db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date(platform.clock.now()) })
    .where(and(eq(passkeys.id, stored.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
    .returning({ id: passkeys.id });
  return moved ? "ok" : "counter";
}

// ---------------------------------------------------------------------------------------------
// Confirming it's you (fresh-proof.server.ts)

/** The options for a signed-in person to confirm it's them with one of their own passkeys. */
export async function startPasskeyProof(platform: Platform, userId: string): Promise<Result<PublicKeyCredentialRequestOptionsJSON>> {
  const own = await platform.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (own.length === 0) return failedAs(PASSKEY_FAILED_TITLE, 404, PASSKEY_NOT_FOUND_MESSAGE);
  const { generateAuthenticationOptions } = await webauthn();
  const challenge = await issueChallenge(platform, "reauthenticate", userId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(platform).rpID,
    challenge,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: "required",
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
  });
  return succeeded(options);
}

/**
 * A passkey's answer to that challenge: issued for this very person, spent once, and signed by a
 * passkey of theirs. "ok" or the reason it is not (for the audit log).
 */
export async function checkPasskeyProof(platform: Platform, userId: string, responseJson: string): Promise<"ok" | "malformed" | "expired" | "challenge" | "unknown_passkey" | "counter" | "verification"> {
  const response = parseJson<AuthenticationResponseJSON>(responseJson);
  if (!response?.response || typeof response.response.clientDataJSON !== "string" || typeof response.id !== "string") return "malformed";
  const challenge = await spendChallenge(platform, response.response.clientDataJSON, "reauthenticate", userId);
  if (challenge === "expired" || challenge === "unknown") return challenge === "expired" ? "expired" : "challenge";
  const [stored] = await platform.db.select().from(passkeys).where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)));
  if (!stored) return "unknown_passkey";
  return checkAssertion(platform, response, challenge, stored);
}
