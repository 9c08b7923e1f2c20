import type { CalendarDate } from '@cabanas/domain/shared'
import { sql } from 'drizzle-orm'
import { cabins, reservations } from '../../db/schema.ts'

/**
 * SQL: no live reservation of this cabin shares a night with [checkIn, checkOut): the exclusion
 * constraint's half-open rule, written for the (cabin_id, check_in) btree index.
 */
export function isFreeBetween(checkIn: CalendarDate, checkOut: CalendarDate) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${reservations}
    WHERE ${reservations.cabinId} = ${cabins.id}
      AND ${reservations.status} IN ('pending', 'active')
      AND ${reservations.checkIn} < ${checkOut}::date AND ${reservations.checkOut} > ${checkIn}::date
  )`
}
