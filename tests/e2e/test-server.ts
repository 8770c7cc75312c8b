// React renders in production mode, as under `npm start` (it reads NODE_ENV when it loads).
import "../../server/production-mode";
import { createLogger } from "../../app/platform/logger.server";
import { startServer, type RunningServer } from "../../server/start";
import { freePort } from "../setup/server-process";
import { TestClock } from "../setup/test-clock";
import { inProcessServerEnv } from "../setup/server-env";
import { SMS_URL } from "./sms-sink";
import { copyPgliteTemplate, createScratchDatabase, removeDir } from "../setup/templates";
import { GOOGLE_CLIENT, OIDC_ISSUER } from "./google-provider";
import { MAILBOX_PORT } from "./mailbox";
import { E2E_ADMIN } from "./test-accounts";

export type Engine = "pglite" | "postgres";

/** Settings of every test server that tests check against (the defaults have unit tests). */
export const E2E_SETTINGS = {
  CONTACT_TO: "team@apiary.test",
  TOKEN_SWAP_URL: "https://swap.example.org/bee?from=SOL",
  CONFERENCE_REGISTER_URL: "https://tickets.example.org/btc-2024",
} as const;

export type TestServer = RunningServer & {
  engine: Engine;
  /** The PostgreSQL database it runs on ("" on PGlite), for writes from another connection. */
  databaseUrl: string;
  /** The server's clock for TOTP steps: `clock.advance(30_000)` instead of waiting. */
  clock: TestClock;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
};

/**
 * The built server (build/server, as `npm start` runs it) started in the test worker's own
 * process, on a copy of the seeded database global-setup.ts prepared for the run. Tests reach
 * its platform directly: its database for rows of their own, its clock, its commands.
 */
export async function startTestServer(engine: Engine, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = copyPgliteTemplate(process.env.E2E_PGLITE_TEMPLATE!);
  const scratch = engine === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, process.env.E2E_POSTGRES_TEMPLATE!) : undefined;
  const port = await freePort();
  // Still, so a code computed by a test is checked in the same 30-second step; tests move it on.
  const clock = new TestClock({ frozenAt: Date.now() });
  const parsed = inProcessServerEnv(port, {
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? "",
    SMTP_URL: `smtp://127.0.0.1:${MAILBOX_PORT}`,
    MAIL_FROM: "Apiary <hello@apiary.test>",
    // Texts go to the SMS provider's stand-in of global-setup.ts.
    SMS_URL,
    SMS_FROM: "+13605550199",
    // As behind one reverse proxy: each browser context gives itself its own client address
    // (X-Forwarded-For, see fixtures.ts), so one test's per-address rate limits never touch another's.
    TRUST_PROXY_HOPS: "1",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_INITIAL_PASSWORD: E2E_ADMIN.password,
    // Google sign-in against the local OpenID provider of global-setup.ts.
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_DISCOVERY_URL: `${OIDC_ISSUER}/.well-known/openid-configuration`,
    ...E2E_SETTINGS,
    // "{port}" in a setting is this server's port (an APP_URL on localhost, for passkeys: an RP ID cannot be an IP address).
    ...Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value.replaceAll("{port}", String(port))])),
  });
  const running = await startServer(parsed, createLogger(parsed.LOG_LEVEL), { clock });
  return {
    ...running,
    engine,
    databaseUrl: scratch?.url ?? "",
    clock,
    stop: async () => {
      await running.close().catch(() => {});
      await scratch?.drop();
      removeDir(dataDir);
    },
  };
}
