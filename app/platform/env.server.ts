import { z } from "~/platform/zod";

/** The password-hash cost (scrypt log2 N) every deployment uses: ASVS level 2. */
export const PASSWORD_HASH_PRODUCTION_LOG_N = 17;

/**
 * Every setting the server reads, validated once at start-up. A bad value stops the
 * server with one line that names the variable (see `formatEnvError`).
 */
const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUrlWith(v, protocols), { message: hint });

function isUrlWith(value: string, protocols: string[]) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "must be a whole number between 1 and 65535" })
    .int("must be a whole number between 1 and 65535")
    .min(1, "must be a whole number between 1 and 65535")
    .max(65535, "must be a whole number between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(
    ["postgres:", "postgresql:"],
    "must be a postgres:// or postgresql:// URL (leave it unset to use the embedded database)",
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Server processes `npm start` runs on the one port (each its own pool and workers), PostgreSQL only. */
  WEB_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number from 1 to 64" })
    .int("must be a whole number from 1 to 64")
    .min(1, "must be a whole number from 1 to 64")
    .max(64, "must be a whole number from 1 to 64")
    .default(1),
  APP_URL: z
    .string()
    .trim()
    .default("http://localhost:3000")
    .refine((v) => isUrlWith(v, ["http:", "https:"]), { message: "must be an http:// or https:// URL" })
    .transform((v) => v.replace(/\/+$/, "")),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL (leave it unset to write e-mails to DATA_DIR/mail)"),
  MAIL_FROM: z.string().trim().min(3).default("Apiary <hello@apiary.local>"),
  /**
   * Where text messages (sign-in codes) are posted: Twilio's Messages API form (To, From, Body;
   * the account's SID and token as the URL's user and password, sent as basic auth), which
   * Twilio and the services that copy its API accept. Unset: each text is written to DATA_DIR/sms.
   */
  SMS_URL: optionalUrl(["https:", "http:"], "must be an https:// URL (leave it unset to write texts to DATA_DIR/sms)"),
  /** The sender of text messages: a number in E.164 form, or a messaging service's id (Twilio's MG…). */
  SMS_FROM: z.string().trim().min(1).default("Apiary"),
  CONTACT_TO: z.email({ message: "must be an e-mail address" }).default("contact@apiary.local"),
  /** Where the token badge on the landing page leads (an exchange's swap page for the token). */
  TOKEN_SWAP_URL: z
    .string()
    .trim()
    .default("https://jup.ag/swap/SOL-BEE")
    .refine((v) => isUrlWith(v, ["https:"]), { message: "must be an https:// URL" }),
  /** The conference's external registration page (Register Now). */
  CONFERENCE_REGISTER_URL: z
    .string()
    .trim()
    .default("https://www.eventbrite.com/")
    .refine((v) => isUrlWith(v, ["https:"]), { message: "must be an https:// URL" }),
  /** The organisation's pages, linked from the footer; one not set is not shown. */
  SOCIAL_FACEBOOK_URL: optionalUrl(["https:"], "must be an https:// URL"),
  SOCIAL_X_URL: optionalUrl(["https:"], "must be an https:// URL"),
  SOCIAL_YOUTUBE_URL: optionalUrl(["https:"], "must be an https:// URL"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Signs session cookies and encrypts 2FA secrets. Unset: generated once and kept in DATA_DIR. */
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters (e.g. openssl rand -base64 48)" }),
  /** How many reverse proxies in front of the app add X-Forwarded-For; 0 = trust only the socket. */
  TRUST_PROXY_HOPS: z.coerce.number({ message: "must be a whole number from 0 to 10" }).int().min(0).max(10).default(0),
  /** When true, every administrator must turn on two-factor authentication before using the back-office. */
  REQUIRE_ADMIN_2FA: z
    .enum(["true", "false", "1", "0", ""], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Google sign-in (OpenID Connect). The button appears only when both are set. */
  /**
   * Uploaded images go to an S3-compatible service when S3_BUCKET is set (with its endpoint,
   * region, keys and the public address its files are served from); otherwise to DATA_DIR/uploads,
   * served by the app.
   */
  S3_BUCKET: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  S3_ENDPOINT: optionalUrl(["http:", "https:"], "must be an http:// or https:// URL (leave it unset for AWS S3)"),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  S3_PUBLIC_URL: optionalUrl(["http:", "https:"], "must be an http:// or https:// URL: where the bucket's files are served from"),
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  GOOGLE_CLIENT_ID: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  /** OpenID discovery document; Google's unless a test points it at a local provider. */
  GOOGLE_DISCOVERY_URL: z
    .string()
    .trim()
    .default("https://accounts.google.com/.well-known/openid-configuration")
    .refine((v) => isUrlWith(v, ["http:", "https:"]), { message: "must be an http:// or https:// URL" }),
  /** The first administrator created by /admin-setup or `npm run admin:create`. */
  ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional().or(z.literal("").transform(() => undefined)),
  ADMIN_INITIAL_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 8, { message: "must be at least 8 characters" }),
  /**
   * scrypt cost of new password hashes, as log2 N. Tests lower it (with NODE_ENV=test) so that
   * thousands of sign-ups take seconds, not minutes; anything else keeps the ASVS strength.
   */
  PASSWORD_HASH_LOG_N: z.coerce.number({ message: "must be a whole number from 10 to 20" }).int().min(10).max(20).default(PASSWORD_HASH_PRODUCTION_LOG_N),
  /**
   * Lets calendar sync fetch feeds from this machine's own addresses (127.0.0.1, ::1): the tests
   * serve their feeds there. Never in production: staff-typed addresses would reach its services.
   */
  CALENDAR_FETCH_ALLOW_LOOPBACK: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /**
   * Lets a staff sign-on provider (Single Sign-On) live on this machine and speak plain http:
   * the tests run a real OpenID provider on 127.0.0.1. Never in production.
   */
  SSO_ALLOW_LOOPBACK: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** How often calendar sync fetches each other site's feed, in minutes. */
  CALENDAR_SYNC_MINUTES: z.coerce.number({ message: "must be a whole number from 5 to 1440" }).int().min(5).max(1440).default(15),
})
  .refine((env) => env.NODE_ENV === "test" || !env.CALENDAR_FETCH_ALLOW_LOOPBACK, {
    path: ["CALENDAR_FETCH_ALLOW_LOOPBACK"],
    message: "may be true only for tests (NODE_ENV=test)",
  })
  .refine((env) => env.NODE_ENV === "test" || !env.SSO_ALLOW_LOOPBACK, {
    path: ["SSO_ALLOW_LOOPBACK"],
    message: "may be true only for tests (NODE_ENV=test)",
  })
  .refine((env) => env.NODE_ENV === "test" || env.PASSWORD_HASH_LOG_N >= PASSWORD_HASH_PRODUCTION_LOG_N, {
  path: ["PASSWORD_HASH_LOG_N"],
  message: `may be below ${PASSWORD_HASH_PRODUCTION_LOG_N} only for tests (NODE_ENV=test)`,
})
  // Written so that a value already refused above (0, "two") is not refused twice.
  .refine((env) => !(env.WEB_CONCURRENCY > 1) || Boolean(env.DATABASE_URL), {
    path: ["WEB_CONCURRENCY"],
    message: "may be above 1 only with DATABASE_URL: the embedded database's files belong to one process (unset it, or use PostgreSQL)",
  })
  .refine((env) => !env.S3_BUCKET || Boolean(env.S3_PUBLIC_URL && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    path: ["S3_BUCKET"],
    message: "needs S3_PUBLIC_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well",
  })
  // Its user and password are the provider's credentials: never over plain HTTP, but in tests.
  .refine((env) => env.NODE_ENV === "test" || !env.SMS_URL?.startsWith("http:"), {
    path: ["SMS_URL"],
    message: "must be an https:// URL (http:// only for tests, NODE_ENV=test)",
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** One line per problem, naming the variable, e.g. `PORT must be a whole number between 1 and 65535 (got "abc")`. */
export function formatEnvError(error: z.ZodError, source: Record<string, string | undefined>) {
  return error.issues
    .map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      return `${name} ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(redact(name, got))})`}`;
    })
    .join("; ");
}

/** URLs may carry passwords: never echo them back into a log line. */
function redact(name: string, value: string) {
  if (/SECRET|PASSWORD/.test(name)) return "***";
  if (!name.endsWith("_URL")) return value;
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return value;
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) throw new EnvError(`Invalid configuration: ${formatEnvError(result.error, source)}`);
  return result.data;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Tests and the server entry set the environment explicitly. */
export function setEnv(value: Env) {
  cached = value;
}
