import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database, DatabaseHandle, DatabaseOptions } from "./client.server";
import { PgListener } from "./pg-listener.server";
import * as schema from "./schema";
import { tableAccessLogger, WriteListeners } from "./table-access";

/** A PostgreSQL server: a pool for queries and one connection of its own for LISTEN. */
export async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  // pg-pool's timeout also counts the wait for a free connection: a burst of requests (200 people racing for the same
  // nights) queues behind a small pool, so the limit is generous (a refused connection still fails at once).
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, connectionTimeoutMillis: 20_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const writes = new WriteListeners();
  const db = drizzle({ client: pool, schema, casing: "snake_case", logger: tableAccessLogger(writes.notify) }) as unknown as Database;
  // Fail fast with a clear message rather than on the first request.
  await db.execute(sql`select 1`);
  // LISTEN needs a connection of its own that stays open, not one borrowed from the pool.
  const listener = new PgListener(url, options.onListenerState);
  return {
    db,
    engine: "postgres",
    url,
    onWrites: (listener) => writes.add(listener),
    listen: (channel, onMessage, onReconnect) => listener.listen(channel, onMessage, onReconnect),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
