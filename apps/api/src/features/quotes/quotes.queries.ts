import type { NightRate, SeasonRate } from '@cabanas/domain/quotes'
import type { CalendarDate } from '@cabanas/domain/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'

const checkIn = sql.placeholder('checkIn')
const checkOut = sql.placeholder('checkOut')

/**
 * One round trip, prepared once per database handle (quotes are the hottest write-path read):
 * the cabin, whether a live reservation or a block holds a night of the stay (cabin_holds, same rule as
 * its exclusion constraint), and the seasons and night prices that touch it.
 */
function prepareCabinForStay(db: Database) {
  return (
    db
      .select({
        id: cabins.id,
        name: cabins.name,
        population: cabins.population,
        state: cabins.state,
        minOccupancy: cabins.minOccupancy,
        maxOccupancy: cabins.maxOccupancy,
        minNights: cabins.minNights,
        weekdayRate: cabins.weekdayRate,
        weekendRate: cabins.weekendRate,
        restrictions: cabins.restrictions,
        // Written with explicit aliases: Drizzle leaves columns unqualified inside selected SQL.
        // Half-open overlap (the exclusion constraint's '[)' rule) in btree form: the
        // (cabin_id, starts_on) index answers it several times faster than the GiST index.
        isFree: sql<boolean>`NOT EXISTS (
        SELECT 1 FROM cabin_holds h
        WHERE h.cabin_id = "cabins"."id" AND h.starts_on < ${checkOut}::date AND h.ends_on > ${checkIn}::date
      )`,
        seasons: sql<SeasonRate[]>`COALESCE((
        SELECT json_agg(json_build_object(
          'name', s.name, 'startsOn', s.starts_on, 'endsOn', s.ends_on, 'nightlyRate', s.nightly_rate
        ) ORDER BY s.starts_on)
        FROM cabin_seasons s
        WHERE s.cabin_id = "cabins"."id" AND s.starts_on < ${checkOut}::date AND s.ends_on > ${checkIn}::date
      ), '[]'::json)`,
        nightRates: sql<NightRate[]>`COALESCE((
        SELECT json_agg(json_build_object('night', p.night, 'nightlyRate', p.nightly_rate) ORDER BY p.night)
        FROM cabin_night_prices p
        WHERE p.cabin_id = "cabins"."id" AND p.night >= ${checkIn}::date AND p.night < ${checkOut}::date
      ), '[]'::json)`,
      })
      .from(cabins)
      // An unlisted (paused) cabin cannot be quoted, held or asked for: as if it did not exist.
      .where(and(eq(cabins.id, sql.placeholder('id')), eq(cabins.listed, true)))
      .limit(1)
      .prepare('find_cabin_for_stay')
  )
}

const prepared = new WeakMap<Database, ReturnType<typeof prepareCabinForStay>>()

/** What a quote needs of a cabin, with whether a live reservation holds any night of the stay. */
export async function findCabinForStay(
  db: Database,
  id: string,
  stayIn: CalendarDate,
  stayOut: CalendarDate,
) {
  if (!isUuid(id)) return null
  let query = prepared.get(db)
  if (!query) {
    query = prepareCabinForStay(db)
    prepared.set(db, query)
  }
  const [row] = await query.execute({ id, checkIn: stayIn, checkOut: stayOut })
  if (!row) return null
  // json_agg returns date strings as they are ('yyyy-MM-dd').
  return {
    ...row,
    seasons: typeof row.seasons === 'string' ? (JSON.parse(row.seasons) as SeasonRate[]) : row.seasons,
    nightRates:
      typeof row.nightRates === 'string' ? (JSON.parse(row.nightRates) as NightRate[]) : row.nightRates,
  }
}
