import { type AmenityKey, isAmenityKey } from '@cabanas/domain/catalog'
import { MAX_GUESTS } from '@cabanas/domain/quotes'
import { DEFAULT_SEARCH_GUESTS, parseSearchFields, searchMessages } from '@cabanas/domain/search'
import { type CalendarDate, DomainError, isCalendarDate } from '@cabanas/domain/shared'

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

/** The search fields as a form shows them: what the address holds, when a field can show it. */
export type SearchFormValues = { location: string; checkIn: string; checkOut: string; guests: number }

/**
 * Why the address holds no search the page can send: a field is missing (spec §5: 'Faltan parámetros
 * de búsqueda requeridos'), or one is malformed, with the API's code and words.
 */
export type ResultsQueryProblem = { kind: 'missing' } | { kind: 'invalid'; code: string; message: string }

const SEARCH_FIELDS = ['location', 'checkIn', 'checkOut', 'guests'] as const

function count(value: string | null): number {
  const number = Number(value)
  return value && Number.isInteger(number) && number > 0 ? number : 0
}

/**
 * The filters of the address; those that don't parse read as 'Todos', unknown amenities are dropped.
 * Amenities come comma-separated (the app's links) or repeated (the filters form sent without
 * JavaScript: `amenities=wifi&amenities=pool`).
 */
export function readResultsFilters(params: URLSearchParams): ResultsFilters {
  const amenities = params
    .getAll('amenities')
    .flatMap((value) => value.split(','))
    .map((key) => key.trim())
    .filter(isAmenityKey)
  return {
    bedrooms: count(params.get('bedrooms')),
    beds: count(params.get('beds')),
    bathrooms: count(params.get('bathrooms')),
    amenities: [...new Set(amenities)],
  }
}

/**
 * Reads `/results?location&guests&checkIn&checkOut[&bedrooms&beds&bathrooms&amenities]`. Returns null
 * when the search itself is incomplete or malformed (the page then explains it: resultsQueryProblem).
 * Dates out of order or in the past are left to the API, whose message the page shows.
 */
export function readResultsQuery(params: URLSearchParams): ResultsQuery | null {
  const location = params.get('location')?.trim() ?? ''
  const checkIn = params.get('checkIn') ?? ''
  const checkOut = params.get('checkOut') ?? ''
  const guests = count(params.get('guests'))
  if (!location || !isCalendarDate(checkIn) || !isCalendarDate(checkOut) || guests < 1) return null
  return { location, checkIn, checkOut, guests, ...readResultsFilters(params) }
}

/**
 * Why readResultsQuery found no search in the address: a missing field, else what the domain's checks
 * that need no clock say of it ('Por favor indica el número de huéspedes' for 0 guests…).
 */
export function resultsQueryProblem(params: URLSearchParams): ResultsQueryProblem {
  if (SEARCH_FIELDS.some((name) => !params.get(name)?.trim())) return { kind: 'missing' }
  const raw: Record<string, string | string[]> = {}
  for (const name of SEARCH_FIELDS) {
    const values = params.getAll(name)
    raw[name] = values.length === 1 ? (values[0] as string) : values
  }
  try {
    parseSearchFields(raw)
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'invalid', code: error.code, message: error.message }
    throw error
  }
  // Read leniently by the page and strictly by the API, the address still holds no search.
  return { kind: 'invalid', code: 'VALIDATION_ERROR', message: searchMessages.missing }
}

/** The search of the address for a form to start from: each field as sent when the field can hold it. */
export function searchFormValues(params: URLSearchParams): SearchFormValues {
  const date = (name: string) => {
    const value = params.get(name) ?? ''
    return isCalendarDate(value) ? value : ''
  }
  const guests = count(params.get('guests'))
  return {
    location: params.get('location')?.trim() ?? '',
    checkIn: date('checkIn'),
    checkOut: date('checkOut'),
    guests: guests >= 1 && guests <= MAX_GUESTS ? guests : DEFAULT_SEARCH_GUESTS,
  }
}

/** How many filters are on: for the 'Filtros' button's badge and the empty state. */
export function countActiveFilters({ bedrooms, beds, bathrooms, amenities }: ResultsFilters): number {
  return (bedrooms > 0 ? 1 : 0) + (beds > 0 ? 1 : 0) + (bathrooms > 0 ? 1 : 0) + amenities.length
}
