import { bookedNightsOf, CALENDAR_DAYS_AHEAD, type CabinCalendarResponse } from '@cabanas/domain/availability'
import { addDays } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import { findCabin } from '../catalog/catalog.queries.ts'
import { listHeldRanges } from './availability.queries.ts'

/**
 * GET /api/availability/cabin/:id's body, or null when there is no such cabin. The server-rendered
 * cabin page reads it too (`PageData.cabinCalendar`).
 */
export async function cabinCalendarResponse(
  app: FastifyInstance,
  cabinId: string,
): Promise<CabinCalendarResponse | null> {
  const cabin = await findCabin(app.db, cabinId)
  if (!cabin) return null
  const from = app.clock.today()
  const to = addDays(from, CALENDAR_DAYS_AHEAD)
  const bookedRanges = await listHeldRanges(app.db, cabin.id, from, to)
  return {
    success: true as const,
    cabinId: cabin.id,
    from,
    to,
    minNights: cabin.minNights,
    bookedRanges,
    bookedNights: bookedNightsOf(bookedRanges, from, to),
  }
}
