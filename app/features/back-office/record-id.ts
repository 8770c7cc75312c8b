/**
 * The ids our tables generate (uuid). Checked before a query, so that a malformed id in a URL or
 * a form is "not found" rather than a database error. A plain pattern: screen declarations, which
 * the browser loads, use it for URL filters too.
 */
export const RECORD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isRecordId = (value: string) => RECORD_ID_PATTERN.test(value);
