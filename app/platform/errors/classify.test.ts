import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { classifyError, FALLBACK_MESSAGE } from "./classify";

const NOW = new Date("2024-09-30T16:00:00.000Z");

/** Shaped like pg's DatabaseError. */
function pgError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { name: "error", code, severity: "ERROR", ...extra });
}

describe("classifyError", () => {
  describe("database errors", () => {
    it("maps a SQLSTATE on the error to DATABASE_{code} with detail and hint", () => {
      const error = pgError("23505", 'duplicate key value violates unique constraint "sponsors_email_key"', {
        detail: "Key (email)=(a@b.c) already exists.",
        hint: "Use another address.",
        constraint: "sponsors_email_key",
      });
      const record = classifyError(error, NOW);
      expect(record.code).toBe("DATABASE_23505");
      expect(record.message).toBe('duplicate key value violates unique constraint "sponsors_email_key"');
      expect(record.details).toBe(
        "Key (email)=(a@b.c) already exists.\nHint: Use another address.\nConstraint: sponsors_email_key",
      );
      expect(record.stack).toContain("Error");
      expect(record.timestamp).toBe("2024-09-30T16:00:00.000Z");
    });

    it("finds the SQLSTATE on the cause of a wrapped query error and keeps the SQL out of the message", () => {
      const cause = pgError("23P01", 'conflicting key value violates exclusion constraint "bookings_no_overlap"');
      const wrapped = new Error('Failed query: insert into "bookings" ... params: Jane,jane@example.com', { cause });
      const record = classifyError(wrapped, NOW);
      expect(record.code).toBe("DATABASE_23P01");
      expect(record.message).toBe('conflicting key value violates exclusion constraint "bookings_no_overlap"');
      expect(JSON.stringify(record)).not.toContain("params");
    });

    it("also accepts a plain object with a code (as thrown by some drivers)", () => {
      expect(classifyError({ code: "42501", message: "permission denied for table users" }, NOW).code).toBe(
        "DATABASE_42501",
      );
    });

    it("does not mistake Node system error codes for SQLSTATEs", () => {
      const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE", errno: -32, syscall: "write" });
      expect(classifyError(epipe, NOW).code).toBe("UNKNOWN_ERROR");
      const econn = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      expect(classifyError(econn, NOW).code).toBe("UNKNOWN_ERROR");
      expect(classifyError({ code: "EPERM", message: "operation not permitted" }, NOW).code).toBe("UNKNOWN_ERROR");
    });
  });

  describe("network errors", () => {
    it.each([
      "Failed to fetch",
      "fetch failed",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
      "Failed to fetch dynamically imported module: /assets/route.js",
    ])("maps TypeError(%j) to NETWORK_ERROR", (message) => {
      const record = classifyError(new TypeError(message), NOW);
      expect(record).toMatchObject({ code: "NETWORK_ERROR", message, timestamp: NOW.toISOString() });
    });

    it("adds the cause of a fetch failure to the details", () => {
      const error = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:3000") });
      expect(classifyError(error, NOW)).toMatchObject({
        code: "NETWORK_ERROR",
        details: "Caused by: connect ECONNREFUSED 127.0.0.1:3000",
      });
    });

    it("leaves other TypeErrors alone, even when they mention fetch in an identifier", () => {
      const error = new TypeError("Cannot read properties of undefined (reading 'fetchUser')");
      expect(classifyError(error, NOW).code).toBe("UNKNOWN_ERROR");
    });

    it("does not treat a non-TypeError about fetching as a network error", () => {
      expect(classifyError(new Error("Failed to fetch"), NOW).code).toBe("UNKNOWN_ERROR");
    });
  });

  describe("authentication and permission messages", () => {
    it.each(["Auth session missing!", "Invalid JWT token", "Session expired. Please log in again.", "NOT AUTHENTICATED"])(
      "maps %j to AUTH_ERROR",
      (message) => {
        expect(classifyError(new Error(message), NOW).code).toBe("AUTH_ERROR");
      },
    );

    it("reads the message of a thrown string", () => {
      expect(classifyError("session not found", NOW)).toMatchObject({ code: "AUTH_ERROR", message: "session not found" });
    });

    it("does not treat a JSON parse error about an unexpected token as an authentication error", () => {
      let parseError: unknown;
      try {
        JSON.parse("<html>");
      } catch (error) {
        parseError = error;
      }
      expect(classifyError(parseError, NOW).code).toBe("UNKNOWN_ERROR");
    });

    it("maps a message mentioning permission to PERMISSION_DENIED", () => {
      expect(classifyError(new Error("You do not have Permission to delete posts"), NOW)).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "You do not have Permission to delete posts",
      });
    });

    it("prefers AUTH_ERROR when a message mentions both", () => {
      expect(classifyError(new Error("permission check failed: no session"), NOW).code).toBe("AUTH_ERROR");
    });
  });

  describe("route error responses", () => {
    it("maps 401 to AUTH_ERROR", () => {
      const record = classifyError(new ErrorResponseImpl(401, "Unauthorized", null), NOW);
      expect(record).toMatchObject({ code: "AUTH_ERROR", message: "Unauthorized" });
    });

    it("maps 403 to PERMISSION_DENIED", () => {
      const record = classifyError(new ErrorResponseImpl(403, "Forbidden", "Admins only"), NOW);
      expect(record).toMatchObject({ code: "PERMISSION_DENIED", message: "Admins only", details: "403 Forbidden" });
    });

    it("maps other statuses to HTTP_{status}, preferring the data's message over the status text", () => {
      expect(classifyError(new ErrorResponseImpl(404, "Not Found", "Booking not found"), NOW)).toMatchObject({
        code: "HTTP_404",
        message: "Booking not found",
        details: "404 Not Found",
      });
      expect(classifyError(new ErrorResponseImpl(503, "Service Unavailable", null), NOW)).toMatchObject({
        code: "HTTP_503",
        message: "Service Unavailable",
      });
      expect(classifyError(new ErrorResponseImpl(500, "", { message: "Loader exploded" }), NOW)).toMatchObject({
        code: "HTTP_500",
        message: "Loader exploded",
      });
    });

    it("falls back to a generic message when there is neither status text nor data", () => {
      expect(classifyError(new ErrorResponseImpl(418, "", null), NOW)).toMatchObject({
        code: "HTTP_418",
        message: "Request failed with status 418",
      });
    });

    it("recognises the plain-object shape that isRouteErrorResponse accepts", () => {
      const response = { status: 500, statusText: "Internal Server Error", internal: false, data: null };
      expect(classifyError(response, NOW)).toMatchObject({ code: "HTTP_500", message: "Internal Server Error" });
    });

    it("maps a thrown fetch Response by its status", () => {
      expect(classifyError(new Response(null, { status: 401 }), NOW).code).toBe("AUTH_ERROR");
      expect(classifyError(new Response(null, { status: 502, statusText: "Bad Gateway" }), NOW)).toMatchObject({
        code: "HTTP_502",
        message: "Bad Gateway",
      });
    });
  });

  describe("everything else", () => {
    it("maps an ordinary error to UNKNOWN_ERROR with its stack", () => {
      const error = new Error("Cannot compute nights");
      const record = classifyError(error, NOW);
      expect(record).toEqual({
        code: "UNKNOWN_ERROR",
        message: "Cannot compute nights",
        stack: error.stack,
        timestamp: NOW.toISOString(),
      });
    });

    it.each([null, undefined, 42, {}, new Error("")])("gives %j a fallback message", (value) => {
      expect(classifyError(value, NOW)).toMatchObject({ code: "UNKNOWN_ERROR", message: FALLBACK_MESSAGE });
    });

    it("stamps the current time when none is given", () => {
      const before = Date.now();
      const { timestamp } = classifyError(new Error("x"));
      expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before);
    });

    it("lists its fields in reading order for the copied JSON", () => {
      const record = classifyError(new Error("boom", { cause: "disk full" }), NOW);
      expect(Object.keys(record)).toEqual(["code", "message", "details", "stack", "timestamp"]);
    });
  });
});
