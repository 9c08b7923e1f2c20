import type { NightRate, SeasonRate } from '@cabanas/domain/quotes'
import { type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { type Database, executeRows } from '../../db/client.ts'
import {
  cabinBlocks,
  cabinNightPrices,
  cabinSeasons,
  cabins,
  reservations,
  tombstones,
} from '../../db/schema.ts'
import { type CabinRow, cabinColumns } from '../catalog/catalog.queries.ts'
import type { HeldDays } from './search-index.ts'

// The reads of search-sync.ts. `since` is the snapshot xmin of the previous read (null: read all):
// rows stamped with change_xid >= since were written by transactions that had not ended then.

/** Every transaction with an id below this one has ended: the next read starts from it. */
export async function readSnapshotXmin(db: Database): Promise<number> {
  const [row] = await executeRows<{ xmin: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
  )
  return Number(requireValue(row, 'the snapshot xmin').xmin)
}

const CABIN_PAGE = 5_000

/**
 * A read asked for ahead of its use: if the work before its `await` throws, its own failure must not
 * become an unhandled rejection (which ends the process). Awaiting it still throws.
 */
function handled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {})
  return read
}

/** The cabins changed since `since`, listed or not (an unlisted one leaves the index). */
export async function listCabinsChangedSince(
  db: Database,
  since: number,
): Promise<(CabinRow & { listed: boolean })[]> {
  return db
    .select({ ...cabinColumns, listed: cabins.listed })
    .from(cabins)
    .where(gte(cabins.changeXid, since))
}

/**
 * Every listed cabin, handed to `take` by pages of ids: the first read of 100,000 cabins never holds them
 * all as rows at once (a row with its description, photos and features weighs ten times its entry
 * in the index, and the garbage of a whole catalogue would stay in the process's heap).
 */
export async function readAllCabins(db: Database, take: (rows: CabinRow[]) => void, pageSize = CABIN_PAGE) {
  const pageAfter = (after: string) =>
    handled(
      db
        .select(cabinColumns)
        .from(cabins)
        .where(and(eq(cabins.listed, true), after ? sql`${cabins.id} > ${after}` : undefined))
        .orderBy(asc(cabins.id))
        .limit(pageSize)
        .execute(),
    )
  // The next page is asked for before this one is indexed: the database works while we do.
  for (let next = pageAfter(''); ; ) {
    const page = await next
    const full = page.length === pageSize
    if (full) next = pageAfter(requireValue(page.at(-1), 'the last cabin of a full page').id)
    take(page)
    if (!full) return
  }
}

/** The seasons of the cabins changed since `since` (of all cabins when null), by cabin. */
export async function listSeasonsForSearch(
  db: Database,
  since: number | null,
): Promise<Map<string, SeasonRate[]>> {
  const rows = await db
    .select({
      cabinId: cabinSeasons.cabinId,
      name: cabinSeasons.name,
      startsOn: cabinSeasons.startsOn,
      endsOn: cabinSeasons.endsOn,
      nightlyRate: cabinSeasons.nightlyRate,
    })
    .from(cabinSeasons)
    .where(
      since === null
        ? undefined
        : inArray(
            cabinSeasons.cabinId,
            db.select({ id: cabins.id }).from(cabins).where(gte(cabins.changeXid, since)),
          ),
    )
    .orderBy(asc(cabinSeasons.startsOn))
  const byCabin = new Map<string, SeasonRate[]>()
  for (const { cabinId, ...season } of rows) {
    const seasons = byCabin.get(cabinId)
    if (seasons) seasons.push(season)
    else byCabin.set(cabinId, [season])
  }
  return byCabin
}

/**
 * The host's prices of single nights from today on, of the cabins changed since `since` (of all cabins
 * when null), by cabin. Writing one touches its cabin (migration 0018), so a changed price is read with
 * its changed cabin.
 */
export async function listNightRatesForSearch(
  db: Database,
  { since, today }: { since: number | null; today: CalendarDate },
): Promise<Map<string, NightRate[]>> {
  const rows = await db
    .select({
      cabinId: cabinNightPrices.cabinId,
      night: cabinNightPrices.night,
      nightlyRate: cabinNightPrices.nightlyRate,
    })
    .from(cabinNightPrices)
    .where(
      and(
        gte(cabinNightPrices.night, today),
        since === null
          ? undefined
          : inArray(
              cabinNightPrices.cabinId,
              db.select({ id: cabins.id }).from(cabins).where(gte(cabins.changeXid, since)),
            ),
      ),
    )
    .orderBy(asc(cabinNightPrices.night))
  const byCabin = new Map<string, NightRate[]>()
  for (const { cabinId, ...rate } of rows) {
    const rates = byCabin.get(cabinId)
    if (rates) rates.push(rate)
    else byCabin.set(cabinId, [rate])
  }
  return byCabin
}

const STAY_BATCH = 20_000

/**
 * Every live reservation and every block that ends today or later, as day numbers, handed to `take` in
 * batches read through a cursor: the first read of 500,000 stays never holds them all as rows at once.
 * Past stays are never read (the partial index on check_out, and cabin_blocks_ends_idx). A block holds
 * its nights in the index exactly as a reservation does, under its own id.
 */
export async function readLiveStays(
  db: Database,
  today: CalendarDate,
  take: (stays: HeldDays[]) => void,
  batchSize = STAY_BATCH,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      DECLARE search_live_stays NO SCROLL CURSOR FOR
      SELECT ${reservations.id}::text AS id, ${reservations.cabinId}::text AS "cabinId",
        ${reservations.checkIn} - DATE '1970-01-01' AS start, ${reservations.checkOut} - DATE '1970-01-01' AS "end"
      FROM ${reservations}
      WHERE ${reservations.status} IN ('pending', 'active') AND ${reservations.checkOut} >= ${today}::date
      UNION ALL
      SELECT ${cabinBlocks.id}::text, ${cabinBlocks.cabinId}::text,
        ${cabinBlocks.startsOn} - DATE '1970-01-01', ${cabinBlocks.endsOn} - DATE '1970-01-01'
      FROM ${cabinBlocks}
      WHERE ${cabinBlocks.endsOn} >= ${today}::date`)
    const fetchBatch = () =>
      handled(
        executeRows<HeldDays>(
          tx as unknown as Database,
          sql.raw(`FETCH ${Math.trunc(batchSize)} FROM search_live_stays`),
        ),
      )
    // The next batch is asked for before this one is held: the database works while we do.
    for (let next = fetchBatch(); ; ) {
      const rows = await next
      if (rows.length < batchSize) {
        take(rows)
        return
      }
      next = fetchBatch()
      take(rows)
    }
  })
}

/**
 * The reservations changed since `since` that end today or later, live or not, so the index
 * releases those that stopped being live.
 */
export async function listStaysChangedSince(
  db: Database,
  { since, today }: { since: number; today: CalendarDate },
) {
  return db
    .select({
      id: reservations.id,
      cabinId: reservations.cabinId,
      checkIn: reservations.checkIn,
      checkOut: reservations.checkOut,
      status: reservations.status,
    })
    .from(reservations)
    .where(and(gte(reservations.changeXid, since), gte(reservations.checkOut, today)))
}

/** The blocks written since `since` that end today or later (a deleted one leaves a tombstone). */
export async function listBlocksChangedSince(
  db: Database,
  { since, today }: { since: number; today: CalendarDate },
) {
  return db
    .select({
      id: cabinBlocks.id,
      cabinId: cabinBlocks.cabinId,
      checkIn: cabinBlocks.startsOn,
      checkOut: cabinBlocks.endsOn,
    })
    .from(cabinBlocks)
    .where(and(gte(cabinBlocks.changeXid, since), gte(cabinBlocks.endsOn, today)))
}

/** Rows deleted (and reservations and blocks moved) since `since`. */
export async function listTombstonesSince(db: Database, since: number) {
  return db
    .select({ tableName: tombstones.tableName, rowId: tombstones.rowId, cabinId: tombstones.cabinId })
    .from(tombstones)
    .where(gte(tombstones.changeXid, since))
}

/** Tombstones older than a day: every process has read them (one that could not reloads everything). */
export async function pruneTombstones(db: Database) {
  await db.delete(tombstones).where(lt(tombstones.createdAt, sql`now() - interval '1 day'`))
}
