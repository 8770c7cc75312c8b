/**
 * Telling a request that never reached the server from other errors. Apart from classify.ts
 * (which uses these too) because every form's page needs this much, and the error screen's
 * whole classification only when something fails.
 */

export function messageOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (value && typeof value === "object") {
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message.trim();
  }
  return undefined;
}

export function nameOf(value: unknown): string | undefined {
  if (value && typeof value === "object") {
    const name = (value as { name?: unknown }).name;
    if (typeof name === "string") return name;
  }
  return undefined;
}

/** A fetch that never reached the server (offline, connection dropped), as each browser words it. */
export function isFetchTypeError(value: unknown): boolean {
  if (!(value instanceof TypeError) && nameOf(value) !== "TypeError") return false;
  // Chrome "Failed to fetch", Node "fetch failed", Firefox "NetworkError when attempting to fetch resource.",
  // Safari "Load failed"; a bare "fetch" inside some other TypeError (e.g. "reading 'fetchUser'") is a bug, not the network.
  return /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(messageOf(value) ?? "");
}
