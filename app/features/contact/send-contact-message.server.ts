import { randomUUID } from "node:crypto";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import { CONTACT_FAILED_TOAST, ContactMessageSchema, type ContactMessageInput } from "./contact.schema";
import { contactByAddress, tooManyMessagesDescription } from "./limits";

export type ContactResult = { ok: true } | { ok: false; status: number; toast: Toast };

/**
 * send-contact-email: queues the visitor's message for the organisation's mailbox (CONTACT_TO)
 * through the outbox, with Reply-To set to the visitor so a reply reaches them. Only the
 * validated e-mail address goes into a header (the outbox refuses anything but one bare
 * address); name and message stay in the body, and the subject line is folded onto one line.
 */
export async function sendContactMessage(platform: Platform, unchecked: ContactMessageInput, clientAddress: string): Promise<ContactResult> {
  const { db, env, logger } = platform;
  // Checked here as well as in the form: no caller can queue a message the rules refuse.
  const parsed = ContactMessageSchema.safeParse(unchecked);
  if (!parsed.success) {
    return { ok: false, status: 400, toast: { title: "Validation Error", description: parsed.error.issues[0]!.message, variant: "error" } };
  }
  const input = parsed.data;
  const limit = await hitRateLimit(db, contactByAddress, clientAddress);
  if (!limit.allowed) {
    logger.warn({ clientAddress }, "contact form rate limit reached");
    return {
      ok: false,
      status: 429,
      toast: { title: "Too Many Messages", description: tooManyMessagesDescription(limit.retryAfterSeconds), variant: "error" },
    };
  }
  try {
    await enqueueTemplate(
      db,
      "contact",
      { name: input.name, email: input.email, subject: input.subject, message: input.message },
      { to: env.CONTACT_TO, replyTo: input.email, idempotencyKey: `contact:${randomUUID()}` },
    );
    return { ok: true };
  } catch (err) {
    // Only the root cause: the failed query's parameters would copy the visitor's message into the log.
    logger.error({ reason: rootCause(err) }, "could not queue a contact message");
    return { ok: false, status: 503, toast: CONTACT_FAILED_TOAST };
  }
}

function rootCause(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause) e = e.cause;
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
