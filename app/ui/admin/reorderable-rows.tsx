import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { createContext, use, useEffect, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { cn } from "~/ui/primitives/cn";
import { pendingPost } from "./pending-post";

/**
 * A row with a place in an order: 0, 1, 2… of `itemCount`, the name its buttons say, and the
 * number it is shown with (`displayOrder`: a saved move numbers every row by its place).
 */
export type OrderedRow = { id: string; label: string; position: number; itemCount: number; displayOrder: number };

/** What a move posts: `intent=move`, the row's `id` and the `position` it goes to. */
type Move = { id: string; position: number };

/** The rows as they will be once `move` is saved, numbered by their places: shown while it is (the list is in its order). */
function withMove<Row extends OrderedRow>(rows: readonly Row[], move: Move | null): readonly Row[] {
  const moved = move && rows.find((row) => row.id === move.id);
  if (!move || !moved) return rows;
  const from = moved.position;
  const to = Math.min(move.position, moved.itemCount - 1);
  const placeOf = (row: Row) => {
    if (row.id === moved.id) return to;
    if (from < to && row.position > from && row.position <= to) return row.position - 1;
    if (from > to && row.position >= to && row.position < from) return row.position + 1;
    return row.position;
  };
  return rows.map((row) => ({ ...row, position: placeOf(row), displayOrder: placeOf(row) })).sort((a, b) => a.position - b.position);
}

/**
 * What a row's controls need. The table's cells are given through a context, not as new
 * functions on every render: a cell function that changes is a new component to the table, and
 * its controls would be rebuilt, losing the focus (after a keyboard move) and cancelling a drag
 * as it starts.
 */
type Controls = { enabled: boolean; drag: RowDrag; onMove: (row: OrderedRow, direction: "up" | "down") => void; actions: (row: OrderedRow) => ReactNode };
const ControlsContext = createContext<Controls | null>(null);

const rowControls = (row: OrderedRow) => <RowControls row={row} />;

/**
 * A table whose rows can be put in another order: dragged by a handle (a mouse's way) or moved
 * one place with Move up and Move down (plain form posts: the keyboard's way, and without
 * JavaScript). Each move posts `intent=move` with the row's id and new position to the page's
 * action, and the rows are shown in their new order while it is saved. `children` draws the
 * table from the rows to show, with `controls` as each row's last cell: the move controls (when
 * `enabled`), then the row's own `actions`.
 */
export function ReorderableRows<Row extends OrderedRow>({
  rows,
  enabled,
  actions,
  children,
}: {
  rows: readonly Row[];
  enabled: boolean;
  actions: (row: Row) => ReactNode;
  children: (shown: readonly Row[], controls: (row: Row) => ReactNode) => ReactNode;
}) {
  const submit = useSubmit();
  const pending = pendingPost(useNavigation().formData, "move");
  const shown = enabled && pending ? withMove(rows, { id: String(pending.get("id")), position: Number(pending.get("position")) }) : rows;
  const drag = useRowDrag((move) => void submit({ intent: "move", id: move.id, position: String(move.position) }, { method: "post", preventScrollReset: true }));
  const onMove = useFocusAfterMove(shown);
  return (
    <ControlsContext value={{ enabled, drag, onMove, actions: actions as (row: OrderedRow) => ReactNode }}>
      <div
        onDragOver={enabled ? drag.onDragOver : undefined}
        onDrop={enabled ? drag.onDrop : undefined}
        className={cn(
          "[&_tr:has([data-drop=before])]:shadow-[inset_0_3px_0_var(--color-honey-600)]",
          "[&_tr:has([data-drop=after])]:shadow-[inset_0_-3px_0_var(--color-honey-600)]",
          "[&_tr:has([data-dragging])]:opacity-50",
        )}
      >
        {children(shown, rowControls)}
      </div>
    </ControlsContext>
  );
}

/** A row's last cell: the drag handle and Move buttons (when the rows can be moved), then the row's actions. */
function RowControls({ row }: { row: OrderedRow }) {
  const { enabled, drag, onMove, actions } = use(ControlsContext)!;
  return (
    <div className="flex items-center gap-1" data-drop={drag.over?.id === row.id ? drag.over.side : undefined} data-dragging={drag.dragging === row.id ? "" : undefined}>
      {enabled && <MoveControls row={row} drag={drag} onMove={onMove} />}
      {actions(row)}
    </div>
  );
}

type RowDrag = ReturnType<typeof useRowDrag>;

/**
 * Dragging a row by its handle (HTML drag and drop, a mouse's way; the keyboard has Move up and
 * Move down). The drop line shows where it will go; dropping sends one move.
 */
function useRowDrag(onMove: (move: Move) => void) {
  const [dragging, setDragging] = useState<{ id: string; position: number } | null>(null);
  const [over, setOver] = useState<{ id: string; side: "before" | "after"; position: number } | null>(null);

  const targetOf = (event: DragEvent<HTMLElement>) => {
    const row = (event.target as Element).closest("tbody tr");
    const marker = row?.querySelector<HTMLElement>("[data-row-position]");
    if (!row || !marker || !dragging || marker.dataset.rowId === dragging.id) return null;
    const box = row.getBoundingClientRect();
    const side = event.clientY > box.top + box.height / 2 ? ("after" as const) : ("before" as const);
    const position = Number(marker.dataset.rowPosition);
    // Where it lands once taken out of its own place.
    const slot = side === "after" ? position + 1 : position;
    return { id: marker.dataset.rowId!, side, position: slot > dragging.position ? slot - 1 : slot };
  };

  return {
    dragging: dragging?.id ?? null,
    over,
    start(event: DragEvent<HTMLElement>, row: OrderedRow) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", row.label);
      const tr = event.currentTarget.closest("tr");
      if (tr) event.dataTransfer.setDragImage(tr, 24, tr.offsetHeight / 2);
      setDragging({ id: row.id, position: row.position });
    },
    end() {
      setDragging(null);
      setOver(null);
    },
    onDragOver(event: DragEvent<HTMLElement>) {
      const target = targetOf(event);
      if (!target) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (over?.id !== target.id || over.side !== target.side) setOver(target);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      const target = targetOf(event);
      if (!target || !dragging) return;
      event.preventDefault();
      if (target.position !== dragging.position) onMove({ id: dragging.id, position: target.position });
      setDragging(null);
      setOver(null);
    },
  };
}

/**
 * After a keyboard move the row is drawn in its new place; if that took the focus away (the
 * browser drops it from a moved element, or the button is now disabled at the top or bottom), it
 * goes back to the row's Move button.
 */
function useFocusAfterMove(rows: readonly OrderedRow[]) {
  const moved = useRef<{ id: string; direction: "up" | "down"; from: number } | null>(null);
  useEffect(() => {
    const last = moved.current;
    const row = last && rows.find((candidate) => candidate.id === last.id);
    if (!last || !row || row.position === last.from) return;
    moved.current = null;
    const button = (direction: string) => document.querySelector<HTMLButtonElement>(`[data-move="${direction}"][data-row-id="${row.id}"]`);
    const wanted = button(last.direction);
    const target = wanted && !wanted.disabled ? wanted : button(last.direction === "up" ? "down" : "up");
    const focused = document.activeElement;
    if (target && (!focused || focused === document.body || (focused instanceof HTMLButtonElement && focused.disabled))) target.focus();
  }, [rows]);
  return (row: OrderedRow, direction: "up" | "down") => {
    moved.current = { id: row.id, direction, from: row.position };
  };
}

const moveButton =
  "inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-ink hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent [&_svg]:size-4";

/** The drag handle and the Move up / Move down buttons: plain form posts, so they work without JavaScript. */
function MoveControls({ row, drag, onMove }: { row: OrderedRow; drag: RowDrag; onMove: (row: OrderedRow, direction: "up" | "down") => void }) {
  const first = row.position === 0;
  const last = row.position >= row.itemCount - 1;
  return (
    <>
      <span
        draggable
        onDragStart={(event) => drag.start(event, row)}
        onDragEnd={drag.end}
        data-row-id={row.id}
        data-row-position={row.position}
        title="Drag to move"
        aria-hidden="true"
        className="inline-flex size-9 cursor-grab items-center justify-center rounded-full text-ink-muted hover:bg-cream-dark active:cursor-grabbing"
      >
        <GripVertical className="size-4" />
      </span>
      <Form method="post" preventScrollReset onSubmit={() => onMove(row, "up")}>
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="position" value={Math.max(0, row.position - 1)} />
        <button type="submit" name="intent" value="move" disabled={first} aria-label={`Move ${row.label} up`} title="Move up" data-move="up" data-row-id={row.id} className={moveButton}>
          <ArrowUp aria-hidden="true" />
        </button>
      </Form>
      <Form method="post" preventScrollReset onSubmit={() => onMove(row, "down")}>
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="position" value={row.position + 1} />
        <button type="submit" name="intent" value="move" disabled={last} aria-label={`Move ${row.label} down`} title="Move down" data-move="down" data-row-id={row.id} className={moveButton}>
          <ArrowDown aria-hidden="true" />
        </button>
      </Form>
    </>
  );
}
