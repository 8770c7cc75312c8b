import { and, eq, ne, sql } from "drizzle-orm";
import { SqlState, sqlStateOf } from "~/platform/db/errors";
import { profiles, sponsors, users } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { failed, failedAs, isFailure, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Actor } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { refuseStaffAtCustomerDoor } from "./customer-door";
import { checkForm } from "./form-input";
import { codeLimits, tooManyAttemptsMessage } from "./limits";
import {
  ADD_EMAIL_FAILED_TITLE,
  CODE_ENDED_MESSAGE,
  CODE_WRONG_MESSAGE,
  codeWaitMessage,
  CONTACT_EMAIL_NEEDED_MESSAGE,
  CONTACT_EMAIL_NEEDED_TITLE,
  contactEmailAdded,
  EMAIL_TAKEN_MESSAGE,
  VALIDATION_ERROR_TITLE,
} from "./messages";
import { hasContactEmail } from "./no-email";
import { checkCode, issueCode, type CodeContext } from "./one-time-code.server";
import type { RequestMeta } from "./request-meta";
import { ContactEmailCodeSchema, ContactEmailRequestSchema } from "./sign-in-ways/code.schema";

/**
 * A phone-only (or wallet) account has no e-mail address, and bookings are matched by e-mail and
 * confirmed by e-mail: its first booking or adoption asks for one. The address is proven by a code
 * sent to it, then becomes the account's address (user, profile and sponsor rows), verified.
 */

/** The refusal of a booking or adoption by an account without an address (the portal offers to add one). */
export function refuseWithoutContactEmail(email: string): Result<never> | null {
  return hasContactEmail(email) ? null : failedAs(CONTACT_EMAIL_NEEDED_TITLE, 409, CONTACT_EMAIL_NEEDED_MESSAGE);
}

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const refused = (status: 400 | 401 | 403 | 409 | 429, message: string, field?: "email" | "code") => failedAs(ADD_EMAIL_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);

function customerWithoutEmail(actor: Actor) {
  if (actor.kind === "anonymous") return failed(401, "Please log in first.");
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return customer;
  if (hasContactEmail(customer.email)) return failed(409, "Your account already has an email address.");
  return customer;
}

async function takenByAnother(platform: Platform, userId: string, email: string) {
  const [other] = await platform.db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)));
  return Boolean(other);
}

export async function requestContactEmailCode(platform: Platform, actor: Actor, form: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  const customer = customerWithoutEmail(actor);
  if (isFailure(customer)) return customer;
  const checked = checkForm(ContactEmailRequestSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { email } = checked.value;
  const { db } = platform;
  const byAddress = await hitRateLimit(db, codeLimits.emailCodeByAddress, meta.clientAddress);
  if (!byAddress.allowed) return refused(429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  if (await takenByAnother(platform, customer.userId, email)) return refused(409, EMAIL_TAKEN_MESSAGE, "email");
  const byEmail = await hitRateLimit(db, codeLimits.emailCodeByEmail, email);
  if (!byEmail.allowed) return refused(429, tooManyAttemptsMessage(byEmail.retryAfterSeconds));
  const issued = await issueCode(codeContext(platform), { purpose: "add-email", channel: "email", subject: customer.userId, target: email, withLink: false }, (tx, { code }) =>
    enqueueTemplate(tx, "sign-in-code", { code, purpose: "add-email" }, { to: email, idempotencyKey: `add-email-code:${crypto.randomUUID()}` }),
  );
  if (!issued.sent) return refused(429, codeWaitMessage(issued.waitSeconds));
  return { ...succeeded({ email }), toast: { title: "Check your email", description: `We sent a 6-digit code to ${email}. It works for 10 minutes.`, variant: "success" } };
}

/** The code from the message: the address it was sent to becomes the account's, verified. */
export async function confirmContactEmail(platform: Platform, actor: Actor, form: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  const customer = customerWithoutEmail(actor);
  if (isFailure(customer)) return customer;
  const checked = checkForm(ContactEmailCodeSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const tries = await hitRateLimit(platform.db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refused(429, tooManyAttemptsMessage(tries.retryAfterSeconds));
  const check = await checkCode(codeContext(platform), { purpose: "add-email", channel: "email", subject: customer.userId, code: checked.value.code });
  if (check.outcome !== "accepted") return check.outcome === "wrong" ? refused(401, CODE_WRONG_MESSAGE, "code") : refused(401, CODE_ENDED_MESSAGE, "code");
  const email = check.target;
  try {
    await platform.db.transaction(async (tx) => {
      await tx.update(users).set({ email, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, customer.userId));
      await tx.update(profiles).set({ email }).where(eq(profiles.id, customer.userId));
      await tx.update(sponsors).set({ email }).where(eq(sponsors.userId, customer.userId));
    });
  } catch (error) {
    // Taken by another account since the code was sent.
    if (sqlStateOf(error) === SqlState.uniqueViolation) return refused(409, EMAIL_TAKEN_MESSAGE, "email");
    throw error;
  }
  await recordAuditEvent(platform.db, { type: "email_added", userId: customer.userId, details: { email } }, meta);
  return { ...succeeded({ email }), toast: contactEmailAdded(email) };
}
