import type { CalendarDate } from '@cabanas/domain/shared'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client.ts'
import { countCabins, seedDatabase } from './seed.ts'

export type PrepareResult = { seeded: boolean; cabins: number; reservations: number }

/** Migrates, and seeds the demo catalogue into an empty database (unless seeding is off). */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { seed, today }: { seed: 'auto' | 'never'; today: CalendarDate },
): Promise<PrepareResult> {
  await handle.migrate()
  if (seed === 'never' || (await countCabins(handle.db)) > 0)
    return { seeded: false, cabins: 0, reservations: 0 }
  const result = await seedDatabase(handle.db, { today })
  // PGlite never auto-analyzes; fresh statistics keep the first queries fast on both engines.
  await handle.db.execute(sql`ANALYZE`)
  return { seeded: true, ...result }
}
