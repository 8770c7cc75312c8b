import type { BrowserContext } from "@playwright/test";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { sealSecret } from "../../app/features/accounts/secret-box.server";
import { completeSecondFactor } from "../../app/features/accounts/second-factor.server";
import { signInWithPassword } from "../../app/features/accounts/sign-in.server";
import { signUpCustomer } from "../../app/features/accounts/sign-up.server";
import { generateTotpSecret, totpCodeAt } from "../../app/features/accounts/totp";
import type { RequestMeta } from "../../app/features/accounts/request-meta";
import { profiles, sessions, users } from "../../app/platform/db/schema";
import { configurePasswordHashing } from "../../app/platform/security/password-hash.server";
import { insertUser } from "../factories/accounts";
import { TEST_PASSWORD_HASH_LOG_N } from "../setup/test-settings";
import type { TestServer } from "./test-server";

/**
 * Signing in without the forms, for tests whose subject is something else: the account is made
 * and its session opened by the same server code the forms call (sign-up, password sign-in, the
 * second factor), on the test's server, and the session cookie is handed to the browser. The
 * specs about signing in itself keep using the forms.
 */

// These modules are this process's copies (the server runs the bundle's): same cost.
configurePasswordHashing({ PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N });

export const TEST_PASSWORD = "Hive-Meadow-Lantern-31";

export type SignedIn = { email: string; password: string; userId: string };
export type SignedInAdmin = SignedIn & { totpSecret?: string };

/** An address no earlier run used: the PostgreSQL server's databases outlive a test run. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${randomInt(1e6)}@example.com`;
}

export const randomClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function metaFor(server: TestServer): RequestMeta {
  const clientAddress = randomClientAddress();
  const headers = new Headers({ origin: server.url, "user-agent": "Playwright sign-in fixture", "x-apiary-client-address": clientAddress });
  return { headers, clientAddress, userAgent: "Playwright sign-in fixture" };
}

async function giveCookies(context: BrowserContext, server: TestServer, headers: Headers) {
  const cookies = headers.getSetCookie().map((line) => {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    // For the public address: behind the https proxy of behind-tls-proxy.spec.ts it is not server.url.
    return { name: pair!.slice(0, at).trim(), value: pair!.slice(at + 1).trim(), url: server.platform.env.APP_URL };
  });
  if (!cookies.some((c) => c.name.endsWith("session_token"))) throw new Error("no session cookie was set");
  await context.addCookies(cookies);
}

export type CustomerOptions = { name?: string; email?: string; password?: string; companyName?: string; phoneNumber?: string; verified?: boolean };

/** A customer signed up as the sign-up form does it, signed in in `context`. */
export async function signInCustomer(server: TestServer, context: BrowserContext, options: CustomerOptions = {}): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail("customer");
  const password = options.password ?? TEST_PASSWORD;
  const result = await signUpCustomer(server.platform, { name: options.name, email, password, companyName: options.companyName, phoneNumber: options.phoneNumber }, metaFor(server));
  if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
  // The e-mailed link that verifies an address has tests of its own (customer-auth.spec.ts).
  if (options.verified) await server.platform.db.update(users).set({ emailVerified: true }).where(eq(users.id, result.value.userId));
  await giveCookies(context, server, result.value.headers);
  return { email, password, userId: result.value.userId };
}

/** `role`: a staff role (tests/factories insertStaffRole) instead of admin. */
export type AdminOptions = { email?: string; password?: string; twoFactor?: boolean; role?: string };

/**
 * An administrator past the first-login change, signed in through the admin door's password
 * step and, with `twoFactor`, its code step (a TOTP code for the server's clock).
 */
export async function signInAdmin(server: TestServer, context: BrowserContext, options: AdminOptions = {}): Promise<SignedInAdmin> {
  const { db, authSecret } = server.platform;
  const email = options.email ?? uniqueEmail("admin");
  const password = options.password ?? TEST_PASSWORD;
  const { userId } = await insertUser(db, { email, password, role: options.role ?? "admin" });
  let totpSecret: string | undefined;
  if (options.twoFactor) {
    totpSecret = generateTotpSecret();
    await db.update(profiles).set({ is2faEnabled: true, totpSecret: sealSecret(totpSecret, authSecret, userId) }).where(eq(profiles.id, userId));
  }
  const meta = metaFor(server);
  const result = await signInWithPassword(server.platform, "admin", { email, password }, meta);
  if (!result.ok) throw new Error(`admin sign-in failed: ${result.message}`);
  let headers = result.value.headers;
  if (totpSecret) {
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, userId));
    const pending = { userId, email, sessionId: session!.id, createdAt: session!.createdAt };
    const code = totpCodeAt(totpSecret, server.clock.now());
    const passed = await completeSecondFactor(server.platform, pending, { method: "totp", code }, "password", meta);
    if (!passed.ok) throw new Error(`second factor failed: ${passed.message}`);
    // The code step replaces the waiting session: the browser gets the new one.
    headers = passed.value.headers;
  }
  await giveCookies(context, server, headers);
  return { email, password, userId, totpSecret };
}
