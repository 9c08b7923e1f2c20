import { type AmenityKey, isAmenityKey } from '../catalog/amenities.ts'
import { normalizeText } from '../catalog/normalize.ts'
import { checkStayDates, MAX_GUESTS, quoteMessages } from '../quotes/stay-rules.ts'
import { type CalendarDate, isCalendarDate } from '../shared/calendar-date.ts'
import { DomainError } from '../shared/errors.ts'
import { hasControlCharacters, inputMessages } from '../shared/input-text.ts'

export const searchMessages = {
  missing: 'Faltan parámetros de búsqueda requeridos',
  datesRequired: 'Por favor selecciona las fechas de llegada y salida',
  dateOrder: quoteMessages.dateOrder,
  guestsRequired: 'Por favor indica el número de huéspedes',
  invalidCheckIn: 'La fecha de llegada no es válida (usa el formato aaaa-mm-dd)',
  invalidCheckOut: 'La fecha de salida no es válida (usa el formato aaaa-mm-dd)',
  invalidGuests: `El número de huéspedes debe ser un número entero entre 1 y 50`,
  locationTooLong: 'El destino es demasiado largo',
  repeated: (name: string) => `El parámetro ${name} solo puede aparecer una vez`,
  invalidCount: (label: string) => `El filtro de ${label} debe ser un número entero entre 0 y 50`,
  unknownAmenity: (key: string) => `Amenidad desconocida: ${key}`,
  noResults: 'No se encontraron resultados para tu búsqueda',
  searchFailed: 'Error al buscar cabañas',
  searchError: 'Error al realizar la búsqueda. Intenta nuevamente.',
  /** Search and quotes when the API's copy of the availability is older than its limit (503). */
  unavailable: 'No pudimos confirmar la disponibilidad en este momento. Intenta de nuevo en unos segundos.',
} as const

/**
 * The guests a new search starts with. Two: the party most cabins are for (most take at least two),
 * and a search needs at least one (spec §5), so a destination and dates are enough to search.
 */
export const DEFAULT_SEARCH_GUESTS = 2

export type SearchQuery = {
  /** The destination as typed, trimmed. */
  location: string
  /** normalizeText(location): what the catalogue is matched against. */
  locationKey: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  nights: number
  guests: number
  bedrooms: number
  beds: number
  bathrooms: number
  amenities: AmenityKey[]
}

type RawValue = string | string[] | undefined
export type RawSearchQuery = Record<string, RawValue>

/** The Spanish name of each parameter, for the messages. */
const LABELS = {
  location: 'destino',
  checkIn: 'llegada',
  checkOut: 'salida',
  guests: 'huéspedes',
  bedrooms: 'recámaras',
  beds: 'camas',
  bathrooms: 'baños',
  amenities: 'amenidades',
  'amenities[]': 'amenidades',
} as const

/** Refuses control characters (NUL…) in any parameter we read, before anything else looks at it. */
function refuseControlCharacters(raw: RawSearchQuery) {
  for (const [name, label] of Object.entries(LABELS)) {
    const value = raw[name]
    const values: unknown[] = Array.isArray(value) ? value : [value]
    if (values.some((text) => typeof text === 'string' && hasControlCharacters(text))) {
      throw new DomainError('VALIDATION_ERROR', inputMessages.controlCharacters(label))
    }
  }
}

/** The one value of a parameter, as sent: a repeated parameter (`guests=2&guests=3`) is refused, not guessed. */
function single(raw: RawSearchQuery, name: keyof typeof LABELS): string {
  const value: unknown = raw[name]
  if (value === undefined) return ''
  if (typeof value !== 'string') throw new DomainError('VALIDATION_ERROR', searchMessages.repeated(name))
  return value
}

/**
 * A search as values: the results page's address once read (the server renderer hands it over as it
 * is), or the query string once its texts are read. searchQueryOf checks it.
 */
export type SearchRequest = {
  location: string
  checkIn: string
  checkOut: string
  guests: number
  bedrooms?: number
  beds?: number
  bathrooms?: number
  amenities?: readonly string[]
}

/** A count filter: 0 (absent) to MAX_GUESTS. */
function checkCount(value: number | undefined, label: string): number {
  if (value === undefined) return 0
  if (!Number.isInteger(value) || value < 0 || value > MAX_GUESTS) {
    throw new DomainError('VALIDATION_ERROR', searchMessages.invalidCount(label))
  }
  return value
}

/** A count filter as sent: plain digits (' 3 ' is refused, like '3.0' or '0x3'), or absent. */
function countOf(text: string): number | undefined {
  if (text === '') return undefined
  return /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN
}

/** Known amenity keys, each once. */
function checkAmenities(items: readonly string[] | undefined): AmenityKey[] {
  if (!items) return []
  for (const key of items) {
    if (!isAmenityKey(key))
      throw new DomainError('VALIDATION_ERROR', searchMessages.unknownAmenity(key.slice(0, 40)))
  }
  return [...new Set(items)] as AmenityKey[]
}

/** `amenities=wifi,pool`, `amenities=wifi&amenities=pool` or `amenities[]=wifi` all work. */
function amenitiesOf(value: RawValue): string[] {
  if (value === undefined || value === '') return []
  return (Array.isArray(value) ? value : [value ?? ''])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean)
}

/** The search itself (destination, dates, guests) as read before its dates are checked against today. */
export type SearchFields = Pick<SearchQuery, 'location' | 'checkIn' | 'checkOut' | 'guests'>

/** The checks of the search itself that need no clock, on values (see parseSearchFields for their order). */
function checkSearchFields({ location: sent, checkIn, checkOut, guests }: SearchRequest): SearchFields {
  if (hasControlCharacters(sent)) {
    throw new DomainError('VALIDATION_ERROR', inputMessages.controlCharacters(LABELS.location))
  }
  const location = sent.trim()
  if (!location || !checkIn || !checkOut) throw new DomainError('VALIDATION_ERROR', searchMessages.missing)
  if (location.length > 120) throw new DomainError('VALIDATION_ERROR', searchMessages.locationTooLong)
  if (!isCalendarDate(checkIn)) throw new DomainError('INVALID_DATE', searchMessages.invalidCheckIn)
  if (!isCalendarDate(checkOut)) throw new DomainError('INVALID_DATE', searchMessages.invalidCheckOut)
  if (!Number.isInteger(guests) || guests < 0) {
    throw new DomainError('VALIDATION_ERROR', searchMessages.invalidGuests)
  }
  if (guests === 0) throw new DomainError('VALIDATION_ERROR', searchMessages.guestsRequired)
  if (guests > MAX_GUESTS) throw new DomainError('VALIDATION_ERROR', searchMessages.invalidGuests)
  return { location, checkIn, checkOut, guests }
}

/**
 * The checks of the search that need no clock, in parseSearchQuery's order: a missing parameter
 * (`searchMessages.missing`), a malformed date or guest count, control characters anywhere. The web
 * runs it on the results page's address to explain a search it cannot send, with the API's words.
 */
export function parseSearchFields(raw: RawSearchQuery): SearchFields {
  refuseControlCharacters(raw)
  // The destination is free text and may be padded; dates and numbers must be exactly what they are.
  const location = single(raw, 'location').trim()
  const checkIn = single(raw, 'checkIn')
  const checkOut = single(raw, 'checkOut')
  const guestsText = single(raw, 'guests')
  if (!location || !checkIn || !checkOut || !guestsText) {
    throw new DomainError('VALIDATION_ERROR', searchMessages.missing)
  }
  const guests = /^\d{1,3}$/.test(guestsText) ? Number(guestsText) : Number.NaN
  return checkSearchFields({ location, checkIn, checkOut, guests })
}

/** The query once its search is read and its stay checked: its filters checked last, as sent. */
function searchQueryFrom(
  { location, checkIn, checkOut, guests }: SearchFields,
  nights: number,
  filters: () => Pick<SearchQuery, 'bedrooms' | 'beds' | 'bathrooms' | 'amenities'>,
): SearchQuery {
  return { location, locationKey: locationKeyOf(location), checkIn, checkOut, nights, guests, ...filters() }
}

/**
 * Parses the search query string: bad input becomes a DomainError with a Spanish message and never
 * reaches SQL. `today` is Mexico City's date; `now`, the request's instant (today's arrivals close at
 * check-in time).
 */
export function parseSearchQuery(
  raw: RawSearchQuery,
  { today, now }: { today: CalendarDate; now?: Date },
): SearchQuery {
  const fields = parseSearchFields(raw)
  const nights = checkStayDates({ checkIn: fields.checkIn, checkOut: fields.checkOut, today, now })
  return searchQueryFrom(fields, nights, () => ({
    bedrooms: checkCount(countOf(single(raw, 'bedrooms')), LABELS.bedrooms),
    beds: checkCount(countOf(single(raw, 'beds')), LABELS.beds),
    bathrooms: checkCount(countOf(single(raw, 'bathrooms')), LABELS.bathrooms),
    amenities: checkAmenities(amenitiesOf(raw.amenities ?? raw['amenities[]'])),
  }))
}

/**
 * The same checks and messages as parseSearchQuery, on a search already held as values (the server
 * renderer's, read from the results page's address): no query string is written and read again.
 */
export function searchQueryOf(
  request: SearchRequest,
  { today, now }: { today: CalendarDate; now?: Date },
): SearchQuery {
  const fields = checkSearchFields(request)
  const nights = checkStayDates({ checkIn: fields.checkIn, checkOut: fields.checkOut, today, now })
  return searchQueryFrom(fields, nights, () => ({
    bedrooms: checkCount(request.bedrooms, LABELS.bedrooms),
    beds: checkCount(request.beds, LABELS.beds),
    bathrooms: checkCount(request.bathrooms, LABELS.bathrooms),
    amenities: checkAmenities(request.amenities),
  }))
}

/**
 * What a typed destination is matched with: normalizeText, and one ', ' between place and state however
 * it was typed ('Mazamitla,Jalisco', 'Mazamitla , Jalisco'), with no comma left at either end.
 */
export function locationKeyOf(location: string): string {
  return normalizeText(location)
    .replace(/\s*,\s*/g, ', ')
    .replace(/^(?:, )+|(?:, ?)+$/g, '')
}

/** Does a catalogue place match what the traveller typed: 'población, estado', a población or an estado. */
export function matchesLocation(place: { population: string; state: string }, locationKey: string): boolean {
  const population = normalizeText(place.population)
  const state = normalizeText(place.state)
  return locationKey === `${population}, ${state}` || locationKey === population || locationKey === state
}
