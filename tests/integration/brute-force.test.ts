import { afterAll, describe, expect, it } from "vitest";
import { seededDataDir, seededPostgresDatabase } from "../setup/databases";
import { freePort, postForm, spawnServer, tempDataDir, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * The brute-force limits live in the database, so restarting the server (a deploy, a crash, an
 * attacker's hope) does not reset them. Real server processes, real form posts.
 */

type Engine = { name: string; env: () => Promise<{ env: Record<string, string>; drop?: () => Promise<void> }> };

const engines: Engine[] = [{ name: "pglite", env: async () => ({ env: { DATA_DIR: seededDataDir() } }) }];
if (process.env.TEST_DATABASE_URL) {
  engines.push({
    name: "postgres",
    env: async () => {
      const scratch = await seededPostgresDatabase();
      return { env: { DATA_DIR: tempDataDir(), DATABASE_URL: scratch.url }, drop: scratch.drop };
    },
  });
}

describe.each(engines)("brute-force limits across a restart on $name", (engine) => {
  let server: ServerProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string>;

  async function start() {
    server = spawnServer({ ...env, LOG_LEVEL: "warn" });
    await waitUntilHealthy(server);
    return server;
  }

  async function restart() {
    server!.child.kill("SIGTERM");
    expect((await server!.exited).code).toBe(0);
    return start();
  }

  // Every post from one client address: the sign-ups are counted per address.
  const post = (path: string, fields: Record<string, string>) => postForm(`${server!.url}${path}`, fields, { origin: server!.url });

  const signUp = (email: string) => post("/customer-auth", { intent: "signup", email, password: "Right-Password-1", redirectTo: "/sponsor-profile" });
  const logIn = (email: string, password: string) => post("/customer-auth", { intent: "login", email, password });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await drop?.();
  });

  it(
    "keeps an account locked after 5 failed logins, and an address's sign-ups counted",
    async () => {
      const prepared = await engine.env();
      const port = await freePort();
      env = { ...prepared.env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` };
      drop = prepared.drop;
      await start();

      const target = "target@example.com";
      expect((await signUp(target)).status).toBe(302);
      for (let i = 0; i < 5; i++) {
        const attempt = await logIn(target, `wrong-guess-${i}`);
        expect(attempt.status).toBe(401);
        expect(await attempt.text()).toContain("Invalid email or password");
      }
      // Nine more sign-ups from this address: ten in the hour, the limit.
      for (let i = 0; i < 9; i++) expect((await signUp(`filler-${i}@example.com`)).status).toBe(302);

      await restart();

      const locked = await logIn(target, "Right-Password-1");
      expect(locked.status).toBe(429);
      expect(await locked.text()).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
      expect(locked.headers.get("set-cookie") ?? "").not.toContain("apiary.session_token");

      const eleventh = await signUp("one-too-many@example.com");
      expect(eleventh.status).toBe(429);
      const page = await eleventh.text();
      expect(page).toContain("Signup Failed");
      expect(page).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);

      // Another account is not locked by the first one's failures (only its address's sign-ups are counted).
      expect((await logIn("filler-0@example.com", "Right-Password-1")).status).toBe(302);
    },
    180_000,
  );
});
