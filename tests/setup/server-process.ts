import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { testServerSettings } from "./test-settings";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "apiary-it-"));

const SERVER_ENTRY = path.join(ROOT, "build/server.js");
const SERVER_INPUTS = path.join(ROOT, "build/server-inputs.json");
let checkedBuild = false;

/**
 * The compiled server (scripts/build-server.ts) must be newer than every source it was built
 * from: otherwise the tests would prove yesterday's server. `npm test` builds first.
 */
function assertServerBuilt() {
  if (checkedBuild) return;
  if (!existsSync(SERVER_ENTRY) || !existsSync(SERVER_INPUTS)) throw new Error("build/server.js is missing: run npm run build");
  const built = statSync(SERVER_ENTRY).mtimeMs;
  const inputs = JSON.parse(readFileSync(SERVER_INPUTS, "utf8")) as string[];
  const changed = inputs.filter((input) => !existsSync(path.join(ROOT, input)) || statSync(path.join(ROOT, input)).mtimeMs > built);
  if (changed.length > 0) throw new Error(`build/server.js is older than ${changed.join(", ")}: run npm run build`);
  checkedBuild = true;
}

/**
 * Starts the built server (`npm start`'s command, build/server.js) as a child process with the
 * given environment, on the test settings (cheap password hashes) unless `env` says otherwise.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  assertServerBuilt();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...testServerSettings, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${env.PORT}`, stdout: () => out, stderr: () => err, exited };
}

/** Polls /api/health until it answers 200 or the process dies. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.stdout()}\n${server.stderr()}`);
}

/**
 * A form post to a running server as a browser without JavaScript sends it: URL-encoded, with
 * its Origin, a client address (the test servers trust one proxy hop) and the session cookie.
 */
export function postForm(url: string, fields: Record<string, string>, { origin, cookie, from = "203.0.113.7" }: { origin: string; cookie?: string; from?: string }) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
  });
}
