import { CircleAlert } from "lucide-react";
import type { Toast } from "~/platform/toast";

/**
 * Stands where a list that failed to load would be (see load-failures.server.ts): the toast says
 * it once, this stays on the page, also without JavaScript, with a way to try again.
 */
export function LoadFailureNotice({ failure }: { failure: Toast }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-red-700/30 bg-red-50 p-4 text-red-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{failure.title}</p>
        {failure.description && <p className="mt-1 text-sm">{failure.description}</p>}
        {/* A plain link to this very page: a full reload, with or without JavaScript. */}
        <a href="" className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
          Try again
        </a>
      </div>
    </div>
  );
}
