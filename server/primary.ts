import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../app/platform/logger.server";
import { isStartFailure } from "./fail-start";

/** A worker has this long to finish its own shutdown (10 s, server/serve.ts) before it is killed. */
const STOP_GRACE_MS = 12_000;
/** The first replacement of a crashed worker waits this long; each further crash within a minute doubles it. */
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const CRASH_WINDOW_MS = 60_000;

/**
 * WEB_CONCURRENCY above 1: forks that many workers, each a whole server (its own database pool,
 * change feed and background work) listening on the shared port; they share nothing but
 * PostgreSQL, as separate instances would. A worker that dies is replaced, later each time it
 * keeps dying; SIGTERM/SIGINT stop every worker cleanly, then this process.
 * If a worker cannot start at first (port in use, database unreachable), nothing is served: its
 * one line is printed and everything stops with exit code 1.
 */
export function runPrimary(count: number, logger: Logger) {
  let started = false;
  let stopping = false;
  /** Exit code 1: the start failed, or a worker did not stop cleanly. */
  let failed = false;
  let failureShown = false;
  const crashes: number[] = [];
  const pendingRestarts = new Set<NodeJS.Timeout>();
  const ready = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    logger.info({ worker: worker.id, workerPid: worker.process.pid }, `worker ${worker.id} starting (pid ${worker.process.pid})`);
  };

  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isStartFailure(message)) return;
    if (started) {
      logger.error({ worker: worker.id }, `worker ${worker.id} could not start: ${message.line}`);
      return;
    }
    // The first failure speaks for all: the other workers would print the same line.
    if (!failureShown) process.stderr.write(`${message.line}\n`);
    failureShown = true;
    failed = true;
    stopAll("the start failed");
  });

  cluster.on("listening", (worker: Worker) => {
    ready.add(worker.id);
    if (started) {
      logger.info({ worker: worker.id }, `worker ${worker.id} is serving in place of a stopped one`);
    } else if (ready.size === count) {
      started = true;
      logger.info({ workers: count }, `${count} workers started`);
    }
  });

  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    ready.delete(worker.id);
    if (!stopping && started) {
      const delay = restartDelay(crashes, Date.now());
      logger.error({ worker: worker.id, code, signal, restartInMs: delay }, `worker ${worker.id} exited unexpectedly; replacing it in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        fork();
      }, delay);
      pendingRestarts.add(timer);
      return;
    }
    if (!stopping) {
      // Before every worker is up, one dying means the start failed (its line, if any, is shown): stop the rest.
      if (!failureShown) logger.error({ worker: worker.id, code, signal }, `worker ${worker.id} exited while starting`);
      failed = true;
      stopAll("the start failed");
    } else if (code !== 0 && signal !== "SIGTERM") {
      failed = true;
    }
    if (liveWorkers().length === 0) {
      if (!failed) logger.info("stopped cleanly");
      process.exit(failed ? 1 : 0);
    }
  });

  function stopAll(reason: string) {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    const workers = liveWorkers();
    logger.info({ reason, workers: workers.length }, `stopping ${workers.length} workers`);
    if (workers.length === 0) process.exit(failed ? 1 : 0);
    // Each worker closes its server as a single server does on SIGTERM (server/serve.ts).
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logger.error(`workers took longer than ${STOP_GRACE_MS / 1000} s to stop; killing them`);
      for (const worker of liveWorkers()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  }

  process.once("SIGTERM", () => stopAll("SIGTERM"));
  process.once("SIGINT", () => stopAll("SIGINT"));

  logger.info({ workers: count }, `starting ${count} workers (WEB_CONCURRENCY)`);
  for (let i = 0; i < count; i++) fork();
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}

/** 1 s, then twice as long for each further crash within a minute, at most 30 s: a crash loop does not spin. */
export function restartDelay(crashes: number[], now: number): number {
  while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
  crashes.push(now);
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (crashes.length - 1));
}
