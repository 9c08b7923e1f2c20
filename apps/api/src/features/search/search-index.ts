import type { CabinCard } from '@cabanas/domain/catalog'
import { priceStay, type SeasonRate } from '@cabanas/domain/quotes'
import {
  compareSearchResults,
  fitsSearch,
  type HeldStay,
  isFreeForDays,
  type SearchableCabin,
  type SearchQuery,
  type SearchResult,
} from '@cabanas/domain/search'
import { toDayNumber } from '@cabanas/domain/shared'

export type IndexedCabin = SearchableCabin & {
  placeKeys: readonly string[]
  weekendRate: number
  seasons: readonly SeasonRate[]
  card: CabinCard
  privateBathroom: boolean
  /** JSON of the card and privateBathroom without the closing brace, rendered once per change. */
  resultJsonPrefix: string
}

export type SearchHit = { cabin: IndexedCabin; stay: SearchResult['stay'] }

const NOTHING_HELD = new Int32Array(0)

export type IndexedReservation = HeldStay & { id: string; cabinId: string; live: boolean }

/**
 * The read model behind search, kept in each API process and fed from the database by
 * search-sync.ts. It is a cache: reservations are guarded by the database's exclusion constraint,
 * never by this index.
 */
export class SearchIndex {
  private readonly cabins = new Map<string, IndexedCabin>()
  /** 'población, estado', población and estado (normalized) → cabin ids. */
  private readonly byPlace = new Map<string, Set<string>>()
  /** cabin id → reservation id → nights held. */
  private readonly held = new Map<string, Map<string, HeldStay>>()
  /** cabin id → the same nights as flat [start, end) day-number pairs, rebuilt when they change. */
  private readonly heldDays = new Map<string, Int32Array>()

  get size() {
    return this.cabins.size
  }

  upsertCabin(cabin: IndexedCabin) {
    const previous = this.cabins.get(cabin.id)
    if (previous) for (const key of previous.placeKeys) this.byPlace.get(key)?.delete(cabin.id)
    this.cabins.set(cabin.id, cabin)
    for (const key of cabin.placeKeys) {
      let ids = this.byPlace.get(key)
      if (!ids) {
        ids = new Set()
        this.byPlace.set(key, ids)
      }
      ids.add(cabin.id)
    }
  }

  /** A live reservation holds its nights; any other status releases them. */
  applyReservation(reservation: IndexedReservation) {
    let stays = this.held.get(reservation.cabinId)
    if (!stays) {
      stays = new Map()
      this.held.set(reservation.cabinId, stays)
    }
    if (reservation.live)
      stays.set(reservation.id, { checkIn: reservation.checkIn, checkOut: reservation.checkOut })
    else if (!stays.delete(reservation.id)) return
    const days = new Int32Array(stays.size * 2)
    let i = 0
    for (const stay of stays.values()) {
      days[i++] = toDayNumber(stay.checkIn)
      days[i++] = toDayNumber(stay.checkOut)
    }
    this.heldDays.set(reservation.cabinId, days)
  }

  findCabin(id: string): IndexedCabin | undefined {
    return this.cabins.get(id)
  }

  /** No live reservation holds a night of [checkIn, checkOut): the exclusion constraint's rule. */
  isFree(cabinId: string, checkIn: string, checkOut: string): boolean {
    return isFreeForDays(
      this.heldDays.get(cabinId) ?? NOTHING_HELD,
      toDayNumber(checkIn),
      toDayNumber(checkOut),
    )
  }

  search(query: SearchQuery, limit: number): SearchHit[] {
    const ids = this.byPlace.get(query.locationKey)
    if (!ids) return []
    const start = toDayNumber(query.checkIn)
    const end = toDayNumber(query.checkOut)
    const matches: IndexedCabin[] = []
    for (const id of ids) {
      const cabin = this.cabins.get(id)!
      if (fitsSearch(cabin, query) && isFreeForDays(this.heldDays.get(id) ?? NOTHING_HELD, start, end)) {
        matches.push(cabin)
      }
    }
    return matches
      .sort(compareSearchResults)
      .slice(0, limit)
      .map((cabin) => {
        const price = priceStay(cabin, query.checkIn, query.checkOut, { withBreakdown: false })
        return {
          cabin,
          stay: {
            nights: price.nights,
            totalPrice: price.totalPrice,
            pricePerNight: price.pricePerNight,
            serviceCommission: price.serviceCommission,
          },
        }
      })
  }
}

/** One search result: the card with its bathroom kind and the stay's price. */
export function toSearchResult({ cabin, stay }: SearchHit): SearchResult {
  return { ...cabin.card, privateBathroom: cabin.privateBathroom, stay }
}

/**
 * The search response as JSON text, equal to JSON.stringify of the SearchResponse with
 * toSearchResult hits, but splicing in each cabin's pre-rendered JSON (the hot path of search).
 */
export function renderSearchResponseJson(hits: SearchHit[], nights: number): string {
  // The stay is four integers: written directly, in SearchResult's key order.
  const results = hits.map(
    ({ cabin, stay }) =>
      `${cabin.resultJsonPrefix},"stay":{"nights":${stay.nights},"totalPrice":${stay.totalPrice},"pricePerNight":${stay.pricePerNight},"serviceCommission":${stay.serviceCommission}}}`,
  )
  return `{"success":true,"habitaciones":[${results.join(',')}],"total":${hits.length},"nights":${nights}}`
}
