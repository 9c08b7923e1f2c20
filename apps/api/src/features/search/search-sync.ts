import { normalizeText } from '@cabanas/domain/catalog'
import type { NightRate, SeasonRate } from '@cabanas/domain/quotes'
import { searchMessages } from '@cabanas/domain/search'
import { type CalendarDate, DomainError } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { PeriodicJob } from '../../plugins/jobs.ts'
import type { CabinRow } from '../catalog/catalog.queries.ts'
import { toCabinCard } from '../catalog/catalog.serialize.ts'
import {
  listBlocksChangedSince,
  listCabinsChangedSince,
  listNightRatesForSearch,
  listSeasonsForSearch,
  listStaysChangedSince,
  listTombstonesSince,
  pruneTombstones,
  readAllCabins,
  readLiveStays,
  readSnapshotXmin,
} from './search.queries.ts'
import { type IndexedCabin, type IndexedReservation, SearchIndex } from './search-index.ts'
import { searchCardOf } from './search-results.ts'

export type SearchIndexStatus = {
  /** Milliseconds since the start of the last read that succeeded: the index holds every earlier commit. */
  ageMs: number | null
  maxStalenessMs: number
  /** Code of the error of the last read, when it failed (null once one succeeds). */
  lastErrorCode: string | null
  cabins: number
  heldStays: number
}

export type SearchIndexSync = {
  /** The current index (a full reload swaps in a new one). */
  readonly index: SearchIndex
  /** Reads what changed since the last read into the index. */
  refresh(): Promise<void>
  /**
   * Resolves once the index holds every change committed before `maxStalenessMs` ago; throws a 503
   * DomainError when it cannot (the database does not answer): an old index is never served.
   */
  ensureFresh(): Promise<void>
  /**
   * This process has just committed a write the index may hold (a hold, a payment, a block, a
   * publication): the next `ensureFresh` reads it first, so a guest back from paying, or a host back from
   * blocking, reads their own write on this process, not the index of up to `maxStalenessMs` ago.
   */
  invalidate(): void
  status(): SearchIndexStatus
  start(): void
  stop(): void
}

/** After a failed read, requests answer 503 at once for this long instead of each trying again. */
const RETRY_AFTER_FAILURE_MS = 250
/** An index this old reloads everything: the deletions it missed may have been pruned (after a day). */
const FULL_RELOAD_AFTER_MS = 12 * 60 * 60_000

const NO_SEASONS: readonly SeasonRate[] = []
const NO_NIGHT_RATES: readonly NightRate[] = []
const NO_RESTRICTIONS: CabinRow['restrictions'] = []

/**
 * Turns cabin rows into indexed cabins, sharing what many cabins hold alike (the place keys of a
 * place, amenity sets, no restrictions): with 100,000 cabins each copy costs megabytes.
 */
function cabinIndexer() {
  const placeKeys = new Map<string, readonly string[]>()
  const amenitySets = new Map<string, ReadonlySet<string>>()
  const keysOf = (population: string, state: string) => {
    const place = `${population}\n${state}`
    let keys = placeKeys.get(place)
    if (!keys) {
      keys = [normalizeText(`${population}, ${state}`), normalizeText(population), normalizeText(state)]
      placeKeys.set(place, keys)
    }
    return keys
  }
  return (
    row: CabinRow,
    seasons: readonly SeasonRate[] = NO_SEASONS,
    nightRates: readonly NightRate[] = NO_NIGHT_RATES,
  ): IndexedCabin => {
    const card = toCabinCard(row)
    const privateBathroom = row.features.restroomFeatures?.privateBathroom === true
    const amenities = Object.values(row.features)
      .flatMap((group) => Object.keys(group).filter((k) => group[k]))
      .sort()
    const amenityKey = amenities.join(',')
    let amenitySet = amenitySets.get(amenityKey)
    if (!amenitySet) {
      amenitySet = new Set(amenities)
      amenitySets.set(amenityKey, amenitySet)
    }
    return {
      id: row.id,
      placeKeys: keysOf(row.population, row.state),
      minOccupancy: row.minOccupancy,
      maxOccupancy: row.maxOccupancy,
      minNights: row.minNights,
      bedrooms: row.bedrooms,
      beds: row.beds,
      bathrooms: row.bathrooms,
      amenities: amenitySet,
      restricted: row.restrictions.length > 0,
      restrictions: row.restrictions.length > 0 ? row.restrictions : NO_RESTRICTIONS,
      weekdayRate: row.weekdayRate,
      weekendRate: row.weekendRate,
      seasons,
      nightRates,
      result: searchCardOf(card, privateBathroom),
    }
  }
}

type StayRow = Awaited<ReturnType<typeof listStaysChangedSince>>[number]
const toIndexedReservation = (row: StayRow): IndexedReservation => ({
  ...row,
  live: row.status === 'pending' || row.status === 'active',
})

/** The code of a failed read, for logs and /health: the driver's SQLSTATE or errno, never its message. */
function errorCodeOf(error: unknown): string {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && code) return code
  }
  return error instanceof Error ? error.name : 'UNKNOWN'
}

export function createSearchIndexSync(
  db: Database,
  {
    maxStalenessMs,
    intervalMs,
    today,
    log,
  }: {
    maxStalenessMs: number
    intervalMs: number
    /** Mexico City's date (app.clock): reservations that end before it are not held. */
    today: () => CalendarDate
    log?: FastifyBaseLogger
  },
): SearchIndexSync {
  let index = new SearchIndex(today())
  const toIndexedCabin = cabinIndexer()
  /**
   * Every transaction with an id below this had ended when the last read began, so its writes were
   * read. Rows stamped by later transactions (change_xid >= since) are read again next time.
   */
  let since: number | null = null
  let inflight: Promise<void> | null = null
  let inflightStartedAt = 0
  let lastCompletedStartedAt = Number.NEGATIVE_INFINITY
  let lastFailedAt = Number.NEGATIVE_INFINITY
  let lastErrorCode: string | null = null
  /** When this process last committed a write the index may hold (invalidate). */
  let invalidatedAt = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | null = null

  /** Everything that can still be booked, into a new index: each place sorted once. */
  async function loadAll() {
    const day = today()
    const xmin = await readSnapshotXmin(db)
    const seasons = await listSeasonsForSearch(db, null)
    const nightRates = await listNightRatesForSearch(db, { since: null, today: day })
    const cabins: IndexedCabin[] = []
    await readAllCabins(db, (rows) => {
      for (const row of rows) cabins.push(toIndexedCabin(row, seasons.get(row.id), nightRates.get(row.id)))
    })
    const next = SearchIndex.build(day, cabins)
    await readLiveStays(db, day, (stays) => next.holdStays(stays))
    next.packChangedPlaces()
    index = next
    since = xmin
  }

  /** What changed since the last read: deletions first, then changed cabins and reservations. */
  async function loadChanges(from: number) {
    const day = today()
    // Once a day (Mexico City's date changed): the stays that ended leave the index.
    index.advanceTo(day)
    const xmin = await readSnapshotXmin(db)
    const [gone, rows, seasons, nightRates, stays, blocks] = await Promise.all([
      listTombstonesSince(db, from),
      listCabinsChangedSince(db, from),
      listSeasonsForSearch(db, from),
      listNightRatesForSearch(db, { since: from, today: day }),
      listStaysChangedSince(db, { since: from, today: day }),
      listBlocksChangedSince(db, { since: from, today: day }),
    ])
    for (const { tableName, rowId, cabinId } of gone) {
      if (tableName === 'cabins') index.removeCabin(rowId)
      else if ((tableName === 'reservations' || tableName === 'cabin_blocks') && cabinId)
        index.removeReservation(rowId, cabinId)
    }
    for (const { listed, ...row } of rows) {
      // A paused listing's cabin leaves search but keeps its held nights for when it comes back.
      if (listed) index.upsertCabin(toIndexedCabin(row, seasons.get(row.id), nightRates.get(row.id)))
      else index.hideCabin(row.id)
    }
    for (const row of stays) index.applyReservation(toIndexedReservation(row))
    // A block holds its nights as a live reservation does, for as long as it exists.
    for (const row of blocks) index.applyReservation({ ...row, live: true })
    // The places whose cabins changed are packed here, between requests, not by the next search.
    index.packChangedPlaces()
    since = xmin
  }

  function refresh(): Promise<void> {
    if (inflight) return inflight.then(refresh)
    const startedAt = performance.now()
    inflightStartedAt = startedAt
    const full = since === null || startedAt - lastCompletedStartedAt > FULL_RELOAD_AFTER_MS
    inflight = (full || since === null ? loadAll() : loadChanges(since))
      .then(
        () => {
          lastCompletedStartedAt = Math.max(lastCompletedStartedAt, startedAt)
          lastErrorCode = null
        },
        (error: unknown) => {
          lastFailedAt = performance.now()
          lastErrorCode = errorCodeOf(error)
          log?.error({ code: lastErrorCode, full }, 'search index sync failed')
          throw error
        },
      )
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  const unavailable = () => new DomainError('SERVICE_UNAVAILABLE', searchMessages.unavailable)

  async function ensureFresh() {
    const now = performance.now()
    const wanted = Math.max(now - maxStalenessMs, invalidatedAt)
    if (lastCompletedStartedAt > wanted) return
    // The last read failed a moment ago: say so at once; the timer (or a later request) tries again.
    if (lastFailedAt > lastCompletedStartedAt && now - lastFailedAt < RETRY_AFTER_FAILURE_MS)
      throw unavailable()
    try {
      await (inflight && inflightStartedAt > wanted ? inflight : refresh())
    } catch {
      throw unavailable()
    }
  }

  return {
    get index() {
      return index
    },
    refresh,
    ensureFresh,
    invalidate() {
      invalidatedAt = performance.now()
    },
    status: () => ({
      ageMs: Number.isFinite(lastCompletedStartedAt)
        ? Math.round(performance.now() - lastCompletedStartedAt)
        : null,
      maxStalenessMs,
      lastErrorCode,
      cabins: index.size,
      heldStays: index.heldStays,
    }),
    start() {
      if (intervalMs <= 0 || timer) return
      // Failures are logged and recorded by refresh; the next tick tries again.
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

/** Deletes tombstones older than a day (one process at a time, plugins/jobs.ts). */
export function pruneTombstonesJob(db: Database): PeriodicJob {
  return { name: 'prune-tombstones', intervalMs: 60 * 60_000, run: () => pruneTombstones(db) }
}
