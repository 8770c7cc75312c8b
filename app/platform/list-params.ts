/**
 * A back-office list's state in the URL: page, sort, direction, search and the screen's
 * filters. Shareable, Back works, and the list's GET form works without JavaScript. Anything
 * unknown or malformed falls back to the default rather than failing.
 */
export type SortDirection = "asc" | "desc";

export type ListParams = {
  page: number;
  sort: string;
  dir: SortDirection;
  q: string;
  filters: Record<string, string>;
};

export type ListSpec = {
  sorts: readonly string[];
  defaultSort: { id: string; dir: SortDirection };
  /** Each filter's allowed values: a list, a pattern (names defined at run time), or "date" (yyyy-mm-dd). */
  filters?: Readonly<Record<string, readonly string[] | RegExp | "date">>;
};

export const PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseListParams(search: URLSearchParams, spec: ListSpec): ListParams {
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const sortAsked = search.get("sort") ?? "";
  const sort = spec.sorts.includes(sortAsked) ? sortAsked : spec.defaultSort.id;
  const dirAsked = search.get("dir");
  const dir: SortDirection = dirAsked === "asc" || dirAsked === "desc" ? dirAsked : sort === spec.defaultSort.id ? spec.defaultSort.dir : "asc";
  const q = (search.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(spec.filters ?? {})) {
    const value = search.get(name) ?? "";
    const ok = allowed === "date" ? DATE.test(value) && !Number.isNaN(Date.parse(value)) : allowed instanceof RegExp ? allowed.test(value) : allowed.includes(value);
    if (ok) filters[name] = value;
  }
  return { page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1, sort, dir, q, filters };
}

/** The query string of `params` with `changes` applied; defaults are left out to keep URLs short. */
export function listSearch(params: ListParams, changes: Partial<ListParams> = {}): string {
  const next = { ...params, ...changes, filters: { ...params.filters, ...changes.filters } };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  for (const [name, value] of Object.entries(next.filters)) if (value) search.set(name, value);
  search.set("sort", next.sort);
  search.set("dir", next.dir);
  if (next.page > 1) search.set("page", String(next.page));
  return `?${search.toString()}`;
}

/** The list as it is, with a dialog open over it (`?…&dialog=edit&id=…`): a link opens it, Back closes it. */
export const dialogSearch = (params: ListParams, dialog: string, id?: string) => `${listSearch(params)}&dialog=${dialog}${id ? `&id=${encodeURIComponent(id)}` : ""}`;

export const offsetOf = (params: ListParams) => (params.page - 1) * PAGE_SIZE;

/** A dialog opened from a person's record carries the record's address (`from`), to go back there after a save or Cancel. */
export const RETURN_PARAM = "from";
const PERSON_RECORD = /^\/admin\/people\/(?:[A-Za-z0-9_-]+|by-email\?email=[^&#\s]+)$/;

/** The person's record to go back to, or null: only a record's own address, so the parameter can never lead off the back-office. */
export function returnPathOf(search: URLSearchParams): string | null {
  const asked = search.get(RETURN_PARAM);
  return asked && PERSON_RECORD.test(asked) ? asked : null;
}
