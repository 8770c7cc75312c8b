import { data } from "react-router";
import type { Toast } from "~/platform/toast";

/**
 * Public reads that go to the database on every call (the booking widget's availability) may be
 * made this often a minute from one client address. A visitor choosing dates makes a few; an
 * office behind one address shares the budget. Kept in the process's memory, not the database:
 * a row written per read would cost more than the read it guards (ASVS 2.4.1).
 */
export const PUBLIC_READS_PER_MINUTE = 300;
const WINDOW_MS = 60_000;

export type ReadDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ADDRESSES_KEPT = 50_000;

/**
 * A fixed one-minute window per client address. A Map keeps its keys in the order they were
 * set, and a window is set anew when it starts: past the cap, the oldest window goes first.
 */
export class ReadLimit {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly perMinute = PUBLIC_READS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  hit(address: string): ReadDecision {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      this.windows.delete(address);
      this.windows.set(address, (window = { count: 0, endsAt: now + WINDOW_MS }));
      if (this.windows.size > ADDRESSES_KEPT) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
    if (window.count <= this.perMinute) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
  }
}

/** One limit per database, that is per server (a process may run several in tests). */
const limits = new WeakMap<object, ReadLimit>();

function publicReadLimitOf(db: object): ReadLimit {
  let limit = limits.get(db);
  if (!limit) limits.set(db, (limit = new ReadLimit()));
  return limit;
}

/**
 * For a public read's loader, first: null while the address is within its minute, else the 429
 * to answer, with `Retry-After` and the failure the widget shows under the read's own title.
 */
export function refusedPublicRead(db: object, clientAddress: string, title: string, body: Record<string, unknown> = {}) {
  const decision = publicReadLimitOf(db).hit(clientAddress);
  if (decision.allowed) return null;
  const failure = tooManyReadsToast(title, decision.retryAfterSeconds);
  return data({ ...body, failure }, { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(decision.retryAfterSeconds) } });
}

/** What the widget shows under the read's own title when the address has used its minute. */
function tooManyReadsToast(title: string, retryAfterSeconds: number): Toast {
  return {
    id: `load-failure:${title}`,
    title,
    description: `Too many requests from your address. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
    variant: "error",
  };
}
