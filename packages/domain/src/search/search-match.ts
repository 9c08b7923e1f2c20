import type { CalendarDate } from '../shared/calendar-date.ts'
import { numberAt } from '../shared/require-value.ts'
import type { SearchQuery } from './search-query.ts'

/** The facts of a cabin that decide whether it answers a search. */
export type SearchableCabin = {
  id: string
  minOccupancy: number
  maxOccupancy: number
  minNights: number
  bedrooms: number
  beds: number
  bathrooms: number
  amenities: ReadonlySet<string>
  restricted: boolean
  weekdayRate: number
}

/** Nights [checkIn, checkOut) held by a live (pending or active) reservation. */
export type HeldStay = { checkIn: CalendarDate; checkOut: CalendarDate }

/** Half-open ranges: a check-out day can be the next guest's check-in (same rule as the database). */
export function staysOverlap(a: HeldStay, b: HeldStay): boolean {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut
}

export function isFreeFor(held: Iterable<HeldStay>, stay: HeldStay): boolean {
  for (const other of held) if (staysOverlap(other, stay)) return false
  return true
}

/**
 * The same rule on day numbers, for hot paths: `held` is a flat list of [first night, check-out day)
 * pairs, and the stay is [start, end).
 */
export function isFreeForDays(held: ArrayLike<number>, start: number, end: number): boolean {
  for (let i = 0; i < held.length; i += 2)
    if (numberAt(held, i) < end && start < numberAt(held, i + 1)) return false
  return true
}

/** Occupancy, minimum stay, and the filters: beds, bathrooms and bedrooms "at least N", every amenity. */
export function fitsSearch(cabin: SearchableCabin, query: SearchQuery): boolean {
  return (
    cabin.minOccupancy <= query.guests &&
    query.guests <= cabin.maxOccupancy &&
    cabin.minNights <= query.nights &&
    cabin.bedrooms >= query.bedrooms &&
    cabin.beds >= query.beds &&
    cabin.bathrooms >= query.bathrooms &&
    query.amenities.every((amenity) => cabin.amenities.has(amenity))
  )
}

/** Bookable cabins first, then the cheapest weekday rate; the id settles ties. */
export function compareSearchResults(a: SearchableCabin, b: SearchableCabin): number {
  if (a.restricted !== b.restricted) return a.restricted ? 1 : -1
  if (a.weekdayRate !== b.weekdayRate) return a.weekdayRate - b.weekdayRate
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
