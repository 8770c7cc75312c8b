import { z } from "~/platform/zod";

/** A checkbox as a form posts it: "on" when ticked, nothing at all when not. */
export const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The id of the record a dialog edits. */
export const recordId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(100);
