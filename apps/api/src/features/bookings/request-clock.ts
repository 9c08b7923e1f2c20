import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { PeriodicJob } from '../../plugins/jobs.ts'
import type { RequestMailEvent } from '../mail/mail-jobs.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import {
  expireUnansweredRequests,
  expireUnpaidRequests,
  markRequestsToRemind,
} from './host-requests.queries.ts'

/**
 * How often the request clock looks for requests whose time has come: three indexed conditional
 * UPDATEs, cheap at 10 s. Its lease is then the shortest (30 s, plugins/jobs.ts), so a process that dies
 * holding it stalls the clock for 30 s, not the 3 minutes a one-minute tick would lease it for.
 */
const REQUEST_CLOCK_INTERVAL_MS = 10_000

/**
 * The timed transitions of requests to book, in the one process holding the job's lease: pending for
 * 24 h → expired (both sides told); pending for 12 h → the host reminded, once; accepted and unpaid 24 h
 * after → expired (both sides told). Each step is one conditional UPDATE written in the same transaction
 * as its mails, so a request moves once and mails once, whichever run or process gets there first; the
 * state is in the database, so a restart resumes where it was.
 */
export async function runRequestClock(db: Database, now: Date) {
  const step = (find: (tx: Database) => Promise<string[]>, events: RequestMailEvent[]) =>
    db.transaction(async (tx) => {
      const ids = await find(tx)
      for (const bookingRequestId of ids) {
        for (const event of events)
          await enqueueMail(tx, { template: 'booking-request-update', bookingRequestId, event })
      }
      return ids.length
    })
  return {
    expired: await step((tx) => expireUnansweredRequests(tx, now), ['guest-expired', 'host-expired']),
    reminded: await step((tx) => markRequestsToRemind(tx, now), ['host-reminder']),
    unpaid: await step((tx) => expireUnpaidRequests(tx, now), ['guest-pay-expired', 'host-pay-expired']),
  }
}

export function requestClockJob(deps: {
  db: Database
  now: () => Date
  log: FastifyBaseLogger
}): PeriodicJob {
  return {
    name: 'request-clock',
    intervalMs: REQUEST_CLOCK_INTERVAL_MS,
    run: async () => {
      const moved = await runRequestClock(deps.db, deps.now())
      if (moved.expired + moved.reminded + moved.unpaid > 0) deps.log.info(moved, 'requests to book moved')
    },
  }
}
