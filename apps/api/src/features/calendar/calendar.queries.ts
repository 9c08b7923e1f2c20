import {
  type BlockNightsBody,
  type CalendarBlock,
  type CalendarReservation,
  calendarMessages,
  type NightRange,
  remainingAfterUnblock,
} from '@cabanas/domain/calendar'
import type { NightRate, SeasonRate } from '@cabanas/domain/quotes'
import { type CalendarDate, DomainError, nightsBetween, requireValue } from '@cabanas/domain/shared'
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock, SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import {
  cabinBlocks,
  cabinHolds,
  cabinNightPrices,
  cabinSeasons,
  cabins,
  listings,
  reservations,
} from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'

/** The cabin of one of the host's listings: null for another host's listing or an unknown id. */
export async function findListingCabinForHost(
  db: Database,
  { listingId, hostId }: { listingId: string; hostId: string },
): Promise<{ listingId: string; cabinId: string | null } | null> {
  if (!isUuid(listingId)) return null
  const [row] = await db
    .select({ listingId: listings.id, cabinId: listings.cabinId })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.hostId, hostId)))
    .limit(1)
  return row ?? null
}

/** What the host's calendar shows of a cabin over [from, to): rates, seasons, own prices, blocks, stays. */
export async function readCabinCalendar(
  db: Database,
  { cabinId, from, to }: { cabinId: string; from: CalendarDate; to: CalendarDate },
) {
  const [rates, seasons, nightRates, blocks, stays] = await Promise.all([
    db
      .select({ name: cabins.name, weekdayRate: cabins.weekdayRate, weekendRate: cabins.weekendRate })
      .from(cabins)
      .where(eq(cabins.id, cabinId)),
    db
      .select({
        name: cabinSeasons.name,
        startsOn: cabinSeasons.startsOn,
        endsOn: cabinSeasons.endsOn,
        nightlyRate: cabinSeasons.nightlyRate,
      })
      .from(cabinSeasons)
      .where(
        and(eq(cabinSeasons.cabinId, cabinId), lt(cabinSeasons.startsOn, to), gt(cabinSeasons.endsOn, from)),
      )
      .orderBy(asc(cabinSeasons.startsOn)) as Promise<SeasonRate[]>,
    db
      .select({ night: cabinNightPrices.night, nightlyRate: cabinNightPrices.nightlyRate })
      .from(cabinNightPrices)
      .where(
        and(
          eq(cabinNightPrices.cabinId, cabinId),
          gte(cabinNightPrices.night, from),
          lt(cabinNightPrices.night, to),
        ),
      )
      .orderBy(asc(cabinNightPrices.night)) as Promise<NightRate[]>,
    db
      .select({
        id: cabinBlocks.id,
        startsOn: cabinBlocks.startsOn,
        endsOn: cabinBlocks.endsOn,
        note: cabinBlocks.note,
        source: cabinBlocks.source,
      })
      .from(cabinBlocks)
      .where(
        and(eq(cabinBlocks.cabinId, cabinId), lt(cabinBlocks.startsOn, to), gt(cabinBlocks.endsOn, from)),
      )
      .orderBy(asc(cabinBlocks.startsOn)) as Promise<CalendarBlock[]>,
    // The guest's first name only: the calendar says who arrives, not how to reach them.
    db
      .select({
        id: reservations.id,
        checkIn: reservations.checkIn,
        checkOut: reservations.checkOut,
        guestFirstName: reservations.guestFirstName,
        status: reservations.status,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.cabinId, cabinId),
          inArray(reservations.status, ['pending', 'active', 'completed']),
          lt(reservations.checkIn, to),
          gt(reservations.checkOut, from),
        ),
      )
      .orderBy(asc(reservations.checkIn)) as Promise<CalendarReservation[]>,
  ])
  const [cabin] = rates
  if (!cabin) return null
  const { name, ...cabinRates } = cabin
  return { name, rates: cabinRates, seasons, nightRates, blocks, reservations: stays }
}

/**
 * Runs `write` in a transaction holding the cabin's advisory lock, the one every hold for the cabin
 * takes last (reservations.queries.ts): blocks and holds of one cabin queue instead of waiting on each
 * other's uncommitted rows in the exclusion constraint. The constraint still decides.
 */
export function underCabinLock<T>(
  db: Database,
  cabinId: string,
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${cabinId}::text, 0))`)
      return write(tx)
    }),
  )
}

/**
 * Why nights of [startsOn, endsOn) could not be blocked: a live reservation holds some, or another block
 * (read after the refusal: only the message depends on it, the constraint already decided).
 */
async function refusalForTakenNights(db: Database, cabinId: string, range: NightRange) {
  const [held] = await db
    .select({ reservationId: cabinHolds.reservationId })
    .from(cabinHolds)
    .where(
      and(
        eq(cabinHolds.cabinId, cabinId),
        lt(cabinHolds.startsOn, range.endsOn),
        gt(cabinHolds.endsOn, range.startsOn),
        sql`${cabinHolds.reservationId} IS NOT NULL`,
      ),
    )
    .limit(1)
  // No reservation holds them: another block does (or a stay that ended while we looked).
  return new DomainError(
    'NOT_AVAILABLE',
    held ? calendarMessages.overReservation : calendarMessages.overBlock,
  )
}

const blockColumns = {
  id: cabinBlocks.id,
  startsOn: cabinBlocks.startsOn,
  endsOn: cabinBlocks.endsOn,
  note: cabinBlocks.note,
  source: cabinBlocks.source,
}

/**
 * Blocks the nights. The exclusion constraint on cabin_holds (fed by a trigger) refuses nights a live
 * reservation or another block holds: that becomes a 409 NOT_AVAILABLE saying which.
 */
export async function insertBlock(
  db: Database,
  { cabinId, createdBy, body }: { cabinId: string; createdBy: string; body: BlockNightsBody },
): Promise<CalendarBlock> {
  try {
    return await underCabinLock(db, cabinId, async (tx) => {
      const [row] = await tx
        .insert(cabinBlocks)
        .values({ cabinId, startsOn: body.startsOn, endsOn: body.endsOn, note: body.note ?? '', createdBy })
        .returning(blockColumns)
      return requireValue(row, 'the inserted block')
    })
  } catch (error) {
    if (sqlStateOf(error) === SQLSTATE.exclusionViolation)
      throw await refusalForTakenNights(db, cabinId, body)
    throw error
  }
}

/**
 * Takes a block away: its nights from today on are free again (the nights already past stay as they
 * were). 'past' when the whole block is behind today; 'not-found' when there is no such block of the
 * cabin (already gone, or another cabin's).
 */
export async function deleteBlock(
  db: Database,
  { cabinId, blockId, today }: { cabinId: string; blockId: string; today: CalendarDate },
): Promise<'deleted' | 'not-found' | 'past'> {
  if (!isUuid(blockId)) return 'not-found'
  const [block] = await db
    .select({ startsOn: cabinBlocks.startsOn, endsOn: cabinBlocks.endsOn })
    .from(cabinBlocks)
    .where(and(eq(cabinBlocks.id, blockId), eq(cabinBlocks.cabinId, cabinId)))
  if (!block) return 'not-found'
  if (block.endsOn <= today) return 'past'
  // Blocks never overlap: the block's own nights from today on touch no other block.
  await unblockNights(db, {
    cabinId,
    range: { startsOn: block.startsOn < today ? today : block.startsOn, endsOn: block.endsOn },
  })
  return 'deleted'
}

/**
 * Frees every blocked night of the range: blocks inside it are deleted, a block across an end is cut
 * back, one around it is split in two (its note kept on both parts). Returns the nights freed.
 */
export async function unblockNights(
  db: Database,
  { cabinId, range }: { cabinId: string; range: NightRange },
): Promise<number> {
  return underCabinLock(db, cabinId, async (tx) => {
    const touched = await tx
      .delete(cabinBlocks)
      .where(
        and(
          eq(cabinBlocks.cabinId, cabinId),
          lt(cabinBlocks.startsOn, range.endsOn),
          gt(cabinBlocks.endsOn, range.startsOn),
        ),
      )
      .returning({
        ...blockColumns,
        createdBy: cabinBlocks.createdBy,
        feedId: cabinBlocks.feedId,
        feedUid: cabinBlocks.feedUid,
      })
    let freed = 0
    for (const block of touched) {
      const kept = remainingAfterUnblock(block, range)
      freed += nightsIn(block) - kept.reduce((sum, part) => sum + nightsIn(part), 0)
      if (kept.length > 0)
        await tx.insert(cabinBlocks).values(
          kept.map((part) => ({
            cabinId,
            ...part,
            note: block.note,
            source: block.source,
            createdBy: block.createdBy,
            feedId: block.feedId,
            feedUid: block.feedUid,
          })),
        )
    }
    return freed
  })
}

const nightsIn = ({ startsOn, endsOn }: NightRange) => nightsBetween(startsOn, endsOn)

/** Each night of the range gets its own price (replacing any it had). Returns the nights priced. */
export async function setNightPrices(
  db: Database,
  { cabinId, range, nightlyRate }: { cabinId: string; range: NightRange; nightlyRate: number },
): Promise<number> {
  const rows = await db
    .insert(cabinNightPrices)
    .select(
      sql`SELECT ${cabinId}::uuid, night::date, ${nightlyRate}::int, now()
        FROM generate_series(${range.startsOn}::date, ${range.endsOn}::date - 1, interval '1 day') AS night`,
    )
    .onConflictDoUpdate({
      target: [cabinNightPrices.cabinId, cabinNightPrices.night],
      set: { nightlyRate, updatedAt: sql`now()` },
    })
    .returning({ night: cabinNightPrices.night })
  return rows.length
}

/** The nights of the range lose their own price (their usual rate applies). Returns how many had one. */
export async function clearNightPrices(
  db: Database,
  { cabinId, range }: { cabinId: string; range: NightRange },
): Promise<number> {
  const rows = await db
    .delete(cabinNightPrices)
    .where(
      and(
        eq(cabinNightPrices.cabinId, cabinId),
        gte(cabinNightPrices.night, range.startsOn),
        lt(cabinNightPrices.night, range.endsOn),
      ),
    )
    .returning({ night: cabinNightPrices.night })
  return rows.length
}
