import { createHmac, timingSafeEqual } from "node:crypto";
import { failed, succeeded, type Result } from "~/platform/result";
import { STAY_LINK_EXPIRED, STAY_LINK_NOT_VALID } from "./messages";
import { addDays } from "./stay-dates";

/**
 * The guest's private link to their request (/stay/:token): the booking id and an expiry,
 * signed with the server secret, so it can't be guessed or extended. It stays valid until the
 * day after check-out.
 */
export function stayToken(bookingId: string, checkOutDate: string, secret: string): string {
  const expires = Math.floor(Date.parse(`${addDays(checkOutDate, 1)}T23:59:59Z`) / 1000);
  const payload = `${bookingId}.${expires}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The booking a link opens: not valid (404) unless signed by this server, Gone (410) once expired. */
export function readStayToken(token: string, secret: string, now = Date.now()): Result<{ bookingId: string }> {
  const parts = token.split(".");
  if (parts.length !== 3) return failed(404, STAY_LINK_NOT_VALID);
  const [bookingId, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${bookingId}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return failed(404, STAY_LINK_NOT_VALID);
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now) return failed(410, STAY_LINK_EXPIRED);
  return succeeded({ bookingId });
}

function sign(payload: string, secret: string) {
  return createHmac("sha256", `stay-link:${secret}`).update(payload).digest("base64url");
}

export const stayPath = (token: string) => `/stay/${token}`;
