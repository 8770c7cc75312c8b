import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * JSON logs on stdout; `LOG_LEVEL` sets the floor. Secrets never go in here (see redact), and
 * neither does what people typed: errors are logged by `errorForLog`.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // pid: with WEB_CONCURRENCY, several server processes write to one log.
      base: { service: "apiary", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorForLog, error: errorForLog, path: pathForLog },
      redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"], censor: "[redacted]" },
    },
    destination,
  );
}

/**
 * A path as the log keeps it, without the secrets some addresses are: a guest's stay link is
 * the key to their booking (anyone holding it can read and cancel the stay), and an asset's
 * calendar feed link shows who stays when to anyone holding it.
 */
export function pathForLog(path: unknown): unknown {
  return typeof path === "string" ? path.replace(/^\/stay\/[^/]+/, "/stay/[link]").replace(/^\/calendar\/[^/?]+?(\.ics)?(?=$|[/?])/, "/calendar/[link]$1") : path;
}

/** What a database error carries of the row it was given: guests' names, e-mails, phone numbers. */
const ROW_FIELDS = ["params", "detail", "where", "parameters"];

/**
 * An error as the log keeps it: its type, message, code, constraint and stack, down its chain of
 * causes, without the values of the query that failed (Drizzle puts them in its message and in
 * `params`; PostgreSQL repeats them in `detail`). The SQLSTATE and the constraint say what went
 * wrong; what the visitor typed stays out of the logs.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const message = withoutParams(error.message);
  serialized.message = message;
  if (typeof serialized.stack === "string") {
    const frames = serialized.stack.split("\n").filter((line) => /^\s+at /.test(line));
    serialized.stack = [`${error.name}: ${message}`, ...frames].join("\n");
  }
  for (const field of ROW_FIELDS) delete serialized[field];
  if (error.cause !== undefined) serialized.cause = errorForLog(error.cause, depth + 1);
  return serialized;
}

function withoutParams(message: string) {
  const at = message.indexOf("\nparams: ");
  return at === -1 ? message : message.slice(0, at);
}
