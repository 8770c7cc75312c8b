import type { ChangeFeed } from "./change-feed.server";

/**
 * How many change streams one client address may hold open on one server process. A person
 * with a dozen tabs stays well under it; an office behind one address shares it. Each stream
 * holds a socket and a feed subscription for as long as the client likes, so without a cap one
 * client could open them until the process runs out of sockets or memory (ASVS 2.4.1, 15.2.2).
 */
export const OPEN_STREAMS_PER_ADDRESS = 20;

/** Said with the 429: who is refused, and what to do about it. */
export const TOO_MANY_STREAMS_MESSAGE = `Too many live-update connections are open from your address (at most ${OPEN_STREAMS_PER_ADDRESS}). Close some of this site's tabs and reload.`;

/**
 * Counts the open streams of each client address. `open` says whether one more may be opened
 * and, if so, returns the function that gives its place back (safe to call more than once).
 */
export class StreamCap {
  private readonly open = new Map<string, number>();
  constructor(private readonly perAddress = OPEN_STREAMS_PER_ADDRESS) {}

  take(address: string): (() => void) | null {
    const held = this.open.get(address) ?? 0;
    if (held >= this.perAddress) return null;
    this.open.set(address, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }

  heldBy(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/** One cap per change feed, that is per server (a process may run several in tests), kept with the feed it guards. */
const caps = new WeakMap<ChangeFeed, StreamCap>();

export function streamCapOf(changes: ChangeFeed): StreamCap {
  let cap = caps.get(changes);
  if (!cap) caps.set(changes, (cap = new StreamCap()));
  return cap;
}
