import type { CalendarDate } from '@cabanas/domain/shared'
import { and, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { reservations } from '../../db/schema.ts'
import type { PeriodicJob } from '../../plugins/jobs.ts'

/** How often stays whose check-out has come are marked completed. */
const COMPLETE_STAYS_INTERVAL_MS = 10 * 60_000

/**
 * Every paid, active reservation whose check-out day has come (Mexico City's `today`) becomes
 * `completed`; pending, cancelled and unpaid ones are left as they are. One conditional update: a
 * reservation cancelled or refunded meanwhile no longer matches. Returns the ids it completed.
 */
async function completeFinishedStays(db: Database, today: CalendarDate): Promise<string[]> {
  const rows = await db
    .update(reservations)
    .set({ status: 'completed' })
    .where(
      and(
        eq(reservations.status, 'active'),
        eq(reservations.paymentStatus, 'PAID'),
        lte(reservations.checkOut, today),
      ),
    )
    .returning({ id: reservations.id })
  return rows.map((row) => row.id)
}

/** The periodic job (one process at a time, plugins/jobs.ts); `today` is read at each run. */
export function completeStaysJob(deps: {
  db: Database
  today: () => CalendarDate
  log: FastifyBaseLogger
}): PeriodicJob {
  return {
    name: 'complete-stays',
    intervalMs: COMPLETE_STAYS_INTERVAL_MS,
    run: async () => {
      const ids = await completeFinishedStays(deps.db, deps.today())
      if (ids.length > 0) deps.log.info({ completed: ids.length }, 'stays completed')
    },
  }
}
