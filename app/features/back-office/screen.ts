import type { LucideIcon } from "lucide-react";
import type { PermissionAction, PermissionModule } from "~/features/accounts/permissions";
import type { ListSpec } from "~/platform/list-params";
import type { ScreenColumn, ScreenFilter } from "~/ui/admin/data-table";

/**
 * A back-office screen, declared once. The menu (who sees the entry), the route table, the
 * list's URL state, the CSV export, the live refresh and the generated authorization test all
 * come from this declaration; the feature module holds the queries and commands
 * (docs/adding-a-back-office-screen.md).
 */
export type ScreenDeclaration<Row = never> = {
  /** Also the CSV file's name and the key of the screen's server part (screens.server.ts). */
  id: string;
  module: PermissionModule;
  path: `/admin/${string}`;
  /** The route module, from app/. */
  routeFile: string;
  label: string;
  heading: string;
  description: string;
  icon: LucideIcon;
  group: "main" | "site";
  /** Tables whose changes refresh an open list (sent to signed-in staff only). */
  liveTables: readonly string[];
  list: ListSpec & { searchLabel: string; empty: string; filterControls?: readonly ScreenFilter[] };
  columns: readonly ScreenColumn<Row>[];
  /** The form intents the route accepts, each with the permission its command asserts. */
  commands: Readonly<Record<string, Exclude<PermissionAction, "view">>>;
  /** Where the CSV export differs from the list (csv-export.server.ts): the file has every column of the list, under the same headers, and these. */
  csv?: ScreenCsv<Row>;
};

/** One column of the CSV export. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string };

export type ScreenCsv<Row> = {
  /** A column's value in the file where its text in the list is for reading: "$330.00" is 330.00, "Dec 13, 2026" is 2026-12-13. */
  values?: Readonly<Partial<Record<string, (row: Row) => string>>>;
  /** Columns only the file has, each placed after the list's column of that id (null: first). */
  extra?: readonly (CsvColumn<Row> & { after: string | null })[];
};

export const defineScreen = <Row,>(screen: ScreenDeclaration<Row>) => screen;
