import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema.ts'

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

/** Claims a key for this request; the primary key makes two concurrent claims impossible. */
export async function claimIdempotencyKey(
  db: Database,
  key: string,
  requestHash: string,
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
  if (!existing) return claimIdempotencyKey(db, key, requestHash)
  if (existing.requestHash !== requestHash) return { kind: 'mismatch' }
  if (existing.statusCode === null) return { kind: 'in-progress' }
  return { kind: 'replay', statusCode: existing.statusCode, response: existing.response }
}

export async function completeIdempotencyKey(
  db: Database,
  key: string,
  { statusCode, response, reservationId }: { statusCode: number; response: unknown; reservationId?: string },
) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response, reservationId: reservationId ?? null, updatedAt: new Date() })
    .where(eq(idempotencyKeys.key, key))
}

/** Frees a key whose request failed unexpectedly, so the client may retry it. */
export async function releaseIdempotencyKey(db: Database, key: string) {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key))
}
