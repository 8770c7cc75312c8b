import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { isIP } from "node:net";
import { Reader, type Response } from "mmdb-lib";

/**
 * An approximate place for a client address: its country, from the CC0 country database
 * @ip-location-db/geo-whois-asn-country-mmdb (built from the regional registries' allocations,
 * so it names where an address block is registered, not where its user sits). Read from disk
 * once, the first time it is needed, and kept: it is about 8 MB and never changes at run time.
 */
const DATABASE_FILE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";

/** This database's records: not one of the MaxMind shapes mmdb-lib types, so read through this one. */
type CountryRecord = { country_code?: string };

let reader: Promise<Reader<Response> | null> | undefined;

function countryReader(): Promise<Reader<Response> | null> {
  reader ??= readFile(createRequire(import.meta.url).resolve(DATABASE_FILE))
    .then((file) => new Reader<Response>(file))
    // Without the file a place is "unknown", never an error on the page.
    .catch(() => null);
  return reader;
}

export const LOCAL_NETWORK = "Local network";
export const UNKNOWN_PLACE = "Unknown location";

/** Loopback, private, link-local, CGNAT and unique-local addresses: never in a registry's allocations. */
export function isLocalAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split(".").map(Number) as [number, number];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = address.toLowerCase();
  return v6 === "::1" || v6 === "::" || v6.startsWith("fe80:") || v6.startsWith("fc") || v6.startsWith("fd");
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "Ireland", "Local network" or "Unknown location". */
export async function approximatePlace(address: string | null | undefined): Promise<string> {
  if (!address || isIP(address) === 0) return UNKNOWN_PLACE;
  if (isLocalAddress(address)) return LOCAL_NETWORK;
  const record = (await countryReader())?.get(address) as CountryRecord | null | undefined;
  const code = record?.country_code;
  if (!code) return UNKNOWN_PLACE;
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}
