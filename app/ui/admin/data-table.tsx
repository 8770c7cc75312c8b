import { FlexRender, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";
import { listSearch, PAGE_SIZE, type ListParams } from "~/platform/list-params";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { buttonClasses } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";

const features = tableFeatures({});

/** One column of a back-office list: its header, its text (also the CSV cell), and how it shows. */
export type ScreenColumn<Row> = {
  id: string;
  header: string;
  /** The cell as text: shown unless `cell` is given, and the CSV export's value unless the screen gives it another. */
  value: (row: Row) => string;
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The cells' width and wrapping, when the table's default (first column wide, others on one line) doesn't suit. */
  className?: string;
  /** The header may wrap onto two lines ("Payment / method"): for a wide header over short values. */
  headerWraps?: boolean;
  /**
   * How the cell shows when the list is a list of cards (below 640 px): the card's `title` (the
   * first column unless another says so), its `status` (beside the title), a `wide` fact (its
   * label above a value that needs the card's width), or `hidden` on a card. Any other column is
   * a fact, its header beside its value.
   */
  card?: CardPlace;
};

export type CardPlace = "title" | "status" | "wide" | "hidden" | "fact";

/** A filter of the list. A select without `options` takes them from the route at run time (the locations there are, say). */
export type ScreenFilter = { id: string; label: string; kind: "select"; options?: readonly FilterOption[] } | { id: string; label: string; kind: "date" };
export type FilterOption = { value: string; label: string; group?: string };

/** What the table reads of a screen's declaration (the back-office's `ScreenDeclaration`). */
type ListedScreen<Row> = {
  id: string;
  heading: string;
  list: { searchLabel: string; empty: string; filterControls?: readonly ScreenFilter[] };
  columns: readonly ScreenColumn<Row>[];
};

type Props<Row extends RowData> = {
  screen: ListedScreen<Row>;
  rows: readonly Row[];
  total: number;
  params: ListParams;
  pageCount: number;
  /** Where a row leads (its edit dialog), or nothing when the person may not edit. */
  rowHref?: (row: Row) => string;
  rowLabel: (row: Row) => string;
  rowKey: (row: Row) => string;
  /** The row's own buttons (Manage Roles, Reset Password…), last column. */
  actions?: (row: Row) => ReactNode;
  /** More filters of the screen's own, inside the search form. */
  extraFilters?: ReactNode;
  /** The choices of the declaration's selects that have none of their own (read when the page loads). */
  filterOptions?: Readonly<Record<string, readonly FilterOption[]>>;
  /** Said instead of the screen's empty text (when the list could not be read, say). */
  empty?: string;
  /** Tick boxes on the rows and a bar of buttons for the ticked ones (bulk actions): see `RowSelection`. */
  selection?: RowSelection<Row>;
};

/**
 * Bulk actions: a tick box (before the first cell's text) on each row `selectable` says may be ticked, and a bar whose buttons
 * post the ticked rows' keys as `ids` with their own `intent` (a form of its own that the tick
 * boxes belong to, so it works without JavaScript too).
 */
export type RowSelection<Row> = {
  selectable: (row: Row) => boolean;
  /** The bar's buttons: submit buttons named `intent`. */
  actions: ReactNode;
  /** What the bar says when nothing is ticked yet ("Tick requests to confirm or decline several at once."). */
  hint: string;
};

const focusRowLink = (row: Element | null | undefined) => row?.querySelector<HTMLElement>("[data-row-link]")?.focus();

/**
 * The one list of every back-office screen, driven by the server: the page, sort, search and
 * filters are in the URL (a GET form, so it works without JavaScript and Back works), the total
 * is counted on the server, the CSV export takes every row of the current filter. TanStack Table
 * holds the column model; the rows it gets are already the page to show.
 */
export function DataTable<Row extends RowData>({ screen, rows, total, params, pageCount, rowHref, rowLabel, rowKey, actions, extraFilters, filterOptions, empty, selection }: Props<Row>) {
  const navigate = useNavigate();
  const ticks = useTicks(selection ? rows.filter(selection.selectable).map(rowKey) : []);
  const bulkFormId = `${screen.id}-bulk`;
  const columns = useMemo<ColumnDef<typeof features, Row>[]>(
    () => [
      ...screen.columns.map(
        (column): ColumnDef<typeof features, Row> => ({
          id: column.id,
          header: column.header,
          accessorFn: (row: Row) => column.value(row),
          cell: ({ row }) => (column.cell ? column.cell(row.original) : column.value(row.original)),
        }),
      ),
      ...(actions ? [{ id: "actions", header: "Actions", cell: ({ row }) => actions(row.original) } satisfies ColumnDef<typeof features, Row>] : []),
    ],
    [screen, actions],
  );
  const table = useTable({ features, columns, data: rows as Row[], getRowId: rowKey });
  const sortable = new Set(screen.columns.filter((c) => c.sortable).map((c) => c.id));
  const columnClasses = new Map(screen.columns.flatMap((c) => (c.className ? [[c.id, c.className] as const] : [])));
  const wrappingHeaders = new Set(screen.columns.filter((c) => c.headerWraps).map((c) => c.id));
  const headers = new Map(screen.columns.map((c) => [c.id, c.header]));
  const places = new Map(screen.columns.flatMap((c) => (c.card ? [[c.id, c.card] as const] : [])));
  const first = total === 0 ? 0 : (params.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, params.page * PAGE_SIZE);
  const exportHref = `/admin/export/${screen.id}${listSearch(params, { page: 1 })}`;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.key === "ArrowDown") focusRowLink(event.currentTarget.nextElementSibling);
    else if (event.key === "ArrowUp") focusRowLink(event.currentTarget.previousElementSibling);
    else return;
    event.preventDefault();
  }

  return (
    <section aria-label={`${screen.heading} list`} className="mt-6">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 basis-60 flex-col gap-1 text-sm font-semibold text-ink">
          {screen.list.searchLabel}
          <span className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <input
              type="search"
              name="q"
              defaultValue={params.q}
              maxLength={100}
              className="min-h-11 w-full rounded-xl border border-ink/25 bg-surface py-2 pr-3 pl-9 font-normal text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            />
          </span>
        </label>
        {screen.list.filterControls?.map((filter) => (
          <label key={filter.id} className="flex flex-col gap-1 text-sm font-semibold text-ink">
            {filter.label}
            {filter.kind === "select" ? (
              <select name={filter.id} defaultValue={params.filters[filter.id] ?? ""} className="min-h-11 rounded-xl border border-ink/25 bg-surface px-3 font-normal">
                <option value="">All</option>
                <FilterChoices options={filter.options ?? filterOptions?.[filter.id] ?? []} />
              </select>
            ) : (
              <input type="date" name={filter.id} defaultValue={params.filters[filter.id] ?? ""} className="min-h-11 rounded-xl border border-ink/25 bg-surface px-3 font-normal" />
            )}
          </label>
        ))}
        {extraFilters}
        <input type="hidden" name="sort" value={params.sort} />
        <input type="hidden" name="dir" value={params.dir} />
        <button type="submit" className={buttonClasses({ variant: "outline" })}>
          Search
        </button>
        <a href={exportHref} download className={buttonClasses({ variant: "ghost" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Form>

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {total === 0 ? "0 results" : `Showing ${first}–${last} of ${total}`}
      </p>

      {selection && ticks.keys.length > 0 && <BulkBar formId={bulkFormId} ticked={ticks.ticked.size} hint={selection.hint} actions={selection.actions} />}

      {/* Below 640 px the same table is a list of cards (CARD_*): each row a card, each cell a fact labelled by its header, the sort links a bar above. */}
      <div className="relative mt-2 overflow-x-auto rounded-2xl border border-border bg-surface">
        <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[40rem]">
          <thead className="bg-cream-dark text-ink max-sm:block max-sm:rounded-t-2xl">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className={CARD_HEADER_ROW}>
                {group.headers.map((header, index) => {
                  const active = params.sort === header.id;
                  const ariaSort = active ? (params.dir === "asc" ? "ascending" : "descending") : sortable.has(header.id) ? "none" : undefined;
                  const nextDir = active && params.dir === "asc" ? "desc" : "asc";
                  const Icon = active ? (params.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      className={cn("px-2 py-3 font-semibold max-sm:p-0", wrappingHeaders.has(header.id) ? "min-w-[4.5rem]" : "whitespace-nowrap", index > 0 && !sortable.has(header.id) && "max-sm:hidden")}
                    >
                      {index === 0 && selection && <TickSlot>{ticks.keys.length > 0 && <TickBox label="Select every row on this page" checked={ticks.all} onChange={ticks.toggleAll} />}</TickSlot>}
                      {sortable.has(header.id) ? (
                        <Link
                          to={listSearch(params, { sort: header.id, dir: nextDir, page: 1 })}
                          preventScrollReset
                          className="inline-flex items-center gap-1.5 rounded hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                        >
                          <FlexRender header={header} />
                          <Icon aria-hidden="true" className={cn("size-3.5", !active && "text-ink-muted")} />
                          <span className="sr-only">{active ? `, sorted ${params.dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
                        </Link>
                      ) : (
                        <FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="max-sm:block">
            {rows.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={columns.length} className="px-4 py-10 text-center text-ink-muted max-sm:block">
                  {empty ?? screen.list.empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => {
                const href = rowHref?.(row.original);
                return (
                  <tr
                    key={row.id}
                    onKeyDown={onRowKeyDown}
                    onClick={(event) => {
                      // A click anywhere on the row opens it, unless it was on a control of its own.
                      if (!href || (event.target as HTMLElement).closest("a, button, input, select, label, [popover]")) return;
                      void navigate(href, { preventScrollReset: true });
                    }}
                    className={cn("border-t border-border align-top", CARD_ROW, href && "cursor-pointer hover:bg-honey-50")}
                  >
                    {row.getAllCells().map((cell, index) => (
                      <td
                        key={cell.id}
                        data-label={cell.column.id === "actions" ? undefined : headers.get(cell.column.id)}
                        className={cn(
                          "px-2 py-3 text-ink",
                          index === 0 && "font-medium",
                          columnClasses.get(cell.column.id) ?? (index === 0 ? "min-w-[12rem] [overflow-wrap:anywhere]" : "whitespace-nowrap"),
                          CARD_CELL[cell.column.id === "actions" ? "actions" : (places.get(cell.column.id) ?? (index === 0 ? "title" : "fact"))],
                        )}
                      >
                        {index === 0 && selection && (
                          <TickSlot>
                            {selection.selectable(row.original) && (
                              <TickBox label={`Select ${rowLabel(row.original)}`} name="ids" value={row.id} form={bulkFormId} checked={ticks.ticked.has(row.id)} onChange={() => ticks.toggle(row.id)} />
                            )}
                          </TickSlot>
                        )}
                        {index === 0 && href ? (
                          <Link to={href} preventScrollReset data-row-link aria-label={`Edit ${rowLabel(row.original)}`} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                            <FlexRender cell={cell} />
                          </Link>
                        ) : index === 0 ? (
                          <span data-row-link tabIndex={-1}>
                            <FlexRender cell={cell} />
                          </span>
                        ) : (
                          // One grid item beside its label on a card, whatever the cell holds.
                          <span className="max-sm:min-w-0">
                            <FlexRender cell={cell} />
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <PageLink to={listSearch(params, { page: params.page - 1 })} disabled={params.page <= 1}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </PageLink>
          <span className="text-ink-muted">
            Page {params.page} of {pageCount}
          </span>
          <PageLink to={listSearch(params, { page: params.page + 1 })} disabled={params.page >= pageCount}>
            Next
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </nav>
      )}
    </section>
  );
}

/**
 * The card form of the list, below Tailwind's `sm` (640 px): one responsive pattern for every
 * screen, on the same table (so selection, row links and actions are the same elements). A row
 * is a two-column grid: the title with its status beside it, then each fact as "Header value"
 * (the header from the cell's data-label), then the actions across the card. The header row
 * keeps only the select-all box and the sort links.
 */
const CARD_HEADER_ROW = "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-2.5";
const CARD_ROW = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-start max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:px-3 max-sm:py-3";
const CARD_RESET = "max-sm:max-w-none max-sm:min-w-0 max-sm:w-auto max-sm:p-0 max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]";
const CARD_CELL: Record<CardPlace | "actions", string> = {
  title: `${CARD_RESET} max-sm:col-start-1 max-sm:row-start-1 max-sm:text-base`,
  status: `${CARD_RESET} max-sm:col-start-2 max-sm:row-start-1 max-sm:justify-self-end max-sm:pt-0.5`,
  fact: `${CARD_RESET} max-sm:col-span-2 max-sm:grid max-sm:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:gap-x-2 max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]`,
  wide: `${CARD_RESET} max-sm:col-span-2 max-sm:block max-sm:before:block max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]`,
  hidden: "max-sm:hidden",
  // A screen's stack of buttons (one above the other in the desktop column) becomes a row that wraps.
  actions: `${CARD_RESET} max-sm:col-span-2 max-sm:pt-1.5 max-sm:[&_button]:w-auto max-sm:[&>span>div:not([popover])]:w-auto max-sm:[&>span>div:not([popover])]:flex-row max-sm:[&>span>div:not([popover])]:flex-wrap max-sm:[&>span>div:not([popover])]:items-center`,
};

/** A select's options, under their group's label when they have one (assets by location). */
function FilterChoices({ options }: { options: readonly FilterOption[] }) {
  const groups = [...new Set(options.map((option) => option.group))];
  const list = (items: readonly FilterOption[]) =>
    items.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  if (groups.length <= 1) return list(options);
  return groups.map((group) => (
    <optgroup key={group ?? ""} label={group ?? "Other"}>
      {list(options.filter((option) => option.group === group))}
    </optgroup>
  ));
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: ReactNode }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={buttonClasses({ variant: "outline", size: "sm" })}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={buttonClasses({ variant: "outline", size: "sm" })}>
      {children}
    </Link>
  );
}

/**
 * The rows ticked for a bulk action, among those that may be: a row that leaves the page or can
 * no longer be ticked (decided) is forgotten, so it comes back unticked (after an Undo, say).
 */
function useTicks(keys: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const present = new Set(keys);
  const shown = new Set([...ticked].filter((key) => present.has(key)));
  // Adjusted while rendering (React's way for state that follows props), not in an effect.
  if (shown.size !== ticked.size) setTicked(shown);
  return {
    keys,
    ticked: shown,
    all: keys.length > 0 && shown.size === keys.length,
    toggle: (key: string) => setTicked((now) => (now.has(key) ? new Set([...now].filter((other) => other !== key)) : new Set([...now, key]))),
    toggleAll: () => setTicked(shown.size === keys.length ? new Set() : new Set(keys)),
  };
}

/** A row's tick box goes before its first cell's text (the same room on every row, ticked or not), so the list keeps its columns. */
function TickSlot({ children }: { children: ReactNode }) {
  return <span className="mr-2 inline-flex w-5 align-[-0.3em] max-sm:empty:hidden">{children}</span>;
}

function TickBox({ label, checked, onChange, ...field }: { label: string; checked: boolean; onChange: () => void; name?: string; value?: string; form?: string }) {
  return <input type="checkbox" aria-label={label} checked={checked} onChange={onChange} {...field} className="size-5 cursor-pointer accent-forest-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary" />;
}

/**
 * The bulk actions' bar: how many rows are ticked, and the buttons. Its form holds no fields of
 * its own; the rows' tick boxes belong to it (`form=`). Until the page is interactive the buttons
 * stay usable, so the form works without JavaScript.
 */
function BulkBar({ formId, ticked, hint, actions }: { formId: string; ticked: number; hint: string; actions: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Form id={formId} method="post" preventScrollReset aria-label="Bulk actions" className="mt-2 flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-cream-dark px-4 py-2.5 text-sm">
      <p className="min-w-0 flex-1 basis-48 text-ink" aria-live="polite">
        {ticked > 0 ? <strong>{ticked} selected</strong> : hint}
      </p>
      <fieldset disabled={hydrated && ticked === 0} className="flex flex-wrap gap-2 disabled:opacity-60">
        {actions}
      </fieldset>
    </Form>
  );
}
