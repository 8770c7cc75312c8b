import { data } from "react-router";
import { ForbiddenError } from "~/features/accounts/permissions";
import { backOfficeContext } from "./screen-route.server";
import { parseListParams } from "~/platform/list-params";
import type { CsvColumn, ScreenDeclaration } from "./screen";
import { SCREEN_SERVERS } from "./screens.server";
import type { RouterContextProvider } from "react-router";

const BATCH = 500;

/**
 * One CSV cell. Quotes doubled and the cell quoted when needed; a cell a spreadsheet would take
 * for a formula (=, @, tab, CR, or + and - before anything but a number or phone number) gets a
 * leading apostrophe (OWASP's CSV injection advice), so "+1 360 555 0142" stays as it is.
 */
export function csvCell(value: string): string {
  const formula = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The file's columns: the list's, under the same headers, with the screen's CSV values, and the columns only the file has. */
export function csvColumns<Row>(screen: Pick<ScreenDeclaration<Row>, "columns" | "csv">): CsvColumn<Row>[] {
  const extra = screen.csv?.extra ?? [];
  const after = (id: string | null) => extra.filter((column) => column.after === id).map(({ header, value }) => ({ header, value }));
  return [
    ...after(null),
    ...screen.columns.flatMap((column) => [{ header: column.header, value: screen.csv?.values?.[column.id] ?? column.value }, ...after(column.id)]),
  ];
}

/** One line of the file, CRLF-terminated. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Every row matching the list's search and filters (not just the page), in the list's order,
 * streamed in batches so a long list never sits in memory whole. The list query checks the
 * permission to view before the first byte.
 */
export async function streamScreenCsv<Row>(screen: ScreenDeclaration<Row>, args: { request: Request; context: Readonly<RouterContextProvider> }) {
  const ctx = backOfficeContext(args);
  const params = parseListParams(new URL(args.request.url).searchParams, screen.list);
  const { list } = SCREEN_SERVERS[screen.id]!;
  const first = await list(ctx, params, { limit: BATCH, offset: 0 }).catch((error: unknown) => {
    if (error instanceof ForbiddenError) throw data({ message: error.message }, { status: 403 });
    throw error;
  });
  const encoder = new TextEncoder();
  const line = (cells: string[]) => encoder.encode(csvLine(cells));
  const columns = csvColumns(screen);
  let offset = 0;
  let batch = first.rows;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(line(columns.map((column) => column.header)));
    },
    async pull(controller) {
      if (batch.length === 0) return controller.close();
      for (const row of batch) controller.enqueue(line(columns.map((column) => column.value(row as Row))));
      offset += batch.length;
      batch = batch.length < BATCH ? [] : (await list(ctx, params, { limit: BATCH, offset })).rows;
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${screen.id}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
