import type { MiddlewareHandler } from "hono";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Methods that carry no form and change nothing. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FORM_BODY_MESSAGES = {
  unsupported: "Unsupported content type: send the form as application/x-www-form-urlencoded or multipart/form-data.",
  tooLarge: "The request is too large.",
  malformed: "The form could not be read: its body is malformed.",
} as const;

/**
 * What a post to this site may carry: a form (URL-encoded or multipart), no larger than
 * `maxBytes(path)`, well formed. Anything else is answered here — 415, 413 or 400 with a plain
 * message — before an action reads it, where it used to end as a 500; a 50 MB body is refused
 * as soon as it passes the limit instead of being read in full.
 */
export function formBodies(maxBytes: (path: string) => number): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const contentType = c.req.header("content-type") ?? "";
    if (!FORM_TYPES.has(contentType.split(";")[0]!.trim().toLowerCase())) return c.text(FORM_BODY_MESSAGES.unsupported, 415);
    const limit = maxBytes(c.req.path);
    if (Number(c.req.header("content-length")) > limit) return c.text(FORM_BODY_MESSAGES.tooLarge, 413);
    const body = await readAtMost(c.req.raw, limit);
    if (!body) return c.text(FORM_BODY_MESSAGES.tooLarge, 413);
    const wellFormed = await new Request(c.req.url, { method: "POST", headers: { "content-type": contentType }, body })
      .formData()
      .then(() => true, () => false);
    if (!wellFormed) return c.text(FORM_BODY_MESSAGES.malformed, 400);
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}

/** The body, or null as soon as it passes `limit` bytes (the rest is never read). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
