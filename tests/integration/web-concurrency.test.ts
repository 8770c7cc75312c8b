import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPostgresDatabase } from "../setup/databases";
import { cookieOf } from "../setup/platform";
import { freePort, postForm, spawnServer, tempDataDir, waitUntilHealthy, type ServerProcess } from "../setup/server-process";
import type { ScratchDatabase } from "../setup/templates";

/**
 * `npm start` with WEB_CONCURRENCY=2 on PostgreSQL: one primary process forks two workers that
 * share the port. Which worker served a request is read from the log (each line carries its
 * process id). (WEB_CONCURRENCY without DATABASE_URL: server-lifecycle.test.ts.)
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

type LogLine = { pid: number; msg: string; requestId?: string; workerPid?: number };
type Answer = { status: number; requestId: string };

describe.runIf(databaseUrl)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let scratch: ScratchDatabase;
  let server: ServerProcess;
  const logLines = () =>
    server
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const workerPids = () => logLines().flatMap((line) => (line.workerPid ? [line.workerPid] : []));
  const servedBy = (requestId: string) => logLines().find((line) => line.requestId === requestId)?.pid;

  /** A GET on a connection of its own: the primary hands each new connection to the next worker. */
  function getOnNewConnection(path: string, headers: Record<string, string> = {}) {
    const requestId = `wc-${crypto.randomUUID()}`;
    return new Promise<Answer>((resolve, reject) => {
      const req = request(`${server.url}${path}`, { agent: false, headers: { ...headers, connection: "close", "x-request-id": requestId } }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode!, requestId }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  async function until(condition: () => boolean, what: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.stdout()}\n${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    scratch = await seededPostgresDatabase();
    const port = await freePort();
    // No AUTH_SECRET: the workers share the one generated in DATA_DIR, as a single machine's would.
    server = spawnServer({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: tempDataDir(), DATABASE_URL: scratch.url, WEB_CONCURRENCY: "2", TRUST_PROXY_HOPS: "1" });
    await waitUntilHealthy(server, 90_000);
    await until(() => server.stdout().includes("2 workers started"), "both workers");
  }, 120_000);

  afterAll(async () => {
    for (const pid of workerPids()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    server?.child.kill("SIGKILL");
    await scratch?.drop();
  });

  it("two worker processes serve on one port, with one session secret", async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);

    const signUp = await postForm(
      `${server.url}/customer-auth`,
      { intent: "signup", email: `workers-${Date.now()}@example.com`, password: "Hive-Meadow-Lantern-31", redirectTo: "/sponsor-profile" },
      { origin: server.url },
    );
    expect(signUp.status).toBe(302);
    const cookie = cookieOf(signUp.headers);

    // Signed in whichever worker answers: both read the same generated AUTH_SECRET.
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await getOnNewConnection("/sponsor-profile", { cookie }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await until(() => answers.every((answer) => servedBy(answer.requestId) !== undefined), "the request log lines");
    expect(new Set(answers.map((answer) => servedBy(answer.requestId)))).toEqual(new Set(workers));
  }, 60_000);

  it("replaces a worker that dies, and keeps serving meanwhile", async () => {
    const [victim, survivor] = workerPids() as [number, number];
    process.kill(victim, "SIGKILL");
    await until(() => server.stdout().includes("exited unexpectedly; replacing it in 1 s"), "the crash to be noticed");
    expect((await getOnNewConnection("/api/health")).status).toBe(200);
    await until(() => server.stdout().includes("is serving in place of a stopped one"), "the replacement");
    const replacement = workerPids().at(-1)!;
    expect([victim, survivor]).not.toContain(replacement);

    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await getOnNewConnection("/api/health"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await until(() => answers.every((answer) => servedBy(answer.requestId) !== undefined), "the request log lines");
    expect(new Set(answers.map((answer) => servedBy(answer.requestId)))).toEqual(new Set([survivor, replacement]));
  }, 60_000);

  it("SIGTERM stops every worker cleanly, then the primary exits 0", async () => {
    const live = workerPids().slice(-2);
    const started = Date.now();
    server.child.kill("SIGTERM");
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    const stopped = logLines().filter((line) => line.msg === "stopped cleanly").map((line) => line.pid);
    expect(new Set(stopped)).toEqual(new Set([...live, server.child.pid]));
    for (const pid of live) expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  }, 30_000);
});
