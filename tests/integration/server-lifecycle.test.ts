import { describe, expect, it } from "vitest";
import { seededDataDir } from "../setup/databases";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../setup/server-process";

/**
 * The production server as a real process, starting and stopping: configuration errors, a busy
 * port, an unreachable database, and a graceful shutdown. (Its answers: server.test.ts; apart so
 * the two files run side by side.)
 */

describe("start-up configuration errors", () => {
  it.each([
    [{ PORT: "not-a-port" }, /^Invalid configuration: PORT must be a whole number between 1 and 65535 \(got "not-a-port"\)\n$/],
    [{ DATABASE_URL: "localhost:5432/apiary" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    // One process owns the embedded database's files.
    [{ WEB_CONCURRENCY: "2" }, /^Invalid configuration: WEB_CONCURRENCY may be above 1 only with DATABASE_URL: .+ \(got "2"\)\n$/],
  ])("%o stops the server with one clear line", async (env, line) => {
    const server = spawnServer({ PORT: "3999", DATA_DIR: tempDataDir(), ...env });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(line);
    expect(server.stderr().trim().split("\n")).toHaveLength(1);
  });

  it("an unreachable DATABASE_URL gives one line naming it, not a stack trace", async () => {
    const port = await freePort();
    const server = spawnServer({ PORT: String(await freePort()), DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/apiary` });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(/^Cannot connect to the database at DATABASE_URL \(127\.0\.0\.1:\d+\/apiary\): .+\n$/);
    expect(server.stderr()).not.toMatch(/\n\s+at /);
  });

  it("with WEB_CONCURRENCY=2, an unreachable DATABASE_URL still gives one line, not one per worker", async () => {
    const port = await freePort();
    const server = spawnServer({ PORT: String(await freePort()), WEB_CONCURRENCY: "2", DATA_DIR: tempDataDir(), DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/apiary` });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(/^Cannot connect to the database at DATABASE_URL \(127\.0\.0\.1:\d+\/apiary\): .+\n$/);
    expect(server.stdout()).toContain("starting 2 workers");
  });

  it("a port in use gives one line naming PORT", async () => {
    const blocker = (await import("node:net")).createServer();
    const port = await new Promise<number>((r) => blocker.listen(0, "127.0.0.1", () => r((blocker.address() as { port: number }).port)));
    const server = spawnServer({ PORT: String(port), DATA_DIR: seededDataDir() });
    const { code } = await server.exited;
    blocker.close();
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(new RegExp(`^PORT ${port} is already in use`));
  });
});

describe("graceful shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("on %s: closes open event streams and exits 0 within 10 s", async (signal) => {
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: seededDataDir() });
    await waitUntilHealthy(server);
    const stream = await fetch(`${server.url}/api/events`);
    const reader = stream.body!.getReader();
    await reader.read();
    const started = Date.now();
    server.child.kill(signal);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.stdout()).toContain("stopped cleanly");
  }, 90_000);
});

