import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema.ts'
import { sealChargeResponse } from './stored-charge.ts'

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
