import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type Engine = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** The PostgreSQL URL (absent on PGlite). */
  url?: string;
  /** Calls `listener` with the tables each statement writes, as it is sent; returns the unsubscribe function. */
  onWrites(listener: (tables: string[]) => void): () => void;
  /**
   * Calls `onMessage` for every NOTIFY on `channel`; resolves to an unsubscribe function.
   * `onReconnect` runs when a dropped LISTEN connection is back (notifications in between are lost).
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** postgres:// URL; unset = embedded PGlite. */
  databaseUrl?: string;
  /** Embedded only: where PGlite keeps its files; "memory://" keeps nothing on disk. */
  dataDir?: string;
  poolMax?: number;
  /** Called when the dedicated LISTEN connection drops or comes back (PostgreSQL only). */
  onListenerState?: (state: "connected" | "disconnected", error?: unknown) => void;
};

/** Each engine's driver loads only when it is used: a server on one never spends its start loading the other. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./postgres.server");
    return openPostgres(options.databaseUrl, options);
  }
  const { openPglite } = await import("./pglite.server");
  return openPglite(options.dataDir ?? "./data");
}

/** Raw SQL that returns rows, the same on both engines (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
