import { normalizeText } from '@cabanas/domain/catalog'
import type { SeasonRate } from '@cabanas/domain/quotes'
import { gte, inArray, sql } from 'drizzle-orm'
import { type Database, executeRows } from '../../db/client.ts'
import { cabins, reservations } from '../../db/schema.ts'
import { type CabinRow, cabinColumns, listSeasonsForCabins } from '../catalog/catalog.queries.ts'
import { toCabinCard } from '../catalog/catalog.serialize.ts'
import { type IndexedCabin, resultJsonPrefixOf, SearchIndex } from './search-index.ts'

export type SearchIndexSync = {
  index: SearchIndex
  /** Reads what changed since the last sync into the index. */
  refresh(): Promise<void>
  /** Resolves once the index holds every change committed before `maxStalenessMs` ago. */
  ensureFresh(): Promise<void>
  start(): void
  stop(): void
}

function toIndexedCabin(row: CabinRow, seasons: SeasonRate[]): IndexedCabin {
  const place = normalizeText(`${row.population}, ${row.state}`)
  const card = toCabinCard(row)
  const privateBathroom = row.features.restroomFeatures?.privateBathroom === true
  return {
    id: row.id,
    placeKeys: [place, normalizeText(row.population), normalizeText(row.state)],
    minOccupancy: row.minOccupancy,
    maxOccupancy: row.maxOccupancy,
    minNights: row.minNights,
    bedrooms: row.bedrooms,
    beds: row.beds,
    bathrooms: row.bathrooms,
    amenities: new Set(
      Object.values(row.features).flatMap((group) => Object.keys(group).filter((k) => group[k])),
    ),
    restricted: row.restrictions.length > 0,
    weekdayRate: row.weekdayRate,
    weekendRate: row.weekendRate,
    seasons,
    card,
    privateBathroom,
    resultJsonPrefix: resultJsonPrefixOf(card, privateBathroom),
  }
}

export function createSearchIndexSync(
  db: Database,
  { maxStalenessMs, intervalMs }: { maxStalenessMs: number; intervalMs: number },
): SearchIndexSync {
  const index = new SearchIndex()
  /**
   * Every transaction with an id below this had ended when the last sync began, so its writes were
   * read. Rows stamped by later transactions (change_xid >= since) are read again next time.
   */
  let since: number | null = null
  let inflight: Promise<void> | null = null
  let inflightStartedAt = 0
  let lastCompletedStartedAt = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | null = null

  async function load() {
    const [snapshot] = await executeRows<{ xmin: string }>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    )
    const changedCabins = await db
      .select(cabinColumns)
      .from(cabins)
      .where(since === null ? undefined : gte(cabins.changeXid, since))
    if (changedCabins.length > 0) {
      const seasons = await listSeasonsForCabins(
        db,
        changedCabins.map((c) => c.id),
      )
      const byCabin = new Map<string, SeasonRate[]>()
      for (const { cabinId, ...season } of seasons)
        byCabin.set(cabinId, [...(byCabin.get(cabinId) ?? []), season])
      for (const row of changedCabins) index.upsertCabin(toIndexedCabin(row, byCabin.get(row.id) ?? []))
    }
    const changedReservations = await db
      .select({
        id: reservations.id,
        cabinId: reservations.cabinId,
        checkIn: reservations.checkIn,
        checkOut: reservations.checkOut,
        status: reservations.status,
      })
      .from(reservations)
      .where(
        since === null
          ? inArray(reservations.status, ['pending', 'active'])
          : gte(reservations.changeXid, since),
      )
    for (const r of changedReservations) {
      index.applyReservation({ ...r, live: r.status === 'pending' || r.status === 'active' })
    }
    since = Number(snapshot!.xmin)
  }

  function refresh(): Promise<void> {
    if (inflight) return inflight.then(refresh)
    const startedAt = performance.now()
    inflightStartedAt = startedAt
    inflight = load()
      .then(() => {
        lastCompletedStartedAt = Math.max(lastCompletedStartedAt, startedAt)
      })
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  async function ensureFresh() {
    const wanted = performance.now() - maxStalenessMs
    if (lastCompletedStartedAt > wanted) return
    if (inflight && inflightStartedAt > wanted) return inflight
    return refresh()
  }

  return {
    index,
    refresh,
    ensureFresh,
    start() {
      if (intervalMs <= 0 || timer) return
      timer = setInterval(() => {
        refresh().catch(() => {})
      }, intervalMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
