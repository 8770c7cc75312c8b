/**
 * The shapes of second-factor codes, for the code step's field and for the schemas in
 * admin.schema.ts: here, so the code step reads them without zod.
 */

/** Authenticator and texted codes are 6 digits; backup codes 8 characters of a-z and 0-9. */
export const SECOND_FACTOR_CODE_LENGTH = { totp: 6, backup: 8, sms: 6 } as const;
export type SecondFactorMethod = keyof typeof SECOND_FACTOR_CODE_LENGTH;

/** People paste "123 456" or "ABCD-1234": spaces and hyphens go, backup codes are lower case. */
export function normalizeSecondFactorCode(method: SecondFactorMethod, code: string) {
  const compact = code.replace(/[\s-]/g, "");
  return method === "backup" ? compact.toLowerCase() : compact;
}

export const CODE_PATTERN: Record<SecondFactorMethod, RegExp> = { totp: /^\d{6}$/, backup: /^[a-z0-9]{8}$/, sms: /^\d{6}$/ };

export function isWellFormedCode(method: SecondFactorMethod, code: string) {
  return CODE_PATTERN[method].test(normalizeSecondFactorCode(method, code));
}
