import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps the page's data fresh: listens to /api/events and revalidates the loaders when one
 * of `tables` changes, or when the stream asks for a resync (missed events, reconnect).
 * Several changes in quick succession cause one revalidation.
 */
export function useLiveRevalidation(tables: readonly string[]) {
  const revalidator = useRevalidator();
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    const watched = new Set(key.split(","));
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasDisconnected = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(revalidate, 50);
    };
    source.addEventListener("change", (event) => {
      try {
        const { table } = JSON.parse((event as MessageEvent<string>).data) as { table?: string };
        if (table && watched.has(table)) schedule();
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
  }, [key]);
}
