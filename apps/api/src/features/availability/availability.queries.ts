import type { CalendarDate } from '@cabanas/domain/shared'
import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabinHolds, cabins } from '../../db/schema.ts'

/**
 * SQL: no night of [checkIn, checkOut) of this cabin is taken (by a live reservation or a block:
 * cabin_holds), the exclusion constraint's half-open rule written for the (cabin_id, starts_on) btree.
 */
function isFreeBetween(checkIn: CalendarDate, checkOut: CalendarDate) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${cabinHolds}
    WHERE ${cabinHolds.cabinId} = ${cabins.id}
      AND ${cabinHolds.startsOn} < ${checkOut}::date AND ${cabinHolds.endsOn} > ${checkIn}::date
  )`
}

/** Bookable cabins (no restriction, minimum stay met) with no night taken in the range. */
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

/**
 * The taken nights of a cabin that touch [from, to), as date ranges: live reservations and the host's
 * blocks alike (a guest is not told which is which).
 */
export async function listHeldRanges(db: Database, cabinId: string, from: CalendarDate, to: CalendarDate) {
  return db
    .select({ checkIn: cabinHolds.startsOn, checkOut: cabinHolds.endsOn })
    .from(cabinHolds)
    .where(and(eq(cabinHolds.cabinId, cabinId), lt(cabinHolds.startsOn, to), gt(cabinHolds.endsOn, from)))
    .orderBy(asc(cabinHolds.startsOn))
}
