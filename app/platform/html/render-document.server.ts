import type { ReactNode } from "react";
import type { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

export type RenderDocumentOptions = {
  /** The response's CSP nonce, for React's own inline scripts when a page must stream. */
  nonce?: string;
  /** Gives up on a page still rendering after this long (streamed rendering only). */
  timeoutMs: number;
  /** An error inside the page once rendering is under way (the page still goes out). */
  onError(error: unknown): void;
};

export type RenderedDocument = {
  html: string;
  /** An error was reported while rendering (the page says so where it happened). */
  failed: boolean;
  /** Rendered by the streaming renderer, because a part suspended or failed. */
  streamed: boolean;
};

/**
 * A whole document, as one string. Every page is rendered whole before it is sent (see
 * entry.server.tsx), so React's synchronous renderer does the work: the same markup as its
 * streaming one, in about a third of the time, because it builds a string instead of scheduling
 * tasks and encoding each small piece into byte buffers.
 *
 * The synchronous renderer cannot wait for anything. React Router's loader data is read in
 * full first (readHydrationData), so nothing of React Router's suspends. Should anything else
 * suspend or fail (a lazy component on the server, an error inside a boundary), the page is
 * rendered again by the streaming renderer, which waits for it and reports errors, as before.
 */
export async function renderDocument(app: ReactNode, routerContext: EntryContext, options: RenderDocumentOptions): Promise<RenderedDocument> {
  const hydrationData = await readHydrationData(routerContext);
  const html = renderedWhole(app);
  if (html !== undefined) return { html: `<!DOCTYPE html>${html}`, failed: false, streamed: false };
  // The stream was read to its end: it is given again, whole, in case the component that writes
  // it reads the stream rather than the cache (a React Router that no longer fills it).
  if (hydrationData !== undefined) routerContext.serverHandoffStream = streamOf(hydrationData);
  return renderStreamed(app, options);
}

/** The page by the synchronous renderer, unless something in it threw or was left to the browser. */
function renderedWhole(app: ReactNode): string | undefined {
  let html: string;
  try {
    html = renderToString(app);
  } catch {
    return undefined;
  }
  // `<!--$!-->` opens a boundary the server gave up on and left to the browser.
  return html.includes("<!--$!-->") ? undefined : html;
}

/**
 * Reads React Router's serialised loader data (the hydration data its `<Scripts>` put in the page)
 * to its end, and hands it over as one piece through the render's stream cache (a field of
 * React Router's EntryContext type), so the component that writes it into the page finds it
 * ready instead of waiting for each chunk. The page then carries it in one script, not one per
 * chunk.
 */
export async function readHydrationData(routerContext: EntryContext): Promise<string | undefined> {
  const stream = routerContext.serverHandoffStream;
  if (!stream || !routerContext.renderMeta || routerContext.renderMeta.streamCache) return undefined;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  routerContext.renderMeta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
  return text;
}

function streamOf(text: string) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

function settled(result: { done: boolean; value: string }) {
  return Object.assign(Promise.resolve(), { result });
}

/** React's streaming renderer, kept whole: the page still goes out in one piece with its length. */
function renderStreamed(app: ReactNode, { nonce, timeoutMs, onError }: RenderDocumentOptions): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    // Reported once the page is done: an error that stops the shell reaches the caller instead.
    const errors: unknown[] = [];
    const chunks: Uint8Array[] = [];
    const timeoutId = setTimeout(() => abort(), timeoutMs);
    // What React writes into: a Node Writable's machinery (and React's abort on its 'close',
    // which builds an Error each time) buys nothing for a page that is kept whole.
    const document: DocumentSink = {
      write(chunk) {
        // React copies small pieces into byte views of its own, and hands a long one over as it is.
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        return true;
      },
      end() {
        clearTimeout(timeoutId);
        for (const error of errors) onError(error);
        resolve({ html: Buffer.concat(chunks).toString("utf8"), failed: errors.length > 0, streamed: true });
      },
      destroy(error) {
        clearTimeout(timeoutId);
        reject(error);
      },
      on() {
        return document;
      },
    };
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // React sends a finished Suspense boundary larger than this (12.5 KB by default) apart, hidden,
      // with a script that moves it into place: worth it for a page that streams, but this one goes
      // out whole, and without JavaScript such a part (a lazy tab rendered here) would stay hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        pipe(document as unknown as Writable);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
  });
}

/** The part of a Node Writable that React's pipe() uses. */
type DocumentSink = {
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  destroy(error: unknown): void;
  on(event: string, listener: () => void): DocumentSink;
};
