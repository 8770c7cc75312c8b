import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PgListener } from "./pg-listener.server";
import * as schema from "./schema";
import { tableAccessLogger } from "./table-access";

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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir ?? "./data");
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let location = "memory://";
  if (dataDir !== "memory://") {
    location = path.resolve(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { btree_gist, pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger: tableAccessLogger }) as unknown as Database;
  return {
    db,
    engine: "pglite",
    listen: (channel, onMessage) => client.listen(channel, onMessage).then((stop) => () => stop()),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  // pg-pool's timeout also counts the wait for a free connection: a burst of requests (200 people racing for the same
  // nights) queues behind a small pool, so the limit is generous (a refused connection still fails at once).
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, connectionTimeoutMillis: 20_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePg({ client: pool, schema, casing: "snake_case", logger: tableAccessLogger }) as unknown as Database;
  // Fail fast with a clear message rather than on the first request.
  await db.execute(sql`select 1`);
  // LISTEN needs a connection of its own that stays open, not one borrowed from the pool.
  const listener = new PgListener(url, options.onListenerState);
  return {
    db,
    engine: "postgres",
    url,
    listen: (channel, onMessage, onReconnect) => listener.listen(channel, onMessage, onReconnect),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Raw SQL that returns rows, the same on both engines (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
