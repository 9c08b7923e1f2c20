import type { CalendarDate } from '@cabanas/domain/shared'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, executeRows } from './client.ts'
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
  // PGlite never auto-analyzes; fresh statistics keep the first queries fast on both engines. Only
  // our tables: a bare ANALYZE also reads every system catalog, and on a fresh PGlite folder under heavy
  // load it once failed on one of them (information_schema.sql_parts, "could not open file"), which
  // stopped the start. Our queries never read those catalogs.
  const tables = await executeRows<{ name: string }>(
    handle.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )
  const names = sql.join(
    tables.map((table) => sql.identifier(table.name)),
    sql`, `,
  )
  await handle.db.execute(sql`ANALYZE ${names}`)
  return { seeded: true, ...result }
}
