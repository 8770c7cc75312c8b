import type { ChangeFeed, FeedEvent } from "./change-feed.server";

const KEEP_ALIVE_MS = 20_000;

/**
 * Server-Sent Events: one `change` event per committed change of a watched table ({table, op},
 * never row data) that `shows` lets this listener hear of, `resync` when events may have been
 * missed. A reconnecting browser sends Last-Event-ID and gets what it missed from this
 * instance, or a resync. The stream ends when the request is aborted or the feed closes, and
 * then calls `onEnd` once (the open-stream cap gives the client's place back).
 */
export function changeEventStream(changes: ChangeFeed, request: Request, shows: (table: string) => boolean, onEnd: () => void = () => {}): Response {
  const encoder = new TextEncoder();
  const lastEventId = request.headers.get("last-event-id");
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (event: FeedEvent) =>
        (event.kind !== "change" || shows(event.change.table)) &&
        write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.kind === "change" ? event.change : {})}\n\n`);

      write(`retry: 2000\n: connected\n\n`);
      if (lastEventId) changes.since(lastEventId).forEach(send);
      else write(`id: ${changes.lastId}\nevent: ready\ndata: {}\n\n`);

      const keepAlive = setInterval(() => write(`: keep-alive\n\n`), KEEP_ALIVE_MS);
      const unsubscribe = changes.subscribe(send, () => cleanup());
      cleanup = () => {
        clearInterval(keepAlive);
        unsubscribe();
        cleanup = () => {};
        onEnd();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (request.signal.aborted) cleanup();
      else request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
