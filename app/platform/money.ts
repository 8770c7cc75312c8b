/**
 * Money is never floating point: the database keeps numeric(10,2) strings, code works in
 * integer cents, and only display turns cents into text.
 */
export function toCents(amount: string | number): number {
  const text = typeof amount === "number" ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${JSON.stringify(amount)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** Cents as the numeric(10,2) text the database stores. */
export function centsToNumeric(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * "$1,999" for whole dollars, "$22.55" otherwise: what Intl's en-US USD currency format writes,
 * written out by hand. The first Intl object a page makes loads the browser's locale data, a long
 * task on a slow phone (about 25 ms here, 100 ms on Lighthouse's mobile CPU), and this module is
 * evaluated before the interactive pages hydrate; a price needs none of it.
 */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = abs % 100;
  return `${sign}$${dollars}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}
