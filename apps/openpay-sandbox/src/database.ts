import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/**
 * The database the sandbox keeps its tokens and charges in: any Drizzle PostgreSQL database (the
 * host passes its own, on PGlite or PostgreSQL). Shared state lets a token created through one API
 * process be charged through another, as with the real Openpay.
 */
// biome-ignore lint/suspicious/noExplicitAny: the host's schema is not the sandbox's business
export type SandboxDatabase = PgDatabase<PgQueryResultHKT, any>

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

export const UNIQUE_VIOLATION = '23505'
