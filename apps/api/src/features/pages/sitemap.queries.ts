import { asc, count, eq, max } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins } from '../../db/schema.ts'

/**
 * What the sitemap needs of the catalogue: addresses and when each page last changed. A cabin's
 * `updated_at` is the database's clock at its last write (trigger stamp_change), also when one of its
 * seasons changes (trigger touch_cabin_of_season).
 */

export async function countCabins(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(cabins).where(eq(cabins.listed, true))
  return row?.total ?? 0
}

/** One slice of every listed cabin, in a stable order (the primary key's). */
export async function listCabinChanges(
  db: Database,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: cabins.id, updatedAt: cabins.updatedAt })
    .from(cabins)
    .where(eq(cabins.listed, true))
    .orderBy(asc(cabins.id))
    .limit(limit)
    .offset(offset)
}

/** Every destination ('población, estado') with the last change of any of its cabins. */
export async function listDestinationChanges(db: Database) {
  return db
    .select({ population: cabins.population, state: cabins.state, updatedAt: max(cabins.updatedAt) })
    .from(cabins)
    .where(eq(cabins.listed, true))
    .groupBy(cabins.population, cabins.state)
    .orderBy(asc(cabins.state), asc(cabins.population))
}
