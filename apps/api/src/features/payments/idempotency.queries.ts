import { createHash } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema.ts'
import { sealChargeResponse } from './stored-charge.ts'

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
  /** Its first request died in progress: now this request's, with the reservation it had held (or null). */
  | { kind: 'taken-over'; reservationId: string | null }

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
    .returning({ reservationId: idempotencyKeys.reservationId })
  return taken ? { kind: 'taken-over', reservationId: taken.reservationId } : { kind: 'in-progress' }
}

/** Links the key to the hold its request made (in the hold's transaction). */
export async function linkIdempotencyKey(db: Database, key: string, reservationId: string | null) {
  await db
    .update(idempotencyKeys)
    .set({ reservationId, updatedAt: sql`now()` })
    .where(eq(idempotencyKeys.key, key))
}

/** Stores the answer; the first one stored wins (a request taken over cannot overwrite its successor). */
export async function completeIdempotencyKey(
  db: Database,
  key: string,
  { statusCode, response, reservationId }: { statusCode: number; response: unknown; reservationId?: string },
) {
  await db
    .update(idempotencyKeys)
    .set({
      statusCode,
      response,
      ...(reservationId ? { reservationId } : {}),
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

/**
 * Seals the access tokens of answers stored in clear before sealing existed (or by a process of the
 * previous version during a rolling deploy); returns how many rows changed. A row is rewritten only
 * if its answer is still the one that was read.
 */
export async function sealStoredAccessTokens(db: Database): Promise<number> {
  const token = sql`${idempotencyKeys.response} -> 'data' ->> 'accessToken'`
  const rows = await db
    .select({ key: idempotencyKeys.key, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(isNotNull(token), sql`${token} not like 's1.%'`))
  let sealed = 0
  for (const row of rows) {
    const changed = await db
      .update(idempotencyKeys)
      .set({ response: sealChargeResponse(row.response, row.key) })
      .where(and(eq(idempotencyKeys.key, row.key), eq(idempotencyKeys.response, row.response)))
      .returning({ key: idempotencyKeys.key })
    sealed += changed.length
  }
  return sealed
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
