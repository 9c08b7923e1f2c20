import type { CalendarDate } from '@cabanas/domain/shared'
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins, reservations } from '../../db/schema.ts'

/**
 * SQL: no live reservation of this cabin shares a night with [checkIn, checkOut): the exclusion
 * constraint's half-open rule, written for the (cabin_id, check_in) btree index.
 */
function isFreeBetween(checkIn: CalendarDate, checkOut: CalendarDate) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${reservations}
    WHERE ${reservations.cabinId} = ${cabins.id}
      AND ${reservations.status} IN ('pending', 'active')
      AND ${reservations.checkIn} < ${checkOut}::date AND ${reservations.checkOut} > ${checkIn}::date
  )`
}

/** Bookable cabins (no restriction, minimum stay met) with no live reservation in the range. */
export async function listCabinsFreeBetween(
  db: Database,
  checkIn: CalendarDate,
  checkOut: CalendarDate,
  nights: number,
) {
  return db
    .select({
      _id: cabins.id,
      name: cabins.name,
      population: cabins.population,
      state: cabins.state,
      minNights: cabins.minNights,
    })
    .from(cabins)
    .where(
      and(
        lte(cabins.minNights, nights),
        sql`jsonb_array_length(${cabins.restrictions}) = 0`,
        isFreeBetween(checkIn, checkOut),
      ),
    )
    .orderBy(asc(cabins.population), asc(cabins.name))
}

/** Live reservations of a cabin that touch [from, to), as date ranges. */
export async function listHeldRanges(db: Database, cabinId: string, from: CalendarDate, to: CalendarDate) {
  return db
    .select({ checkIn: reservations.checkIn, checkOut: reservations.checkOut })
    .from(reservations)
    .where(
      and(
        eq(reservations.cabinId, cabinId),
        inArray(reservations.status, ['pending', 'active']),
        lt(reservations.checkIn, to),
        gt(reservations.checkOut, from),
      ),
    )
    .orderBy(asc(reservations.checkIn))
}
