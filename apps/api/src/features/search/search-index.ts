import type { CabinCard } from '@cabanas/domain/catalog'
import { type NightRate, priceStay, priceStayWithoutSeasons, type SeasonRate } from '@cabanas/domain/quotes'
import {
  compareSearchResults,
  fitsSearch,
  type HeldStay,
  isFreeForDays,
  type SearchableCabin,
  type SearchQuery,
  type SearchResult,
} from '@cabanas/domain/search'
import { type CalendarDate, numberAt, requireValue, toDayNumber } from '@cabanas/domain/shared'
import { isUuid } from '../../lib/uuid.ts'
import type { SearchCard } from './search-results.ts'

/**
 * What search and quotes need of a cabin, and no more (a catalogue of 100,000 cabins lives in each
 * API process): the card itself is kept once, as the part of its results that no stay changes.
 */
export type IndexedCabin = SearchableCabin & {
  placeKeys: readonly string[]
  weekendRate: number
  seasons: readonly SeasonRate[]
  /** The host's prices of single nights from today on (they win over seasons). */
  nightRates: readonly NightRate[]
  restrictions: CabinCard['restrictions']
  /** The card and privateBathroom: every result of this cabin but its stay, built once per change. */
  result: SearchCard
}

/** A result: the cabin (its result without the stay in `result`) and the stay's price. */
export type SearchHit = {
  cabin: IndexedCabin
  stay: SearchResult['stay']
}

export type IndexedReservation = HeldStay & { id: string; cabinId: string; live: boolean }

/** A live stay as day numbers: [first night, check-out day). */
export type HeldDays = { id: string; cabinId: string; start: number; end: number }

// The facts search reads for each cabin of a place, packed side by side in one Float64Array so a
// search walks a few contiguous kilobytes instead of chasing a dozen objects per cabin. They change
// only when a cabin changes, never with a reservation.
const MIN_OCCUPANCY = 0
const MAX_OCCUPANCY = 1
const MIN_NIGHTS = 2
const BEDROOMS = 3
const BEDS = 4
const BATHROOMS = 5
const HAS_SEASONS = 6
const FACTS = 7

/**
 * One cabin in the index: its facts (replaced when the cabin changes) and the nights its live
 * reservations hold from today on, kept in order as they come and go.
 */
type Slot = {
  /** Unset while only reservations of the cabin are known (its row comes with a later sync). */
  cabin: IndexedCabin | undefined
  /**
   * Live reservation ids, three numbers for each pair of `days` (idParts): half a million stays
   * held as strings would be half a million more objects for every garbage collection to trace.
   */
  ids: number[]
  /** [first night, check-out day) day numbers, pairs sorted by first night. */
  days: number[]
}

/** The cabins of one place key, in result order, with their facts packed for search. */
type Place = {
  slots: Slot[]
  /** Set when a cabin of the place came, went or changed: `facts` is rebuilt before the next search. */
  stale: boolean
  facts: Float64Array
}

/** The cabin of a slot that is in a place: a slot leaves its places before its cabin is unset. */
function placedCabin(slot: Slot | undefined): IndexedCabin {
  return requireValue(slot?.cabin, 'the cabin of a slot in a place')
}

/** Where `cabin` goes in `slots` (sorted by compareSearchResults): the first slot not before it. */
function positionIn(slots: readonly Slot[], cabin: IndexedCabin): number {
  let low = 0
  let high = slots.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareSearchResults(placedCabin(slots[middle]), cabin) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * A reservation id (a uuid: the column's type) as three exact numbers: its first two groups (48
 * bits), the next two (32 bits) and the last (48 bits), each below 2^53.
 */
export function idParts(id: string): [number, number, number] {
  if (!isUuid(id)) throw new TypeError('a reservation id is a uuid')
  return [
    Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16),
    Number.parseInt(id.slice(14, 18) + id.slice(19, 23), 16),
    Number.parseInt(id.slice(24), 16),
  ]
}

/** Where a stay starting on `start` goes in `days`: after every pair starting on or before it. */
function positionOfStay(days: readonly number[], start: number): number {
  let low = 0
  let high = days.length / 2
  while (low < high) {
    const middle = (low + high) >>> 1
    if (numberAt(days, middle * 2) <= start) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The read model behind search and quotes, kept in each API process and fed from the database by
 * search-sync.ts. It is a cache: reservations are guarded by the database's exclusion constraint,
 * never by this index. It holds only what can still be booked: reservations that end today or later.
 */
export class SearchIndex {
  private readonly slots = new Map<string, Slot>()
  /** 'población, estado', población and estado (normalized) → the cabins there. */
  private readonly byPlace = new Map<string, Place>()
  /** Day number of `today`: reservations that end before it are not held. */
  private today: number
  private cabinCount = 0
  private stayCount = 0

  constructor(today?: CalendarDate) {
    this.today = today === undefined ? Number.NEGATIVE_INFINITY : toDayNumber(today)
  }

  /** Cabins in the index. */
  get size() {
    return this.cabinCount
  }

  /** Live reservations held (those that end today or later). */
  get heldStays() {
    return this.stayCount
  }

  /** A new index of these cabins, each place sorted once (not one insertion per cabin). */
  static build(today: CalendarDate, cabins: Iterable<IndexedCabin>): SearchIndex {
    const index = new SearchIndex(today)
    for (const cabin of cabins) {
      const slot = index.slotOf(cabin.id)
      if (!slot.cabin) index.cabinCount++
      slot.cabin = cabin
      for (const key of new Set(cabin.placeKeys)) index.placeOf(key).slots.push(slot)
    }
    for (const place of index.byPlace.values())
      place.slots.sort((a, b) => compareSearchResults(placedCabin(a), placedCabin(b)))
    return index
  }

  /**
   * Holds live stays read in bulk (the first read: none is held yet), as day numbers. Each goes to
   * its place by binary search; they come mostly in order, so most are appended.
   */
  holdStays(stays: Iterable<HeldDays>) {
    for (const { id, cabinId, start, end } of stays)
      if (end >= this.today) this.hold(this.slotOf(cabinId), id, start, end)
  }

  upsertCabin(cabin: IndexedCabin) {
    const slot = this.slotOf(cabin.id)
    if (slot.cabin) this.unplace(slot)
    else this.cabinCount++
    slot.cabin = cabin
    // A place key listed twice ('Durango, Durango': población and estado alike) counts once.
    for (const key of new Set(cabin.placeKeys)) {
      const place = this.placeOf(key)
      place.slots.splice(positionIn(place.slots, cabin), 0, slot)
      place.stale = true
    }
  }

  /**
   * An unlisted (paused) cabin leaves search and quotes but keeps the nights it holds: when it is
   * listed again (upsertCabin) it is not shown free on the dates its reservations hold.
   */
  hideCabin(cabinId: string) {
    const slot = this.slots.get(cabinId)
    if (!slot?.cabin) return
    this.unplace(slot)
    this.cabinCount--
    slot.cabin = undefined
  }

  /** A deleted cabin leaves the index with whatever it still held. */
  removeCabin(cabinId: string) {
    const slot = this.slots.get(cabinId)
    if (!slot) return
    if (slot.cabin) {
      this.unplace(slot)
      this.cabinCount--
    }
    this.stayCount -= slot.days.length / 2
    this.slots.delete(cabinId)
  }

  /**
   * A live reservation that ends today or later holds its nights; any other releases them. A host's
   * block comes here too (always live, under its own uuid): it holds nights exactly as a stay does.
   */
  applyReservation({ id, cabinId, checkIn, checkOut, live }: IndexedReservation) {
    const end = toDayNumber(checkOut)
    const holds = live && end >= this.today
    const slot = holds ? this.slotOf(cabinId) : this.slots.get(cabinId)
    if (!slot) return
    this.release(slot, id)
    if (holds) this.hold(slot, id, toDayNumber(checkIn), end)
  }

  /** A reservation or block deleted, or moved to another cabin or to other dates, leaves `cabinId`. */
  removeReservation(id: string, cabinId: string) {
    const slot = this.slots.get(cabinId)
    if (slot) this.release(slot, id)
  }

  /**
   * Moves the index to a new day: reservations that ended before it are dropped. Called by the sync
   * when Mexico City's date changes, never by a request.
   */
  advanceTo(today: CalendarDate) {
    const day = toDayNumber(today)
    if (day <= this.today) return
    this.today = day
    for (const slot of this.slots.values()) {
      const { ids, days } = slot
      const count = days.length / 2
      let kept = 0
      for (let i = 0; i < count; i++) {
        if (numberAt(days, i * 2 + 1) < day) continue
        days[kept * 2] = numberAt(days, i * 2)
        days[kept * 2 + 1] = numberAt(days, i * 2 + 1)
        ids[kept * 3] = numberAt(ids, i * 3)
        ids[kept * 3 + 1] = numberAt(ids, i * 3 + 1)
        ids[kept * 3 + 2] = numberAt(ids, i * 3 + 2)
        kept++
      }
      this.stayCount -= count - kept
      days.length = kept * 2
      ids.length = kept * 3
    }
  }

  /** Packs the facts of the places changed since the last call (the sync calls it after each read). */
  packChangedPlaces() {
    for (const place of this.byPlace.values()) if (place.stale) pack(place)
  }

  /** The nights held in a cabin, as [first night, check-out day) day-number pairs in order. */
  heldDaysOf(cabinId: string): readonly number[] {
    return this.slots.get(cabinId)?.days ?? NOTHING_HELD
  }

  findCabin(id: string): IndexedCabin | undefined {
    return this.slots.get(id)?.cabin
  }

  /** No live reservation holds a night of [checkIn, checkOut): the exclusion constraint's rule. */
  isFree(cabinId: string, checkIn: string, checkOut: string): boolean {
    return isFreeForDays(this.heldDaysOf(cabinId), toDayNumber(checkIn), toDayNumber(checkOut))
  }

  private slotOf(cabinId: string): Slot {
    let slot = this.slots.get(cabinId)
    if (!slot) {
      slot = { cabin: undefined, ids: [], days: [] }
      this.slots.set(cabinId, slot)
    }
    return slot
  }

  private placeOf(key: string): Place {
    let place = this.byPlace.get(key)
    if (!place) {
      place = { slots: [], stale: true, facts: NO_FACTS }
      this.byPlace.set(key, place)
    }
    return place
  }

  /** Takes a cabin out of its places (found by binary search: its facts, hence its position, are unchanged). */
  private unplace(slot: Slot) {
    const cabin = placedCabin(slot)
    for (const key of new Set(cabin.placeKeys)) {
      const place = this.byPlace.get(key)
      if (!place) continue
      const at = positionIn(place.slots, cabin)
      if (place.slots[at] !== slot) continue
      place.slots.splice(at, 1)
      place.stale = true
    }
  }

  private hold(slot: Slot, id: string, start: number, end: number) {
    const at = positionOfStay(slot.days, start)
    slot.ids.splice(at * 3, 0, ...idParts(id))
    slot.days.splice(at * 2, 0, start, end)
    this.stayCount++
  }

  private release(slot: Slot, id: string) {
    const [a, b, c] = idParts(id)
    const { ids } = slot
    for (let at = 0; at < ids.length; at += 3) {
      if (ids[at] !== a || ids[at + 1] !== b || ids[at + 2] !== c) continue
      ids.splice(at, 3)
      slot.days.splice((at / 3) * 2, 2)
      this.stayCount--
      return
    }
  }

  /**
   * The cabins that answer a search, in result order, priced. The same rules as the domain's
   * fitsSearch, isFreeForDays and priceStay (search-index.test.ts checks the three agree), read from
   * the packed facts and each cabin's held nights.
   */
  search(query: SearchQuery, limit: number): SearchHit[] {
    const place = this.byPlace.get(query.locationKey)
    if (!place) return []
    if (place.stale) pack(place)
    const { slots, facts } = place
    const { guests, nights, bedrooms, beds, bathrooms, amenities } = query
    const start = toDayNumber(query.checkIn)
    const end = toDayNumber(query.checkOut)
    const hits: SearchHit[] = []
    scan: for (let i = 0; i < slots.length && hits.length < limit; i++) {
      const o = i * FACTS
      if (
        numberAt(facts, o + MIN_OCCUPANCY) > guests ||
        guests > numberAt(facts, o + MAX_OCCUPANCY) ||
        numberAt(facts, o + MIN_NIGHTS) > nights ||
        numberAt(facts, o + BEDROOMS) < bedrooms ||
        numberAt(facts, o + BEDS) < beds ||
        numberAt(facts, o + BATHROOMS) < bathrooms
      )
        continue
      const slot = slots[i]
      const days = slot?.days ?? NOTHING_HELD
      // Sorted by first night: the stays from the first that starts on or after `end` cannot overlap.
      for (let h = 0; h < days.length && numberAt(days, h) < end; h += 2)
        if (start < numberAt(days, h + 1)) continue scan
      const cabin = placedCabin(slot)
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
      })
    }
    return hits
  }
}

const NOTHING_HELD: readonly number[] = []
const NO_FACTS = new Float64Array(0)

/** Packs the facts of a place's cabins, in its (already sorted) order. */
function pack(place: Place) {
  const facts = new Float64Array(place.slots.length * FACTS)
  place.slots.forEach((slot, i) => {
    const cabin = placedCabin(slot)
    const o = i * FACTS
    facts[o + MIN_OCCUPANCY] = cabin.minOccupancy
    facts[o + MAX_OCCUPANCY] = cabin.maxOccupancy
    facts[o + MIN_NIGHTS] = cabin.minNights
    facts[o + BEDROOMS] = cabin.bedrooms
    facts[o + BEDS] = cabin.beds
    facts[o + BATHROOMS] = cabin.bathrooms
    facts[o + HAS_SEASONS] = cabin.seasons.length > 0 || cabin.nightRates.length > 0 ? 1 : 0
  })
  place.facts = facts
  place.stale = false
}
