/**
 * Drizzle wraps driver errors; the SQLSTATE sits on the error or on its `cause`.
 * Features map the states they expect (e.g. 23P01 = overlapping booking) to the spec's messages.
 */
export const SqlState = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  notNullViolation: "23502",
  exclusionViolation: "23P01",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // SQLSTATEs always contain a digit; Node system codes like EPIPE never do.
    if (typeof code === "string" && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The name of the violated constraint, when the database reported one. */
export function constraintOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
  }
  return undefined;
}

const RETRYABLE = new Set<string>([SqlState.deadlockDetected, SqlState.serializationFailure]);

/**
 * Runs `work` again (up to `attempts` times, short jittered pauses) when the database reports a
 * deadlock or serialization failure, or an error `retryIf` accepts (a random code that was taken).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, { attempts = 4, retryIf }: { attempts?: number; retryIf?: (error: unknown) => boolean } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      const retryable = (state !== undefined && RETRYABLE.has(state)) || (retryIf?.(error) ?? false);
      if (!retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));
    }
  }
}

/** A unique violation of this constraint: e.g. a random reference that another row drew first. */
export const isUniqueClash = (constraint: string) => (error: unknown) => sqlStateOf(error) === SqlState.uniqueViolation && constraintOf(error) === constraint;
