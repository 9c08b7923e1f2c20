import type { CalendarConflict, CalendarFeed, CalendarFeedBody } from '@cabanas/domain/calendar'
import { type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import { cabinBlocks, cabinCalendarConflicts, cabinCalendarFeeds, cabinHolds } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { underCabinLock } from './calendar.queries.ts'
import type { FeedEvent } from './ical-feed.ts'

/* The imported calendars and their conflicts (issue 22, point 5); the export address is in calendar-export.queries.ts. */

const feedColumns = {
  id: cabinCalendarFeeds.id,
  name: cabinCalendarFeeds.name,
  url: cabinCalendarFeeds.url,
  lastSyncedAt: cabinCalendarFeeds.lastSyncedAt,
  lastSuccessAt: cabinCalendarFeeds.lastSuccessAt,
  lastError: cabinCalendarFeeds.lastError,
}

type FeedRow = {
  id: string
  name: string
  url: string
  lastSyncedAt: Date | null
  lastSuccessAt: Date | null
  lastError: string | null
}

export function toCalendarFeed(row: FeedRow): CalendarFeed {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.lastError ? 'error' : row.lastSuccessAt ? 'ok' : 'pending',
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
  }
}

export async function listFeeds(db: Database, cabinId: string): Promise<CalendarFeed[]> {
  const rows = await db
    .select(feedColumns)
    .from(cabinCalendarFeeds)
    .where(eq(cabinCalendarFeeds.cabinId, cabinId))
    .orderBy(asc(cabinCalendarFeeds.createdAt))
  return rows.map(toCalendarFeed)
}

export async function listConflicts(db: Database, cabinId: string): Promise<CalendarConflict[]> {
  const rows = await db
    .select({
      id: cabinCalendarConflicts.id,
      feedId: cabinCalendarConflicts.feedId,
      feedName: cabinCalendarFeeds.name,
      startsOn: cabinCalendarConflicts.startsOn,
      endsOn: cabinCalendarConflicts.endsOn,
      over: cabinCalendarConflicts.over,
      detectedAt: cabinCalendarConflicts.detectedAt,
    })
    .from(cabinCalendarConflicts)
    .innerJoin(cabinCalendarFeeds, eq(cabinCalendarFeeds.id, cabinCalendarConflicts.feedId))
    .where(eq(cabinCalendarConflicts.cabinId, cabinId))
    .orderBy(asc(cabinCalendarConflicts.startsOn))
  return rows.map((row) => ({ ...row, detectedAt: row.detectedAt.toISOString() }))
}

/**
 * Adds an imported calendar, unless the cabin has `max` already ('too-many') or imports that address
 * ('duplicate'). Counted under the cabin's lock, so two requests cannot both pass the limit.
 */
export async function insertFeed(
  db: Database,
  {
    cabinId,
    createdBy,
    body,
    max,
  }: { cabinId: string; createdBy: string; body: CalendarFeedBody; max: number },
): Promise<CalendarFeed | 'too-many' | 'duplicate'> {
  try {
    return await underCabinLock(db, cabinId, async (tx) => {
      const [counted] = await tx
        .select({ feeds: count() })
        .from(cabinCalendarFeeds)
        .where(eq(cabinCalendarFeeds.cabinId, cabinId))
      if ((counted?.feeds ?? 0) >= max) return 'too-many' as const
      const [row] = await tx
        .insert(cabinCalendarFeeds)
        .values({ cabinId, createdBy, name: body.name, url: body.url })
        .returning(feedColumns)
      return toCalendarFeed(requireValue(row, 'the inserted calendar feed'))
    })
  } catch (error) {
    if (sqlStateOf(error) === SQLSTATE.uniqueViolation) return 'duplicate'
    throw error
  }
}

/** Removes an imported calendar: its blocks (and so their nights) and conflicts go with it. */
export async function deleteFeed(db: Database, { cabinId, feedId }: { cabinId: string; feedId: string }) {
  if (!isUuid(feedId)) return false
  const rows = await db
    .delete(cabinCalendarFeeds)
    .where(and(eq(cabinCalendarFeeds.id, feedId), eq(cabinCalendarFeeds.cabinId, cabinId)))
    .returning({ id: cabinCalendarFeeds.id })
  return rows.length === 1
}

export type DueFeed = {
  id: string
  cabinId: string
  url: string
  etag: string | null
  lastModified: string | null
  /** Conflicts wait for a full read: the nights may be free now, while the calendar is unchanged. */
  hasConflicts: boolean
}

/** Feeds not read since `readBefore` (never read first), oldest first. */
export async function listDueFeeds(
  db: Database,
  { readBefore, limit }: { readBefore: Date; limit: number },
): Promise<DueFeed[]> {
  return db
    .select({
      id: cabinCalendarFeeds.id,
      cabinId: cabinCalendarFeeds.cabinId,
      url: cabinCalendarFeeds.url,
      etag: cabinCalendarFeeds.etag,
      lastModified: cabinCalendarFeeds.lastModified,
      // Spelled out: interpolated columns are not qualified, and the inner `id` would be the conflict's.
      hasConflicts: sql<boolean>`exists (select 1 from "cabin_calendar_conflicts" as "c" where "c"."feed_id" = "cabin_calendar_feeds"."id")`,
    })
    .from(cabinCalendarFeeds)
    .where(or(isNull(cabinCalendarFeeds.lastSyncedAt), lt(cabinCalendarFeeds.lastSyncedAt, readBefore)))
    .orderBy(sql`${cabinCalendarFeeds.lastSyncedAt} asc nulls first`)
    .limit(limit)
}

export async function recordFeedRead(
  db: Database,
  feedId: string,
  outcome: { error: string } | { etag: string | null; lastModified: string | null } | 'not-modified',
) {
  const set =
    outcome === 'not-modified'
      ? { lastSyncedAt: sql`now()`, lastSuccessAt: sql`now()`, lastError: null }
      : 'error' in outcome
        ? { lastSyncedAt: sql`now()`, lastError: outcome.error }
        : { lastSyncedAt: sql`now()`, lastSuccessAt: sql`now()`, lastError: null, ...outcome }
  await db.update(cabinCalendarFeeds).set(set).where(eq(cabinCalendarFeeds.id, feedId))
}

export type AppliedFeed = {
  added: number
  removed: number
  conflicts: number
  newConflicts: number
  mailed: boolean
}

type NightRange = { startsOn: string; endsOn: string }

/** Whether every night of `range` is a night of one of `ranges` (their union). */
function coveredBy(range: NightRange, ranges: NightRange[]): boolean {
  let reached = range.startsOn
  for (const other of [...ranges].sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1))) {
    if (other.startsOn > reached) break
    if (other.endsOn > reached) reached = other.endsOn
    if (reached >= range.endsOn) return true
  }
  return reached >= range.endsOn
}

/** The nights of `range` that none of `taken` holds, as ranges in order. */
export function freeParts(range: NightRange, taken: NightRange[]): NightRange[] {
  const parts: NightRange[] = []
  let from = range.startsOn
  for (const other of [...taken].sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1))) {
    if (other.startsOn >= range.endsOn) break
    if (other.startsOn > from) parts.push({ startsOn: from, endsOn: other.startsOn })
    if (other.endsOn > from) from = other.endsOn
  }
  if (from < range.endsOn) parts.push({ startsOn: from, endsOn: range.endsOn })
  return parts
}

/** Inserts one imported block in a savepoint; false when the exclusion constraint refuses it. */
async function insertFeedBlock(
  tx: Database,
  block: { cabinId: string; feedId: string; uid: string } & NightRange,
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(cabinBlocks).values({
        cabinId: block.cabinId,
        startsOn: block.startsOn,
        endsOn: block.endsOn,
        source: 'ical',
        feedId: block.feedId,
        feedUid: block.uid,
      })
    })
    return true
  } catch (error) {
    if (sqlStateOf(error) !== SQLSTATE.exclusionViolation) throw error
    return false
  }
}

/**
 * Makes the feed's blocks match its events, from today on, under the cabin's lock: blocks of events
 * gone (or moved) are deleted first, then each new event is inserted in a savepoint. An event the
 * exclusion constraint refuses (a reservation or another block holds a night) is recorded as a
 * conflict, and its free nights are still blocked, as parts: the other platform sold them, so they
 * must not be sold here. Parts stay while their event does and fill in as its nights come free.
 * Conflicts of events that now fit or are gone are cleared. Blocks that ended before today stay.
 */
export function applyFeedEvents(
  db: Database,
  {
    feedId,
    cabinId,
    events,
    today,
  }: { feedId: string; cabinId: string; events: FeedEvent[]; today: CalendarDate },
): Promise<AppliedFeed> {
  const keyOf = (event: { uid: string; startsOn: string; endsOn: string }) =>
    `${event.uid}|${event.startsOn}|${event.endsOn}`
  return underCabinLock(db, cabinId, async (tx) => {
    const existing = await tx
      .select({
        id: cabinBlocks.id,
        uid: cabinBlocks.feedUid,
        startsOn: cabinBlocks.startsOn,
        endsOn: cabinBlocks.endsOn,
      })
      .from(cabinBlocks)
      .where(and(eq(cabinBlocks.feedId, feedId), gt(cabinBlocks.endsOn, today)))
    const wanted = new Map(events.map((event) => [keyOf(event), event]))
    const kept = new Set<string>()
    /** Blocks that are parts of an event in conflict (an earlier read), by the event's key. */
    const parts = new Map<string, string[]>()
    const gone: string[] = []
    for (const block of existing) {
      // Events start at today at the earliest: a block stored on an earlier day matches from today on.
      const startsOn = block.startsOn < today ? today : block.startsOn
      const key = keyOf({ uid: block.uid ?? '', startsOn, endsOn: block.endsOn })
      if (wanted.has(key) && !kept.has(key)) {
        kept.add(key)
        continue
      }
      const whole = events.find(
        (event) => event.uid === block.uid && event.startsOn <= startsOn && block.endsOn <= event.endsOn,
      )
      if (whole) parts.set(keyOf(whole), [...(parts.get(keyOf(whole)) ?? []), block.id])
      else gone.push(block.id)
    }
    if (gone.length > 0) await tx.delete(cabinBlocks).where(inArray(cabinBlocks.id, gone))
    let added = 0
    const conflicts: (FeedEvent & { over: 'reservation' | 'block' })[] = []
    for (const [key, event] of wanted) {
      if (kept.has(key)) continue
      const own = parts.get(key) ?? []
      if (own.length === 0 && (await insertFeedBlock(tx, { cabinId, feedId, ...event }))) {
        added += 1
        continue
      }
      const taken = await tx
        .select({
          startsOn: cabinHolds.startsOn,
          endsOn: cabinHolds.endsOn,
          reservationId: cabinHolds.reservationId,
          blockId: cabinHolds.blockId,
        })
        .from(cabinHolds)
        .where(
          and(
            eq(cabinHolds.cabinId, cabinId),
            lt(cabinHolds.startsOn, event.endsOn),
            gt(cabinHolds.endsOn, event.startsOn),
          ),
        )
      for (const part of freeParts(event, taken))
        if (await insertFeedBlock(tx, { cabinId, feedId, uid: event.uid, ...part })) added += 1
      const others = taken.filter((hold) => hold.blockId === null || !own.includes(hold.blockId))
      if (others.length > 0)
        conflicts.push({
          ...event,
          over: others.some((hold) => hold.reservationId) ? 'reservation' : 'block',
        })
    }
    // The feed's conflicts are now exactly those of this read.
    const stale = await tx
      .select({
        id: cabinCalendarConflicts.id,
        uid: cabinCalendarConflicts.eventUid,
        startsOn: cabinCalendarConflicts.startsOn,
        endsOn: cabinCalendarConflicts.endsOn,
      })
      .from(cabinCalendarConflicts)
      .where(eq(cabinCalendarConflicts.feedId, feedId))
    const current = new Set(conflicts.map(keyOf))
    const staleIds = stale.filter((row) => !current.has(keyOf(row))).map((row) => row.id)
    if (staleIds.length > 0)
      await tx.delete(cabinCalendarConflicts).where(inArray(cabinCalendarConflicts.id, staleIds))
    let newConflicts = 0
    if (conflicts.length > 0) {
      const inserted = await tx
        .insert(cabinCalendarConflicts)
        .values(
          conflicts.map((event) => ({
            feedId,
            cabinId,
            eventUid: event.uid,
            startsOn: event.startsOn,
            endsOn: event.endsOn,
            over: event.over,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: cabinCalendarConflicts.id })
      newConflicts = inserted.length
    }
    // A mail (listing the feed's conflicts when it is sent) when a conflict takes nights no earlier
    // conflict of the feed took (a UID changing on every read is not new), at most one a day per feed.
    let mailed = false
    if (conflicts.some((event) => !coveredBy(event, stale))) {
      const [stamped] = await tx
        .update(cabinCalendarFeeds)
        .set({ lastConflictMailAt: sql`now()` })
        .where(
          and(
            eq(cabinCalendarFeeds.id, feedId),
            or(
              isNull(cabinCalendarFeeds.lastConflictMailAt),
              lt(cabinCalendarFeeds.lastConflictMailAt, sql`now() - interval '24 hours'`),
            ),
          ),
        )
        .returning({ id: cabinCalendarFeeds.id })
      if (stamped) {
        await enqueueMail(tx, { template: 'calendar-conflicts', feedId })
        mailed = true
      }
    }
    return { added, removed: gone.length, conflicts: conflicts.length, newConflicts, mailed }
  })
}
