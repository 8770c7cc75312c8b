import { createHash } from "node:crypto";
import { z } from "~/platform/zod";
import type { OutboxAttachment } from "~/platform/db/schema";

/** A message the outbox refuses to store or the transport refuses to send; the text names the field. */
export class MailValidationError extends Error {
  override name = "MailValidationError";
}

const emailSchema = z.email();
// Any line break or other control character in a header value could start a new header.
const isControl = (code: number) => code < 0x20 || code === 0x7f;
const hasControl = (value: string) => [...value].some((c) => isControl(c.charCodeAt(0)));

/**
 * One bare address (`someone@example.com`), nothing else: no display name, no list, no
 * line breaks. Addresses often come from visitors, so a value that could smuggle in a second
 * recipient or a header must be refused, not cleaned up.
 */
export function assertSingleAddress(field: string, value: string): void {
  if (typeof value !== "string" || hasControl(value) || !emailSchema.safeParse(value).success) {
    throw new MailValidationError(`${field} must be a single e-mail address`);
  }
}

/**
 * Addresses under the reserved `.invalid` top-level domain (RFC 2606) can never be delivered: the
 * accounts that began with a phone number or a wallet carry one as a stand-in until the person
 * gives a real address. Mail to one is a bug in the caller, so it is refused loudly, not dropped.
 */
export function assertDeliverable(field: string, value: string): void {
  if (/\.invalid$/i.test(value.trim())) {
    throw new MailValidationError(`${field} is a stand-in for an account without an e-mail address (.invalid): nothing can be sent to it`);
  }
}

/** A header value on one line. */
export function assertHeaderText(field: string, value: string, { maxLength = 998 } = {}): void {
  if (typeof value !== "string" || value.trim() === "") throw new MailValidationError(`${field} must not be empty`);
  if (hasControl(value)) throw new MailValidationError(`${field} must not contain line breaks or control characters`);
  if (value.length > maxLength) throw new MailValidationError(`${field} must be at most ${maxLength} characters`);
}

/**
 * Subjects are built from visitor input (e.g. a contact form's subject), so templates fold
 * every run of whitespace or control characters into one space rather than fail the request.
 */
export function toSubjectLine(value: string, maxLength = 200): string {
  const line = [...value]
    .map((c) => (isControl(c.charCodeAt(0)) ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/;

export function assertAttachments(attachments: readonly OutboxAttachment[]): void {
  for (const [i, a] of attachments.entries()) {
    assertHeaderText(`attachments[${i}].filename`, a.filename, { maxLength: 255 });
    if (!MIME_TYPE.test(a.contentType)) throw new MailValidationError(`attachments[${i}].contentType must be a MIME type`);
    if (typeof a.content !== "string" || a.content.length % 4 !== 0 || !BASE64.test(a.content)) {
      throw new MailValidationError(`attachments[${i}].content must be base64`);
    }
  }
}

/** Attachments are kept as base64 so binary content survives the jsonb column. */
export function attachment(filename: string, content: string | Uint8Array, contentType: string): OutboxAttachment {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
  return { filename, content: bytes.toString("base64"), contentType };
}

/**
 * The Message-ID is derived from the idempotency key, so a message that somehow went out
 * twice carries the same Message-ID both times and the duplicate is visible (and most
 * mailbox providers fold it away). Characters outside a conservative dot-atom set are
 * hex-escaped, which keeps the mapping one-to-one; very long keys are hashed instead.
 */
export function messageIdFor(idempotencyKey: string): string {
  let local = "";
  for (const byte of Buffer.from(idempotencyKey, "utf8")) {
    const c = String.fromCharCode(byte);
    local += /[A-Za-z0-9_-]/.test(c) ? c : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  if (local.length > 200) local = `sha256-${createHash("sha256").update(idempotencyKey).digest("hex")}`;
  return `<${local}@apiary>`;
}
