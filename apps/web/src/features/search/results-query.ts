import { type AmenityKey, isAmenityKey } from '@cabanas/domain/catalog'
import { type CalendarDate, isCalendarDate } from '@cabanas/domain/shared'

/** The results page's address, read: the search and its filters (spec §2, §3). */
export type ResultsQuery = {
  location: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  bedrooms: number
  beds: number
  bathrooms: number
  amenities: AmenityKey[]
}

export type ResultsFilters = Pick<ResultsQuery, 'bedrooms' | 'beds' | 'bathrooms' | 'amenities'>

export const NO_FILTERS: ResultsFilters = { bedrooms: 0, beds: 0, bathrooms: 0, amenities: [] }

function count(value: string | null): number {
  const number = Number(value)
  return value && Number.isInteger(number) && number > 0 ? number : 0
}

/**
 * Reads `/results?location&guests&checkIn&checkOut[&bedrooms&beds&bathrooms&amenities]`. Returns null
 * when the search itself is incomplete (the page then goes back home); filters that don't parse read
 * as 'Todos'. Dates out of order are left to the API, whose message the page shows.
 */
export function readResultsQuery(params: URLSearchParams): ResultsQuery | null {
  const location = params.get('location')?.trim() ?? ''
  const checkIn = params.get('checkIn') ?? ''
  const checkOut = params.get('checkOut') ?? ''
  const guests = count(params.get('guests'))
  if (!location || !isCalendarDate(checkIn) || !isCalendarDate(checkOut) || guests < 1) return null
  const amenities = (params.get('amenities') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(isAmenityKey)
  return {
    location,
    checkIn,
    checkOut,
    guests,
    bedrooms: count(params.get('bedrooms')),
    beds: count(params.get('beds')),
    bathrooms: count(params.get('bathrooms')),
    amenities: [...new Set(amenities)],
  }
}

/** How many filters are on: for the 'Filtros' button's badge and the empty state. */
export function countActiveFilters({ bedrooms, beds, bathrooms, amenities }: ResultsFilters): number {
  return (bedrooms > 0 ? 1 : 0) + (beds > 0 ? 1 : 0) + (bathrooms > 0 ? 1 : 0) + amenities.length
}
