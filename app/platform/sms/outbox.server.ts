import type { Queryable } from "~/platform/db/client.server";
import { smsOutbox } from "~/platform/db/schema";

export type SmsInput = {
  /** What the text is for (`sign-in-code`…); kept for the logs and the back-office. */
  purpose: string;
  /** Same key, same text: a second enqueue with it is ignored. */
  idempotencyKey: string;
  /** An E.164 number, `+` and 6 to 15 digits. */
  to: string;
  body: string;
};

export class SmsValidationError extends Error {
  override name = "SmsValidationError";
}

export const E164 = /^\+[1-9]\d{5,14}$/;
/** A single text: 160 GSM characters, or 70 of UCS-2. Ours are short; longer ones are a bug. */
export const SMS_MAX_LENGTH = 320;

/**
 * Stores a text for the SMS worker, in the caller's transaction: the text exists exactly when
 * the change it reports commits. A malformed number or body throws here, where the caller can
 * still react, rather than failing later in the worker.
 */
export async function enqueueSms(db: Queryable, message: SmsInput): Promise<{ enqueued: boolean }> {
  if (!E164.test(message.to)) throw new SmsValidationError("to must be an E.164 number (+ and 6 to 15 digits)");
  if (!message.body.trim() || message.body.length > SMS_MAX_LENGTH) throw new SmsValidationError(`body must be 1 to ${SMS_MAX_LENGTH} characters`);
  const rows = await db
    .insert(smsOutbox)
    .values({ idempotencyKey: message.idempotencyKey, purpose: message.purpose, to: message.to, body: message.body })
    .onConflictDoNothing({ target: smsOutbox.idempotencyKey })
    .returning({ id: smsOutbox.id });
  return { enqueued: rows.length > 0 };
}
