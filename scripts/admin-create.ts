/**
 * `npm run admin:create [-- email]`: creates the first administrator, like /admin-setup, without
 * opening a browser. The e-mail is ADMIN_EMAIL or the argument; the password ADMIN_INITIAL_PASSWORD
 * or one generated and printed once. It must be changed at first login. Refuses (exit 1) once
 * an administrator exists.
 */
import { createFirstAdmin } from "../app/features/accounts/admin-setup.server";
import { AdminSetupEmailSchema } from "../app/features/accounts/admin.schema";
import { openDatabase } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import { EnvError, parseEnv } from "../app/platform/env.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = parseEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}

const given = env.ADMIN_EMAIL ?? process.argv[2];
if (!given) fail("No e-mail for the administrator: set ADMIN_EMAIL or run `npm run admin:create -- admin@example.org`.");
const parsed = AdminSetupEmailSchema.safeParse({ email: given });
if (!parsed.success) fail(`Not an e-mail address: ${given}`);

const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
let problem: string | undefined;
try {
  await runMigrations(handle);
  const outcome = await createFirstAdmin(handle.db, { email: parsed.data.email, password: env.ADMIN_INITIAL_PASSWORD }, { via: "script" });
  if (outcome.ok) {
    console.log(`Administrator created: ${outcome.value.email}`);
    console.log(
      outcome.value.generatedPassword
        ? `Initial password (shown once, copy it now): ${outcome.value.generatedPassword}`
        : "Initial password: the one in ADMIN_INITIAL_PASSWORD.",
    );
    console.log("The default password must be changed at first login: log in at /auth.");
  } else {
    problem = `Failed to create admin account. ${outcome.message}`;
  }
} catch (error) {
  problem = `Failed to create admin account. ${(error as Error).message}`;
} finally {
  await handle.close();
}
if (problem) fail(problem);
