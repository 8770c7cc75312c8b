import { existsSync } from "node:fs";
import path from "node:path";
import { createPgliteTemplate, createPostgresTemplate, removeDir } from "../setup/templates";
import { startGoogleProvider } from "./google-provider";
import { startMailbox } from "./mailbox";
import { startSmsSink } from "./sms-sink";

/**
 * Starts what the app under test talks to (the mailbox it sends to, the SMS provider's and Google's stand-ins)
 * and prepares, once for the run, the seeded database every test server starts from a copy of
 * (test-server.ts). The workers inherit the templates' locations through the environment.
 */
export default async function globalSetup() {
  if (!existsSync(path.resolve(import.meta.dirname, "../../build/server/index.js"))) {
    throw new Error("The browser tests run the built server: run `npm run build` first.");
  }
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const [stopMailbox, stopSms, stopGoogle, pglite, postgres] = await Promise.all([
    startMailbox(process.env.E2E_MAILBOX_DIR!),
    startSmsSink(process.env.E2E_SMS_DIR!),
    startGoogleProvider(),
    createPgliteTemplate("seeded"),
    postgresUrl ? createPostgresTemplate(postgresUrl, "seeded") : undefined,
  ]);
  process.env.E2E_PGLITE_TEMPLATE = pglite;
  if (postgres) process.env.E2E_POSTGRES_TEMPLATE = postgres.name;
  return async () => {
    await stopGoogle();
    await stopMailbox();
    await stopSms();
    removeDir(pglite);
    await postgres?.drop();
  };
}
