import { MODULE_LABELS } from "../accounts/permissions";
import type { Change } from "./activity-words";
import type { ActivityRow } from "./activity.server";

/** A change as one line of text (the CSV's): "Status: Pending → Confirmed", "Guests: 2". */
export const changeText = (change: Change) =>
  change.before !== null && change.after !== null ? `${change.field}: ${change.before} → ${change.after}` : `${change.field}: ${change.after ?? change.before}`;

/** Before → after, the arrow read out as "to". */
function ChangeLine({ change }: { change: Change }) {
  return (
    <li>
      <span className="font-semibold">{change.field}:</span>{" "}
      {change.before !== null && change.after !== null ? (
        <>
          <span className="text-ink-muted">{change.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <span>{change.after}</span>
        </>
      ) : (
        (change.after ?? change.before)
      )}
    </li>
  );
}

const disclosure = "mt-1.5 text-sm [&>summary]:w-fit [&>summary]:cursor-pointer [&>summary]:rounded [&>summary]:font-semibold [&>summary]:text-forest-800 [&>summary]:underline [&>summary]:underline-offset-2 [&>summary]:focus-visible:outline-2 [&>summary]:focus-visible:outline-primary";

/**
 * One line of the trail as staff read it: the sentence, who and where, the fields a change
 * touched (shown for an edit, folded away for a record added or deleted, where they are all of
 * its fields), and the row exactly as recorded behind a second disclosure.
 */
export function ActivityEntry({ row }: { row: Pick<ActivityRow, "sentence" | "changes" | "raw" | "person" | "module"> }) {
  const edit = row.changes.some((change) => change.before !== null && change.after !== null);
  const meta = [row.person, row.module ? MODULE_LABELS[row.module] : null].filter(Boolean).join(" · ");
  const list = (
    <ul className="mt-1 space-y-0.5 text-sm" aria-label="Changed fields">
      {row.changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </ul>
  );
  return (
    <div className="max-w-3xl [overflow-wrap:anywhere]">
      <p className="font-medium text-ink">{row.sentence}</p>
      {meta && <p className="text-xs text-ink-muted">{meta}</p>}
      {row.changes.length > 0 &&
        (edit ? (
          list
        ) : (
          <details className={disclosure}>
            <summary>Fields ({row.changes.length})</summary>
            {list}
          </details>
        ))}
      <details className={disclosure}>
        <summary>Raw record</summary>
        {/* Focusable: a long record scrolls inside its frame, by keyboard too. */}
        <pre tabIndex={0} role="region" aria-label="Raw record" className="mt-1 max-h-64 overflow-auto rounded-lg bg-cream-dark p-2 font-mono text-xs whitespace-pre-wrap text-ink [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-primary">{row.raw}</pre>
      </details>
    </div>
  );
}
