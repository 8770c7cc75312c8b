import type { Toast } from "~/platform/toast";
import { noteFailedRead } from "../db/table-access";
import { classifyError } from "./classify";

/**
 * What a page shows when one of its lists could not be read: the spec's title ("Error loading
 * tiers") and a description that tells the visitor what to do and gives support a code. The
 * database's own message stays in the log: it names tables and columns.
 */
export function loadFailureToast(title: string, code: string): Toast {
  return {
    id: `load-failure:${title}`,
    title,
    description: `Something went wrong on our side. Please reload the page in a moment. (Code: ${code})`,
    variant: "error",
  };
}

export type LoadFailures = {
  /** The failures so far, in the order they happened: the loader returns them with its data. */
  readonly toasts: Toast[];
  /** The first failure, the one the page says (a later one often follows from it), or null. */
  first(): Toast | null;
  /** `read()`'s answer, or `fallback` (and a failure under `title`) when it throws. */
  load<T>(title: string, fallback: T, read: () => Promise<T>): Promise<T>;
};

/**
 * Lets a page survive a list that fails to load: the rest of the page still renders, and the
 * failed part says so (the spec's "a failed list load shows an error toast"), instead of the
 * whole page turning into the application error screen.
 */
export function loadFailures(logger: { error(fields: object, message: string): void }): LoadFailures {
  const toasts: Toast[] = [];
  return {
    toasts,
    first: () => toasts[0] ?? null,
    async load(title, fallback, read) {
      try {
        return await read();
      } catch (error) {
        const record = classifyError(error);
        // A page showing the failure must not be kept as the page (server/page-cache.ts).
        noteFailedRead();
        logger.error({ err: error, code: record.code }, title);
        toasts.push(loadFailureToast(title, record.code));
        return fallback;
      }
    },
  };
}
