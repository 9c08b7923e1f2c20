// The rows behind the Idempotency-Key header (plugins/idempotency.ts): one per key, claimed by the first
// request, completed with its answer, released when it failed in a way a retry may fix. The table's
// `reservation_id` column holds what the request linked (named for its first user, the charge).
import { createHash } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export function hashRequestBody(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' }
  | { kind: 'replay'; statusCode: number; response: unknown }
  /** Its first request died in progress: now this request's, with what it had linked (or null). */
  | { kind: 'taken-over'; linkedId: string | null }

/**
 * Claims a key for this request; the primary key makes two concurrent claims impossible. A key left
 * in progress for longer than `abandonedAfterSeconds` (since its claim, or since its hold was made)
 * belongs to a request that died with its process: one retry takes it over.
 */
export async function claimIdempotencyKey(
  db: Database,
  key: string,
  requestHash: string,
  { abandonedAfterSeconds }: { abandonedAfterSeconds: number },
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length === 1) return { kind: 'claimed' }
  const [existing] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
  if (!existing) return claimIdempotencyKey(db, key, requestHash, { abandonedAfterSeconds })
  if (existing.requestHash !== requestHash) return { kind: 'mismatch' }
  if (existing.statusCode !== null) {
    return { kind: 'replay', statusCode: existing.statusCode, response: existing.response }
  }
  // Only one retry wins the conditional update; the others still see a request in progress.
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.updatedAt, sql`now() - make_interval(secs => ${abandonedAfterSeconds})`),
      ),
    )
    .returning({ linkedId: idempotencyKeys.reservationId })
  return taken ? { kind: 'taken-over', linkedId: taken.linkedId } : { kind: 'in-progress' }
}

/** Links the key to what its request made (in the transaction that made it; the charge: its hold). */
export async function linkIdempotencyKey(db: Database, key: string, linkedId: string | null) {
  await db
    .update(idempotencyKeys)
    .set({ reservationId: linkedId, updatedAt: sql`now()` })
    .where(eq(idempotencyKeys.key, key))
}

/** Stores the answer; the first one stored wins (a request taken over cannot overwrite its successor). */
export async function completeIdempotencyKey(
  db: Database,
  key: string,
  { statusCode, response, linkedId }: { statusCode: number; response: unknown; linkedId?: string | null },
) {
  await db
    .update(idempotencyKeys)
    .set({
      statusCode,
      response,
      ...(linkedId ? { reservationId: linkedId } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
}

/** Frees a key whose request failed unexpectedly, so the client may retry it. */
export async function releaseIdempotencyKey(db: Database, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
}

/** Keys are kept a day: a checkout retries within minutes. */
const IDEMPOTENCY_KEY_TTL_HOURS = 24

export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`))
    .returning({ key: idempotencyKeys.key })
  return rows.length
}
