import { CALENDAR_LIMITS, calendarSyncMessages } from '@cabanas/domain/calendar'
import { addDays, type CalendarDate, requireValue } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { fetchWithinLimits, OutboundFetchError, type OutboundLimits } from '../../lib/outbound-fetch.ts'
import type { PeriodicJob } from '../../plugins/jobs.ts'
import { applyFeedEvents, type DueFeed, listDueFeeds, recordFeedRead } from './calendar-import.queries.ts'
import { NotACalendarError, parseFeedEvents, TooManyEventsError } from './ical-feed.ts'

/** What one read of an imported calendar may cost: 10 s, 2 MB, 3 redirects. */
export const FEED_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const
/** Calendars read at once, and at most per run (the rest wait for the next run, oldest first). */
const CONCURRENCY = 4
const FEEDS_PER_RUN = 200

export type ImportDeps = {
  db: Database
  today: () => CalendarDate
  log: FastifyBaseLogger
  limits: OutboundLimits
}

const { failure } = calendarSyncMessages

function failureMessage(error: unknown): string | null {
  if (error instanceof NotACalendarError) return failure.notCalendar
  if (error instanceof TooManyEventsError) return failure.tooManyEvents
  if (!(error instanceof OutboundFetchError)) return null
  if (error.failure === 'httpStatus') return failure.httpStatus(error.status ?? 0)
  return failure[error.failure]
}

/** The feed's events; any parser failure means the answer is not a calendar (never a connection error). */
function readFeed(text: string, today: CalendarDate) {
  try {
    return parseFeedEvents(text, { today, lastDay: addDays(today, CALENDAR_LIMITS.daysAhead) })
  } catch (error) {
    if (error instanceof NotACalendarError || error instanceof TooManyEventsError) throw error
    throw new NotACalendarError('unreadable calendar', { cause: error })
  }
}

/**
 * Reads one imported calendar and applies it. A failure (timeout, too large, refused address, not a
 * calendar…) is recorded on the feed in Spanish; its blocks stay as the last good read left them.
 */
export async function syncFeed(
  deps: ImportDeps,
  feed: DueFeed,
): Promise<'synced' | 'not-modified' | 'failed'> {
  const { db, log } = deps
  try {
    const answer = await fetchWithinLimits(
      feed.url,
      feed.hasConflicts ? {} : { etag: feed.etag, lastModified: feed.lastModified },
      deps.limits,
    )
    if (answer.kind === 'not-modified') {
      await recordFeedRead(db, feed.id, 'not-modified')
      return 'not-modified'
    }
    const today = deps.today()
    const { events, skipped } = readFeed(answer.body, today)
    const applied = await applyFeedEvents(db, { feedId: feed.id, cabinId: feed.cabinId, events, today })
    await recordFeedRead(db, feed.id, { etag: answer.etag, lastModified: answer.lastModified })
    if (applied.added + applied.removed + applied.newConflicts + skipped > 0)
      log.info({ feedId: feed.id, cabinId: feed.cabinId, ...applied, skipped }, 'calendar feed applied')
    return 'synced'
  } catch (error) {
    const message = failureMessage(error)
    if (message === null) {
      log.error({ err: error, feedId: feed.id, cabinId: feed.cabinId }, 'calendar feed sync failed')
      await recordFeedRead(db, feed.id, { error: failure.unreachable }).catch(() => {})
      return 'failed'
    }
    const code =
      error instanceof OutboundFetchError
        ? error.failure
        : error instanceof TooManyEventsError
          ? 'tooManyEvents'
          : 'notCalendar'
    log.warn({ feedId: feed.id, cabinId: feed.cabinId, code }, 'calendar feed refused')
    await recordFeedRead(db, feed.id, { error: message })
    return 'failed'
  }
}

/** Reads every feed due (not read for `intervalMs`), CONCURRENCY at a time, each on its own. */
export async function syncDueFeeds(deps: ImportDeps, intervalMs: number) {
  // A little early, so a feed read at the last tick is due at this one.
  const readBefore = new Date(Date.now() - intervalMs * 0.9)
  const due = await listDueFeeds(deps.db, { readBefore, limit: FEEDS_PER_RUN })
  const outcomes: string[] = []
  let next = 0
  const worker = async () => {
    while (next < due.length) {
      const feed = requireValue(due[next++], 'a due feed')
      outcomes.push(await syncFeed(deps, feed))
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker))
  return outcomes
}

/** The periodic import (one process at a time, plugins/jobs.ts): every ICAL_POLL_MINUTES. */
export function icalImportJob(deps: ImportDeps, intervalMs: number): PeriodicJob {
  return { name: 'ical-import', intervalMs, run: () => syncDueFeeds(deps, intervalMs) }
}
