import { isFetchTypeError } from "./fetch-failure";

/** The toast description for a request that never reached the server (the spec's sign-up fallback words). */
export const CONNECTION_FAILED = "Connection failed. Please check your internet and try again.";

/**
 * For a route's clientAction: runs the server action and, when the request never reached the
 * server (offline, connection dropped), answers `unreachable()` in the action's own shape, so the
 * form shows a toast and keeps what was typed instead of the page turning into the error screen.
 * Anything else (redirects, server errors) goes on as before.
 */
export async function unlessServerUnreachable<T, U>(serverAction: () => Promise<T>, unreachable: () => U): Promise<T | U> {
  try {
    return await serverAction();
  } catch (error) {
    if (isFetchTypeError(error)) return unreachable();
    throw error;
  }
}
