import type { CabinCard } from '@cabanas/domain/catalog'
import { priceStay, priceStayWithoutSeasons, type SeasonRate } from '@cabanas/domain/quotes'
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
  /** UTF-8 JSON of the card and privateBathroom without the closing brace, rendered once per change. */
  resultJsonPrefix: Buffer
}

/** A result: the cabin, its stay, and where its pre-rendered JSON lies in `bytes`. */
export type SearchHit = {
  cabin: IndexedCabin
  stay: SearchResult['stay']
  bytes: Buffer
  start: number
  end: number
}

const NOTHING_HELD = new Int32Array(0)

export type IndexedReservation = HeldStay & { id: string; cabinId: string; live: boolean }

// The facts search reads for each cabin of a place, packed side by side in one Float64Array so a
// search walks a few contiguous kilobytes instead of chasing a dozen objects per cabin.
const MIN_OCCUPANCY = 0
const MAX_OCCUPANCY = 1
const MIN_NIGHTS = 2
const BEDROOMS = 3
const BEDS = 4
const BATHROOMS = 5
const WEEKDAY_RATE = 6
const WEEKEND_RATE = 7
const HAS_SEASONS = 8
/** [start, end) of the cabin's held [first night, check-out) pairs in `held`. */
const HELD_START = 9
const HELD_END = 10
/** [start, end) of the cabin's result JSON prefix in `json`. */
const JSON_START = 11
const JSON_END = 12
const FACTS = 13

/** The cabins of one place key, in result order, with their facts packed for search. */
type Place = {
  cabins: IndexedCabin[]
  /** Set when a cabin or a held night of the place changed: the packs below are rebuilt on the next search. */
  stale: boolean
  facts: Float64Array
  held: Int32Array
  json: Buffer
}

/**
 * The read model behind search, kept in each API process and fed from the database by
 * search-sync.ts. It is a cache: reservations are guarded by the database's exclusion constraint,
 * never by this index.
 */
export class SearchIndex {
  private readonly cabins = new Map<string, IndexedCabin>()
  /** 'población, estado', población and estado (normalized) → the cabins there. */
  private readonly byPlace = new Map<string, Place>()
  /** cabin id → reservation id → nights held. */
  private readonly held = new Map<string, Map<string, HeldStay>>()
  /** cabin id → the same nights as flat [start, end) day-number pairs, rebuilt when they change. */
  private readonly heldDays = new Map<string, Int32Array>()

  get size() {
    return this.cabins.size
  }

  upsertCabin(cabin: IndexedCabin) {
    const previous = this.cabins.get(cabin.id)
    // A place key listed twice ('Durango, Durango': población and estado alike) counts once.
    if (previous)
      for (const key of new Set(previous.placeKeys)) {
        const place = this.byPlace.get(key)
        const at = place ? place.cabins.indexOf(previous) : -1
        if (place && at >= 0) {
          place.cabins.splice(at, 1)
          place.stale = true
        }
      }
    this.cabins.set(cabin.id, cabin)
    for (const key of new Set(cabin.placeKeys)) {
      let place = this.byPlace.get(key)
      if (!place) {
        place = {
          cabins: [],
          stale: true,
          facts: new Float64Array(0),
          held: NOTHING_HELD,
          json: Buffer.alloc(0),
        }
        this.byPlace.set(key, place)
      }
      place.cabins.push(cabin)
      place.stale = true
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
    const cabin = this.cabins.get(reservation.cabinId)
    if (cabin)
      for (const key of cabin.placeKeys) {
        const place = this.byPlace.get(key)
        if (place) place.stale = true
      }
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

  /** Sorts a changed place into result order and packs its facts, held nights and JSON. */
  private repack(place: Place) {
    place.cabins.sort(compareSearchResults)
    const count = place.cabins.length
    const facts = new Float64Array(count * FACTS)
    let heldLength = 0
    let jsonLength = 0
    for (const cabin of place.cabins) {
      heldLength += (this.heldDays.get(cabin.id) ?? NOTHING_HELD).length
      jsonLength += cabin.resultJsonPrefix.length
    }
    const held = new Int32Array(heldLength)
    const json = Buffer.allocUnsafe(jsonLength)
    let heldAt = 0
    let jsonAt = 0
    place.cabins.forEach((cabin, i) => {
      const o = i * FACTS
      facts[o + MIN_OCCUPANCY] = cabin.minOccupancy
      facts[o + MAX_OCCUPANCY] = cabin.maxOccupancy
      facts[o + MIN_NIGHTS] = cabin.minNights
      facts[o + BEDROOMS] = cabin.bedrooms
      facts[o + BEDS] = cabin.beds
      facts[o + BATHROOMS] = cabin.bathrooms
      facts[o + WEEKDAY_RATE] = cabin.weekdayRate
      facts[o + WEEKEND_RATE] = cabin.weekendRate
      facts[o + HAS_SEASONS] = cabin.seasons.length > 0 ? 1 : 0
      const days = this.heldDays.get(cabin.id) ?? NOTHING_HELD
      facts[o + HELD_START] = heldAt
      held.set(days, heldAt)
      heldAt += days.length
      facts[o + HELD_END] = heldAt
      facts[o + JSON_START] = jsonAt
      jsonAt += cabin.resultJsonPrefix.copy(json, jsonAt)
      facts[o + JSON_END] = jsonAt
    })
    Object.assign(place, { facts, held, json, stale: false })
  }

  /**
   * The cabins that answer a search, in result order, priced. The same rules as the domain's
   * fitsSearch, isFreeForDays and priceStay (search-index.test.ts checks the three agree), read from
   * the packed facts.
   */
  search(query: SearchQuery, limit: number): SearchHit[] {
    const place = this.byPlace.get(query.locationKey)
    if (!place) return []
    if (place.stale) this.repack(place)
    const { cabins, facts, held, json } = place
    const { guests, nights, bedrooms, beds, bathrooms, amenities } = query
    const start = toDayNumber(query.checkIn)
    const end = toDayNumber(query.checkOut)
    const hits: SearchHit[] = []
    scan: for (let i = 0; i < cabins.length && hits.length < limit; i++) {
      const o = i * FACTS
      if (
        facts[o + MIN_OCCUPANCY]! > guests ||
        guests > facts[o + MAX_OCCUPANCY]! ||
        facts[o + MIN_NIGHTS]! > nights ||
        facts[o + BEDROOMS]! < bedrooms ||
        facts[o + BEDS]! < beds ||
        facts[o + BATHROOMS]! < bathrooms
      )
        continue
      const heldEnd = facts[o + HELD_END]!
      for (let h = facts[o + HELD_START]!; h < heldEnd; h += 2)
        if (held[h]! < end && start < held[h + 1]!) continue scan
      const cabin = cabins[i]!
      if (amenities.length > 0 && !fitsSearch(cabin, query)) continue
      const price =
        facts[o + HAS_SEASONS] === 0
          ? priceStayWithoutSeasons(cabin, start, end - start)
          : priceStay(cabin, query.checkIn, query.checkOut, { withBreakdown: false })
      hits.push({
        cabin,
        stay: {
          nights: price.nights,
          totalPrice: price.totalPrice,
          pricePerNight: price.pricePerNight,
          serviceCommission: price.serviceCommission,
        },
        bytes: json,
        start: facts[o + JSON_START]!,
        end: facts[o + JSON_END]!,
      })
    }
    return hits
  }
}

/** A cabin's result JSON without its closing brace, for renderSearchResponse to append the stay to. */
export function resultJsonPrefixOf(card: CabinCard, privateBathroom: boolean): Buffer {
  return Buffer.from(JSON.stringify({ ...card, privateBathroom }).slice(0, -1))
}

/** One search result: the card with its bathroom kind and the stay's price. */
export function toSearchResult({ cabin, stay }: SearchHit): SearchResult {
  return { ...cabin.card, privateBathroom: cabin.privateBathroom, stay }
}

const ascii = (text: string) => Buffer.from(text, 'latin1')
const RESPONSE_HEAD = ascii('{"success":true,"habitaciones":[')
const STAY_NIGHTS = ascii(',"stay":{"nights":')
const STAY_TOTAL = ascii(',"totalPrice":')
const STAY_PER_NIGHT = ascii(',"pricePerNight":')
const STAY_COMMISSION = ascii(',"serviceCommission":')
const STAY_END = ascii('}}')
const TOTAL = ascii('],"total":')
const NIGHTS = ascii(',"nights":')
/**
 * Room for the fixed parts of one result and its four numbers (any number JSON prints fits in 24
 * characters), and for the response's ends.
 */
const PER_HIT =
  STAY_NIGHTS.length + STAY_TOTAL.length + STAY_PER_NIGHT.length + STAY_COMMISSION.length + 2 + 1 + 4 * 24
const ENDS = RESPONSE_HEAD.length + TOTAL.length + NIGHTS.length + 1 + 2 * 24

/** Writes a non-negative safe integer as ASCII digits at `at`; returns the offset after it. */
function writeInteger(body: Buffer, at: number, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return at + body.write(JSON.stringify(value), at, 'latin1')
  let digits = 1
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++
  let rest = value
  for (let i = at + digits - 1; i >= at; i--) {
    body[i] = 0x30 + (rest % 10)
    rest = Math.floor(rest / 10)
  }
  return at + digits
}

/**
 * The search response as UTF-8 JSON, equal to JSON.stringify of the SearchResponse with toSearchResult
 * hits, built by copying each cabin's pre-rendered bytes and the stay's integers into one buffer: no
 * string is built, encoded or flattened per request (the hot path of search).
 */
export function renderSearchResponse(hits: SearchHit[], nights: number): Buffer {
  let room = ENDS
  for (const hit of hits) room += hit.end - hit.start + PER_HIT
  const body = Buffer.allocUnsafe(room)
  // TypedArray#set: cheaper than Buffer#copy for the many short pieces.
  const put = (piece: Uint8Array, at: number) => {
    body.set(piece, at)
    return at + piece.length
  }
  let at = put(RESPONSE_HEAD, 0)
  for (let i = 0; i < hits.length; i++) {
    const { bytes, start, end, stay } = hits[i]!
    if (i > 0) body[at++] = 0x2c
    // SearchResult's key order: the card, privateBathroom, then the stay.
    at = put(bytes.subarray(start, end), at)
    at = writeInteger(body, put(STAY_NIGHTS, at), stay.nights)
    at = writeInteger(body, put(STAY_TOTAL, at), stay.totalPrice)
    at = writeInteger(body, put(STAY_PER_NIGHT, at), stay.pricePerNight)
    at = writeInteger(body, put(STAY_COMMISSION, at), stay.serviceCommission)
    at = put(STAY_END, at)
  }
  at = writeInteger(body, put(TOTAL, at), hits.length)
  at = writeInteger(body, put(NIGHTS, at), nights)
  body[at++] = 0x7d
  return body.subarray(0, at)
}
