import { sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { randomInt } from "node:crypto";
import { openDatabase, type DatabaseHandle } from "~/platform/db/client.server";
import { cookieOf } from "../setup/platform";
import { freePort, postForm, spawnServer, waitUntilHealthy } from "../setup/server-process";

/**
 * Generated bad input against the production server: every action the site has, sent bodies of
 * every kind (URL-encoded, multipart, JSON, plain text, none, a broken multipart), with fields
 * known and unknown, missing and repeated, holding any unicode, control characters, huge
 * strings, SQL and HTML, real and made-up ids. Not one answer may be a 5xx, and afterwards no
 * stored row may break the rules the shared schemas state (checked with SQL).
 * Used by generated-input.test.ts (a few hundred cases in every run) and by
 * bench/generated-input.ts (10,000 and more, with figures).
 */

const PUBLIC = "https://apiary.test";

const FIELDS: Record<string, string[]> = {
  "/contact": ["name", "email", "subject", "message"],
  "/customer-auth": ["intent", "email", "password", "companyName", "phoneNumber", "redirectTo", "response", "phone", "code", "token"],
  "/auth": ["intent", "email", "password", "code", "method", "redirectTo", "response"],
  "/admin-setup": ["email", "password", "confirmPassword", "currentPassword", "newPassword"],
  "/forgot-password": ["email"],
  "/reset-password": ["token", "password", "confirmPassword"],
  "/sponsor-profile": ["intent", "companyName", "address", "phoneNumber", "currentPassword", "newPassword", "confirmPassword", "scope", "name", "response", "passkeyId"],
  "/adopt-hive-signup": ["intent", "tierId", "paymentFrequency", "paymentMethod", "hiveName", "assetId", "checkInDate", "checkOutDate", "guestName", "guestEmail", "guestPhone", "numberOfGuests", "email", "code"],
  "/api/bookings": ["assetId", "checkInDate", "checkOutDate", "guestName", "guestEmail", "guestPhone", "numberOfGuests", "returnTo"],
  "/admin/security": ["intent", "code", "method", "currentPassword", "name", "response", "passkeyId"],
  "/api/passkeys/options": ["purpose"],
  "/logout": ["scope", "from"],
  "/api/auth/nonce": ["chain", "address", "chainId", "purpose"],
  "/api/auth/token?grant_type=web3": ["chain", "message", "signature", "redirectTo"],
  "/api/auth/token?grant_type=id_token": ["provider", "id_token", "nonce", "door", "redirectTo"],
};
const INTENTS = ["signup", "login", "google", "verify", "cancel", "booking", "adopt", "profile", "password", "enable", "disable", "regenerate", "passkey", "add-passkey", "remove-passkey", "register", "sign-in:customer", "sign-in:admin", "x",
  "email-code-request", "email-code", "email-link", "phone-code-request", "phone-code", "add-email-request", "add-email-code"];
const ENCODINGS = ["urlencoded", "multipart", "json", "text", "none", "broken-multipart", "odd-type"] as const;

export type GeneratedInputResult = {
  cases: number;
  seconds: number;
  byStatus: Map<number, number>;
  /** Requests answered 5xx (or not at all), with what was sent. */
  failures: string[];
  /** Stored rows that break a rule of the shared schemas, by check. */
  invalidRows: Record<string, number>;
};

export async function runGeneratedInput({ runs, dataDir, seed }: { runs: number; dataDir: string; seed?: number }): Promise<GeneratedInputResult> {
  const ids = await knownIds(dataDir);
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, APP_URL: PUBLIC, TRUST_PROXY_HOPS: "1", LOG_LEVEL: "warn" });
  const started = performance.now();
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  try {
    await waitUntilHealthy(server, 120_000);
    const customerCookie = await signUp(server.url);

    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), maxLength: 20 }),
      fc.string({ minLength: 1_000, maxLength: 6_000 }),
      fc.constantFrom("", " ", "\u0000", "Rosa\u0000Guest", "'; drop table bookings; --", "<script>alert(1)</script>", "2027-02-30", "9999-12-31", "-1", "0", "1e309", "NaN", "../../etc/passwd", "//evil.example"),
      fc.constantFrom(...INTENTS),
      fc.constantFrom(...ids),
      fc.emailAddress(),
      fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.integer({ min: -5, max: 1_000 }).map(String),
    );
    const request = fc.record({
      path: fc.constantFrom(...Object.keys(FIELDS)),
      dataRequest: fc.boolean(),
      encoding: fc.constantFrom(...ENCODINGS),
      signedIn: fc.boolean(),
      extraField: fc.string({ maxLength: 12 }),
      pairs: fc.array(fc.tuple(fc.nat(), value), { maxLength: 14 }),
    });

    await fc.assert(
      fc.asyncProperty(request, async ({ path, dataRequest, encoding, signedIn, extraField, pairs }) => {
        const names = [...FIELDS[path]!, extraField];
        const fields = pairs.map(([index, v]) => [names[index % names.length]!, v] as [string, string]);
        const { body, type } = encode(fields, encoding);
        const [pathname, query] = path.split("?");
        const url = `${server.url}${pathname}${dataRequest ? ".data" : ""}${query ? `?${query}` : ""}`;
        const headers: Record<string, string> = { origin: PUBLIC, "x-forwarded-for": `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
        if (type) headers["content-type"] = type;
        if (signedIn) headers.cookie = customerCookie;
        const status = await fetch(url, { method: "POST", redirect: "manual", body, headers })
          .then(async (response) => (await response.arrayBuffer(), response.status))
          .catch(() => 0);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (status === 0 || status >= 500) {
          failures.push(`${status} ${url} ${encoding} ${JSON.stringify(fields).slice(0, 300)}`);
          return false;
        }
        return true;
      }),
      { numRuns: runs, seed, endOnFailure: false },
    ).catch((error: unknown) => {
      if (failures.length === 0) throw error;
    });
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  const seconds = (performance.now() - started) / 1000;
  return { cases: runs, seconds, byStatus, failures, invalidRows: await invalidRows(dataDir) };
}

function encode(fields: [string, string][], encoding: (typeof ENCODINGS)[number]): { body: BodyInit | undefined; type: string | undefined } {
  switch (encoding) {
    case "urlencoded":
      return { body: new URLSearchParams(fields), type: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const [name, v] of fields) form.append(name, v);
      return { body: form, type: undefined };
    }
    case "json":
      return { body: JSON.stringify(Object.fromEntries(fields)), type: "application/json" };
    case "text":
      return { body: fields.map(([k, v]) => `${k}=${v}`).join("\n"), type: "text/plain" };
    case "none":
      // Bytes, so that fetch adds no Content-Type of its own.
      return { body: new TextEncoder().encode(new URLSearchParams(fields).toString()), type: undefined };
    case "broken-multipart":
      return { body: `--b\r\nContent-Disposition: form-data; name="${fields[0]?.[0] ?? "a"}"\r\n\r\n${fields[0]?.[1] ?? ""}`, type: "multipart/form-data; boundary=b" };
    case "odd-type":
      return { body: new URLSearchParams(fields), type: "application/x-www-form-urlencoded; charset=utf-16" };
  }
}

/** The demo asset's and tiers' ids, so that generated requests also reach past the id checks. */
/** The rows of a raw query (both drivers answer with `rows`). */
async function rowsOf<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function knownIds(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const rows = await rowsOf<{ id: string }>(handle, sql`select id from assets union all select id from hive_tiers`);
    return rows.map((row) => row.id);
  } finally {
    await handle.close();
  }
}

async function signUp(baseUrl: string) {
  const email = `generated-${Date.now()}@example.com`;
  const response = await postForm(`${baseUrl}/customer-auth`, { intent: "signup", email, password: "Hive-Meadow-Lantern-31" }, { origin: PUBLIC, from: "198.19.0.1" });
  const cookie = cookieOf(response.headers);
  if (!cookie.includes("session_token")) throw new Error(`sign-up failed: ${response.status}`);
  return cookie;
}

/** A control character other than tab and line breaks, as the shared schemas refuse them. */
const CONTROL = String.raw`[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]`;

/** Rules of the shared schemas, as SQL over what was stored: each query counts the rows that break one. */
const CHECKS: Record<string, string> = {
  "bookings: guest name empty, too long or with control characters": `select count(*) from bookings where btrim(guest_name) = '' or char_length(guest_name) > 100 or guest_name ~ '${CONTROL}'`,
  "bookings: guest e-mail not an address": `select count(*) from bookings where guest_email !~ '^[^@\\s]+@[^@\\s]+$' or char_length(guest_email) > 255`,
  "bookings: guest phone with other characters": `select count(*) from bookings where guest_phone is not null and (guest_phone !~ '^[0-9+().\\s-]*$' or char_length(guest_phone) > 40)`,
  "bookings: nights, guests or total not as the server computes them": `select count(*) from bookings b join assets a on a.id = b.asset_id
      where b.number_of_nights <> (b.check_out_date - b.check_in_date) or b.number_of_guests < 1 or b.total_amount <> a.price_per_night * b.number_of_nights`,
  "sponsor profiles: company, address or phone breaking their rules": `select count(*) from sponsors where char_length(company_name) > 200 or company_name ~ '${CONTROL}'
      or char_length(address) > 500 or address ~ '${CONTROL}' or char_length(phone_number) > 40 or phone_number ~ '${CONTROL}'`,
  "profiles: phone too long or with control characters": `select count(*) from profiles where char_length(phone_number) > 40 or phone_number ~ '${CONTROL}'`,
  "adoptions: hive name too long or with control characters": `select count(*) from hive_adoptions where char_length(hive_name) > 60 or hive_name ~ '${CONTROL}'`,
  "users: e-mail not lower-case or not an address": `select count(*) from users where email <> lower(email) or email !~ '^[^@\\s]+@[^@\\s]+$'`,
};

async function invalidRows(dataDir: string): Promise<Record<string, number>> {
  const handle = await openDatabase({ dataDir });
  try {
    const counts: Record<string, number> = {};
    for (const [check, query] of Object.entries(CHECKS)) {
      const [row] = await rowsOf<{ count: number | string }>(handle, sql.raw(query));
      counts[check] = Number(row!.count);
    }
    return counts;
  } finally {
    await handle.close();
  }
}
