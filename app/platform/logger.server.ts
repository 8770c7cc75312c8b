import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** JSON logs on stdout; `LOG_LEVEL` sets the floor. Secrets never go in here (see redact). */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "apiary" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"], censor: "[redacted]" },
    },
    destination,
  );
}
