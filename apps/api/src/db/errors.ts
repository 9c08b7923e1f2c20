/** SQLSTATE of a database error, whichever driver raised it (Drizzle wraps it in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export const SQLSTATE = {
  exclusionViolation: '23P01',
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  deadlockDetected: '40P01',
  serializationFailure: '40001',
} as const

/**
 * Runs a statement again when PostgreSQL aborted it to break a deadlock. Concurrent inserts and
 * updates checked by the same exclusion constraint can wait on each other; the database then aborts
 * one of them (40P01), and the retry sees the winner's committed row.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      const state = sqlStateOf(error)
      const retryable = state === SQLSTATE.deadlockDetected || state === SQLSTATE.serializationFailure
      if (!retryable || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt))
    }
  }
}
