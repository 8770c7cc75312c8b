import { z } from "~/platform/zod";
import { recordId } from "./form-fields";

/**
 * One-click decisions of the back-office (Confirm or Decline a booking request, Activate an
 * adoption): the forms of a row's buttons, of the bulk bar over the ticked rows, and of the
 * Undo in the toast that follows. Ids stay text here; each command checks them as it reads its
 * record (`isRecordId`).
 */
export const DECISION_MESSAGES = {
  none: "Tick the rows to decide first.",
  tooMany: "Decide at most 50 rows at a time.",
  decision: "That decision can no longer be undone.",
} as const;

/** A field sent once or several times (tick boxes of one name) as a list. */
const list = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);
// At most 50: a page of the list is 25, and the Undo's toast carries the ids in its cookie (4 KB).
const ids = z.preprocess(list, z.array(recordId(DECISION_MESSAGES.none)).min(1, DECISION_MESSAGES.none).max(50, DECISION_MESSAGES.tooMany));

/** A row's own button: the record it decides. */
export const DecisionSchema = z.object({ id: recordId("Choose a record") });
/** The bulk bar: the ticked rows. */
export const BulkDecisionSchema = z.object({ ids });
/** The toast's Undo: the decision it takes back (one id for every row it covered), and those rows. */
export const UndoDecisionSchema = z.object({ decision: z.uuid({ error: DECISION_MESSAGES.decision }), ids });

/** How long the toast offers Undo, in seconds. */
export const UNDO_SECONDS = 10;
