import { Check, ChevronDown, Copy, RotateCw, TriangleAlert } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { classifyError, type AppErrorRecord } from "~/platform/errors/classify";
import { Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { ErrorFrame } from "./error-frame";

type CopyState = "idle" | "copied" | "failed";

/**
 * The application error screen (admin spec, "Application error screen"): code and message,
 * show/hide details (details, stack, timestamp), Reload Page, Copy Error and a support hint.
 * Uses no loader data and touches `window` only in event handlers, so it renders on the server
 * and outside the site shell.
 */
export function ApplicationError({ error }: { error: unknown }) {
  const record = useMemo(() => classifyError(error), [error]);
  const [showDetails, setShowDetails] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>("idle");
  const detailsId = useId();

  useEffect(() => {
    console.error("Application error", record);
  }, [record]);

  useEffect(() => {
    if (copyState !== "copied") return;
    const timer = setTimeout(() => setCopyState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [copyState]);

  async function copyError() {
    const text = JSON.stringify(record, null, 2);
    if (await copyText(text)) {
      setCopyState("copied");
    } else {
      // Let the person select the text themselves.
      setCopyState("failed");
      setShowDetails(true);
    }
  }

  return (
    <ErrorFrame>
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-honey-100 text-honey-800">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-ink sm:text-4xl">Application Error</h1>
      <p className="mt-3 text-xl font-semibold text-ink">Something went wrong</p>
      <p className="mt-2 max-w-lg text-ink-muted">
        We ran into an unexpected problem while showing this page. Reloading usually fixes it.
      </p>

      <div className="mt-8 w-full rounded-2xl border border-border bg-surface p-5 text-left shadow-card sm:p-6">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-semibold text-ink-muted">Error code</dt>
          <dd>
            <code className="rounded-md bg-cream-dark px-2 py-0.5 font-mono text-sm font-semibold break-all text-ink">
              {record.code}
            </code>
          </dd>
          <dt className="text-sm font-semibold text-ink-muted">Message</dt>
          <dd className="break-words text-ink">{record.message}</dd>
        </dl>

        <button
          type="button"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((open) => !open)}
          className="-mx-2 mt-4 inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-forest-700 hover:bg-forest-50"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 transition-transform duration-200", showDetails && "rotate-180")}
          />
          {showDetails ? "Hide details" : "Show details"}
        </button>

        <div id={detailsId} hidden={!showDetails}>
          {showDetails && <ErrorDetails record={record} />}
        </div>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload Page
        </Button>
        <Button size="lg" variant="outline" onClick={copyError}>
          <Copy aria-hidden="true" />
          Copy Error
        </Button>
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm font-semibold text-forest-700">
        {copyState === "copied" && (
          <span className="inline-flex items-center gap-1.5">
            <Check aria-hidden="true" className="size-4" />
            Copied
          </span>
        )}
        {copyState === "failed" && (
          <span className="text-ink">Copying isn’t available here. Please select the details above and copy them.</span>
        )}
      </p>

      <p className="mt-6 max-w-lg text-sm text-ink-muted">
        If the problem keeps happening, please <a href="/contact">contact support</a> and include the copied error so
        we can look into it.
      </p>
    </ErrorFrame>
  );
}

function ErrorDetails({ record }: { record: AppErrorRecord }) {
  return (
    <dl className="mt-3 space-y-4 border-t border-border pt-4 text-sm">
      {record.details && (
        <div>
          <dt className="font-semibold text-ink-muted">Details</dt>
          <dd className="mt-1 break-words whitespace-pre-wrap text-ink">{record.details}</dd>
        </div>
      )}
      {record.stack && (
        <div>
          <dt className="font-semibold text-ink-muted">Stack</dt>
          <dd className="mt-1">
            {/* Focusable so keyboard users can scroll it. */}
            <pre
              tabIndex={0}
              className="max-h-64 overflow-auto rounded-lg bg-forest-950 p-3 font-mono text-xs leading-relaxed text-forest-100"
            >
              {record.stack}
            </pre>
          </dd>
        </div>
      )}
      <div>
        <dt className="font-semibold text-ink-muted">Timestamp</dt>
        <dd className="mt-1 font-mono text-ink">
          <time dateTime={record.timestamp}>{record.timestamp}</time>
        </dd>
      </div>
    </dl>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: try the older way below.
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "fixed -left-[9999px] top-0";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  } catch {
    return false;
  }
}
