import type { Queryable } from "./client.server";

/**
 * A statement built once per database handle (or transaction) and prepared there, then run
 * with new values each time: for the queries every signed-in visit asks, building the SQL again
 * cost more CPU than running it. On PostgreSQL each connection also parses and plans it once.
 */
export function preparedFor<P>(build: (db: Queryable) => P): (db: Queryable) => P {
  const byDatabase = new WeakMap<Queryable, P>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
