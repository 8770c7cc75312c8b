import cluster from "node:cluster";

/** What a worker sends its primary instead of printing, so N workers failing alike print one line. */
export type StartFailure = { type: "apiary:start-failed"; line: string };

export function isStartFailure(message: unknown): message is StartFailure {
  return typeof message === "object" && message !== null && (message as StartFailure).type === "apiary:start-failed";
}

/**
 * A configuration or connection problem: one line, exit 1. A worker hands the line to its
 * primary and exits once it is sent; the promise never settles, so the caller goes no further.
 */
export function failStart(line: string): Promise<never> {
  if (cluster.isWorker && process.send) {
    const failure: StartFailure = { type: "apiary:start-failed", line };
    process.send(failure, () => process.exit(1));
    return new Promise<never>(() => {});
  }
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
