import { randomUUID } from "node:crypto";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { failedAs, invalid, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { ContactMessageSchema } from "./contact.schema";
import { contactByAddress } from "./limits";
import { CONTACT_FAILED, CONTACT_INVALID, TOO_MANY_MESSAGES, tooManyMessagesDescription } from "./messages";

/**
 * send-contact-email: queues the visitor's message for the organisation's mailbox (CONTACT_TO)
 * through the outbox, with Reply-To set to the visitor so a reply reaches them. Only the
 * validated e-mail address goes into a header (the outbox refuses anything but one bare
 * address); name and message stay in the body, and the subject line is folded onto one line.
 */
export async function sendContactMessage(platform: Platform, unchecked: Record<string, unknown>, clientAddress: string): Promise<Result> {
  const { db, env, logger } = platform;
  // The form's own rules, checked here: no caller can queue a message they refuse.
  const parsed = ContactMessageSchema.safeParse(unchecked);
  if (!parsed.success) return invalid(parsed.error.issues, CONTACT_INVALID);
  const input = parsed.data;
  const limit = await hitRateLimit(db, contactByAddress, clientAddress);
  if (!limit.allowed) {
    logger.warn({ clientAddress }, "contact form rate limit reached");
    return failedAs(TOO_MANY_MESSAGES, 429, tooManyMessagesDescription(limit.retryAfterSeconds));
  }
  try {
    await enqueueTemplate(
      db,
      "contact",
      { name: input.name, email: input.email, subject: input.subject, message: input.message },
      { to: env.CONTACT_TO, replyTo: input.email, idempotencyKey: `contact:${randomUUID()}` },
    );
    return succeeded(null);
  } catch (err) {
    // Only the root cause: the failed query's parameters would copy the visitor's message into the log.
    logger.error({ reason: rootCause(err) }, "could not queue a contact message");
    return failedAs(CONTACT_FAILED.title, 503, CONTACT_FAILED.description);
  }
}

function rootCause(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause) e = e.cause;
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
