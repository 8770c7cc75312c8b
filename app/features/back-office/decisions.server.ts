import { failed, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Toast } from "~/platform/toast";
import { UNDO_SECONDS } from "./decisions";

/**
 * The server half of one-click decisions. A decision changes its record at once and queues the
 * e-mail the same change makes in Edit, held for a little longer than the toast offers Undo
 * (`holdSeconds` of the outbox): until a worker takes it, Undo withdraws it with the change, so
 * the person is never told of a decision that was taken back; once it has gone, Undo is refused.
 */
export const HOLD_SECONDS = UNDO_SECONDS + 5;

/** What one row's decision leaves for the toast: the row and how people know it. */
export type Decided = { id: string; label: string };

/** Each row, one after another, in a transaction of its own; the rows that could not be decided say why. */
export async function eachRow(ids: readonly string[], decide: (id: string) => Promise<Result<Decided>>) {
  const done: Decided[] = [];
  const skipped: Refusal[] = [];
  for (const id of new Set(ids)) {
    const result = await decide(id);
    if (result.ok) done.push(result.value);
    else skipped.push(result);
  }
  return { done, skipped };
}

/** The words of a screen's decision toasts (its messages.ts). */
export type DecisionWords = {
  /** "Booking confirmed" for one row, "3 bookings confirmed" for several. */
  title: (count: number) => string;
  /** What follows for one row ("Ana Ruiz, Jun 03 – Jun 06, 2031. The guest is e-mailed…"), or for several. */
  description: (done: readonly Decided[]) => string;
};

/** Said after the rows decided: the rows left out and why, one line each. */
const skippedLines = (skipped: readonly Refusal[]) => skipped.map((refusal) => refusal.message);

/**
 * A decision's answer: the success toast with Undo for the rows decided (their ids and the
 * decision's id in the form), and the rows left out below; a refusal when none could be decided.
 */
export function decisionResult(decision: string, { done, skipped }: { done: Decided[]; skipped: Refusal[] }, words: DecisionWords): Result<{ decided: string[] }> {
  if (done.length === 0) return skipped.length === 1 ? skipped[0]! : failed(409, skippedLines(skipped).join("\n"));
  const result = succeeded({ decided: done.map((row) => row.id) }, words.title(done.length), words.description(done));
  const toast: Toast = {
    ...result.toast!,
    ...(skipped.length > 0 ? { detail: skippedLines(skipped).join("\n") } : {}),
    action: { label: "Undo", fields: { intent: "undo", decision, ids: done.map((row) => row.id) }, seconds: UNDO_SECONDS },
  };
  return { ...result, toast };
}

/** An Undo's answer: what was taken back, and what could not be. */
export function undoResult({ done, skipped }: { done: Decided[]; skipped: Refusal[] }, words: DecisionWords): Result<{ undone: string[] }> {
  if (done.length === 0) return skipped.length === 1 ? skipped[0]! : failed(409, skippedLines(skipped).join("\n"));
  const result = succeeded({ undone: done.map((row) => row.id) }, words.title(done.length), words.description(done));
  return skipped.length > 0 ? { ...result, toast: { ...result.toast!, detail: skippedLines(skipped).join("\n") } } : result;
}
