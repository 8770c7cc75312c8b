// eslint-disable-next-line no-restricted-imports -- the one place that imports zod itself
import { z } from "zod";
import { plural } from "./plural";

/**
 * The words a person sees when a field has no message of its own: never the library's defaults
 * ("Invalid input: expected string, received undefined"). A schema's own message always wins;
 * this is the floor (features/form-messages.test.ts sweeps every form for the defaults).
 */
function siteMessage(issue: z.core.$ZodRawIssue): string {
  const missing = issue.input === undefined || issue.input === null || issue.input === "";
  switch (issue.code) {
    case "invalid_type":
      if (missing) return "This field is required";
      if (issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint") return "Enter a number";
      if (issue.expected === "boolean") return "Choose yes or no";
      if (issue.expected === "date") return "Enter a date";
      if (issue.expected === "file") return "Choose a file";
      if (issue.expected === "array") return "Choose from the list";
      if (issue.expected === "string") return "Enter this as text";
      return "This form was not sent as expected. Reload the page and try again.";
    case "invalid_value":
      return missing ? "This field is required" : "Choose one of the options";
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "This field is required" : `Enter at least ${plural(issue.minimum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at least ${issue.minimum}`;
      return `Enter ${issue.minimum} or more`;
    case "too_big":
      if (issue.origin === "string") return `Enter at most ${plural(issue.maximum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${issue.maximum}`;
      if (issue.origin === "file") return "The file is too large";
      return `Enter ${issue.maximum} or less`;
    case "invalid_format":
      if (issue.format === "email") return "Please enter a valid email address";
      if (issue.format === "url") return "Enter a web address starting with https://";
      return "This is not in the expected format";
    case "not_multiple_of":
      return `Enter a multiple of ${issue.divisor}`;
    default:
      return "Please check this value";
  }
}

// Zod probes `new Function` to compile fast parsers; under our Content-Security-Policy (no
// 'unsafe-eval') the browser reports every probe as a violation. Every module takes `z` from
// here (lint enforces it), so the setting is made before any schema is built or used, and
// pages without a schema don't load zod at all.
z.config({ jitless: true, customError: siteMessage });

export { z };
