import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PermissionAction, PermissionModule } from "~/features/accounts/permissions";
import type { ListSpec } from "./list-params";

/** One column of a back-office list: its header, its text (also the CSV cell), and how it shows. */
export type ScreenColumn<Row> = {
  id: string;
  header: string;
  /** The cell as text: shown unless `cell` is given, and always the CSV export's value. */
  value: (row: Row) => string;
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The cells' width and wrapping, when the table's default (first column wide, others on one line) doesn't suit. */
  className?: string;
  /** The header may wrap onto two lines ("Payment / method"): for a wide header over short values. */
  headerWraps?: boolean;
};

/** A filter of the list. A select without `options` takes them from the route at run time (the locations there are, say). */
export type ScreenFilter = { id: string; label: string; kind: "select"; options?: readonly FilterOption[] } | { id: string; label: string; kind: "date" };
export type FilterOption = { value: string; label: string; group?: string };

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
};

export const defineScreen = <Row,>(screen: ScreenDeclaration<Row>) => screen;
