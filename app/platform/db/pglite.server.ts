import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Database, DatabaseHandle } from "./client.server";
import * as schema from "./schema";
import { tableAccessLogger, WriteListeners } from "./table-access";

/** The embedded database (PGlite) in DATA_DIR, or in memory. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let location = "memory://";
  if (dataDir !== "memory://") {
    location = path.resolve(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { btree_gist, pg_trgm } });
  const writes = new WriteListeners();
  const db = drizzle({ client, schema, casing: "snake_case", logger: tableAccessLogger(writes.notify) }) as unknown as Database;
  return {
    db,
    engine: "pglite",
    onWrites: (listener) => writes.add(listener),
    listen: (channel, onMessage) => client.listen(channel, onMessage).then((stop) => () => stop()),
    close: () => client.close(),
  };
}
