import { isRouteErrorResponse } from "react-router";
import { isFetchTypeError, messageOf, nameOf } from "./fetch-failure";

/** What the application error screen shows and what "Copy Error" copies. */
export type AppErrorRecord = {
  code: string;
  message: string;
  details?: string;
  stack?: string;
  /** ISO 8601. */
  timestamp: string;
};

export const FALLBACK_MESSAGE = "An unexpected error occurred.";

/**
 * Turns anything that was thrown into a record with a stable code (admin spec §8, "Error classifier codes"):
 *
 * - React Router error responses: 401 → AUTH_ERROR, 403 → PERMISSION_DENIED, any other status → HTTP_{status}.
 * - Database errors → DATABASE_{SQLSTATE}. The spec names these SUPABASE_{code} after its hosted backend;
 *   this project runs its own PostgreSQL, so the prefix is DATABASE_. The SQLSTATE may sit on the error
 *   itself or on its `cause` (Drizzle wraps driver errors).
 * - A fetch TypeError ("Failed to fetch", "fetch failed", "NetworkError …", Safari's "Load failed") → NETWORK_ERROR.
 * - A message mentioning auth, session or token → AUTH_ERROR.
 * - A message mentioning permission → PERMISSION_DENIED.
 * - Anything else → UNKNOWN_ERROR.
 */
export function classifyError(error: unknown, now: Date = new Date()): AppErrorRecord {
  const timestamp = now.toISOString();

  if (isRouteErrorResponse(error)) {
    const inner = (error as { error?: unknown }).error;
    const dataMessage = messageFromData(error.data);
    const statusLine = [error.status, error.statusText].filter(Boolean).join(" ");
    const message = dataMessage ?? (error.statusText || `Request failed with status ${error.status}`);
    return compact({
      code: httpCode(error.status),
      message,
      details: dataMessage && error.statusText ? statusLine : undefined,
      stack: inner instanceof Error ? inner.stack : undefined,
      timestamp,
    });
  }

  if (typeof Response !== "undefined" && error instanceof Response) {
    return compact({
      code: httpCode(error.status),
      message: error.statusText || `Request failed with status ${error.status}`,
      timestamp,
    });
  }

  const database = findDatabaseError(error);
  if (database) {
    return compact({
      code: `DATABASE_${database.code}`,
      message: messageOf(database.error) ?? messageOf(error) ?? FALLBACK_MESSAGE,
      details: databaseDetails(database.error),
      // The wrapper's stack starts with its message, which holds the SQL and its parameters.
      stack: stackOf(database.error),
      timestamp,
    });
  }

  const message = messageOf(error) ?? FALLBACK_MESSAGE;
  const record = { message, details: causeDetails(error), stack: stackOf(error), timestamp };

  if (isFetchTypeError(error)) return compact({ code: "NETWORK_ERROR", ...record });
  // "Unexpected token < in JSON" is a parse error, not an authentication problem.
  if (!isSyntaxError(error) && /auth|session|token/i.test(message)) return compact({ code: "AUTH_ERROR", ...record });
  if (/permission/i.test(message)) return compact({ code: "PERMISSION_DENIED", ...record });
  return compact({ code: "UNKNOWN_ERROR", ...record });
}

/** The code of an answer's status: 401 AUTH_ERROR, 403 PERMISSION_DENIED, any other HTTP_{status}. */
export function httpCode(status: number): string {
  if (status === 401) return "AUTH_ERROR";
  if (status === 403) return "PERMISSION_DENIED";
  return `HTTP_${status}`;
}

function messageFromData(data: unknown): string | undefined {
  if (typeof data === "string") return data.trim() || undefined;
  return messageOf(data);
}

function stackOf(value: unknown): string | undefined {
  if (value && typeof value === "object") {
    const stack = (value as { stack?: unknown }).stack;
    if (typeof stack === "string" && stack) return stack;
  }
  return undefined;
}

function isSyntaxError(value: unknown): boolean {
  return value instanceof SyntaxError || nameOf(value) === "SyntaxError";
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
// Node system errors also carry 5-letter codes (EPIPE, EPERM, EBADF …); no SQLSTATE class starts with E.
const NODE_ERRNO = /^E[A-Z]{4}$/;

/** The first error on the `cause` chain that carries a PostgreSQL SQLSTATE. */
function findDatabaseError(error: unknown): { code: string; error: object } | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; syscall?: unknown; errno?: unknown; cause?: unknown };
    const code = candidate.code;
    if (
      typeof code === "string" &&
      SQLSTATE.test(code) &&
      !NODE_ERRNO.test(code) &&
      candidate.syscall === undefined &&
      typeof candidate.errno !== "number"
    ) {
      return { code, error: current };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** PostgreSQL's own detail and hint; never the SQL text or its parameters. */
function databaseDetails(error: object): string | undefined {
  const { detail, hint, constraint } = error as { detail?: unknown; hint?: unknown; constraint?: unknown };
  const parts = [
    typeof detail === "string" && detail ? detail : undefined,
    typeof hint === "string" && hint ? `Hint: ${hint}` : undefined,
    typeof constraint === "string" && constraint ? `Constraint: ${constraint}` : undefined,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join("\n") : undefined;
}

function causeDetails(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const cause = messageOf((error as { cause?: unknown }).cause);
  return cause ? `Caused by: ${cause}` : undefined;
}

/** Drops undefined optional fields so the copied JSON stays tidy. */
function compact({ code, message, details, stack, timestamp }: AppErrorRecord): AppErrorRecord {
  return { code, message, ...(details ? { details } : {}), ...(stack ? { stack } : {}), timestamp };
}
