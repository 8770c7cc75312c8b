/**
 * Listens to /api/events and calls `onChange` when one of `tables` changes, or when the stream
 * asks for a resync (missed events, reconnect). Several changes in quick succession cause one
 * call. Plain DOM, so both React pages and the shell script of pages without React use it.
 * Returns the function that stops listening.
 */
export function watchTableChanges(tables: ReadonlySet<string>, onChange: () => void): () => void {
  if (tables.size === 0 || typeof EventSource === "undefined") return () => {};
  const source = new EventSource("/api/events");
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wasDisconnected = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 50);
  };
  source.addEventListener("change", (event) => {
    try {
      const { table } = JSON.parse((event as MessageEvent<string>).data) as { table?: string };
      if (table && tables.has(table)) schedule();
    } catch {
      schedule();
    }
  });
  source.addEventListener("resync", schedule);
  source.addEventListener("open", () => {
    // Whatever happened while the connection was down is unknown: refresh once.
    if (wasDisconnected) schedule();
    wasDisconnected = false;
  });
  source.addEventListener("error", () => {
    wasDisconnected = true;
  });
  return () => {
    clearTimeout(timer);
    source.close();
  };
}
