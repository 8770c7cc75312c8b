import { SqlState, sqlStateOf } from "~/platform/db/errors";
import { failed, type Result } from "~/platform/result";

/**
 * Runs a write whose one expected refusal by the database is a unique key (a second location or
 * asset of the same name): that becomes the message under `field`, anything else is thrown.
 * The database decides, so two people saving at once cannot both win.
 */
export async function refuseDuplicate<T>(field: string, message: string, write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === SqlState.uniqueViolation) return failed(409, message, { [field]: [message] });
    throw error;
  }
}
