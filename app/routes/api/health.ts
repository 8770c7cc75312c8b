import { platformContext } from "~/platform/request-context";
import { pingDatabase } from "~/platform/runtime.server";
import type { Route } from "./+types/health";

/** Load balancers poll this: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, database, logger } = context.get(platformContext);
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase(db);
    return Response.json({ status: "ok", database: database.engine }, { headers });
  } catch (error) {
    logger.error({ err: error }, "health check: database did not answer");
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
}
