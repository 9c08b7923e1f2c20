import { describe, expect, it } from 'vitest'
import { countActiveFilters, readResultsQuery, resultsQueryProblem, searchFormValues } from './results-query'

const read = (search: string) => readResultsQuery(new URLSearchParams(search))

describe('readResultsQuery', () => {
  it('reads the search and its filters', () => {
    expect(
      read(
        'location=Mazamitla%2C+Jalisco&guests=2&checkIn=2026-07-10&checkOut=2026-07-12&bedrooms=1&beds=2&bathrooms=1&amenities=wifi,pool,wifi',
      ),
    ).toEqual({
      location: 'Mazamitla, Jalisco',
      guests: 2,
      checkIn: '2026-07-10',
      checkOut: '2026-07-12',
      bedrooms: 1,
      beds: 2,
      bathrooms: 1,
      amenities: ['wifi', 'pool'],
    })
  })

  it('reads missing or malformed filters as "Todos" and drops unknown amenities', () => {
    expect(
      read(
        'location=Tulum&guests=1&checkIn=2026-07-10&checkOut=2026-07-12&beds=-1&bathrooms=x&amenities=nope',
      ),
    ).toMatchObject({ beds: 0, bathrooms: 0, bedrooms: 0, amenities: [] })
  })

  it.each([
    'guests=2&checkIn=2026-07-10&checkOut=2026-07-12',
    'location=Tulum&checkIn=2026-07-10&checkOut=2026-07-12',
    'location=Tulum&guests=0&checkIn=2026-07-10&checkOut=2026-07-12',
    'location=Tulum&guests=2&checkOut=2026-07-12',
    'location=Tulum&guests=2&checkIn=2026-07-10',
    'location=Tulum&guests=2&checkIn=10/07/2026&checkOut=2026-07-12',
  ])('is incomplete without every search parameter: %s', (search) => {
    expect(read(search)).toBeNull()
  })
})

describe('readResultsQuery with the filters form sent without JavaScript', () => {
  it('reads repeated amenities and "Todos" sent as 0', () => {
    expect(
      read(
        'location=Tulum&checkIn=2026-07-10&checkOut=2026-07-12&guests=2&bedrooms=0&beds=2&bathrooms=0&amenities=wifi&amenities=pool',
      ),
    ).toMatchObject({ bedrooms: 0, beds: 2, bathrooms: 0, amenities: ['wifi', 'pool'] })
  })
})

describe('resultsQueryProblem', () => {
  const problem = (search: string) => resultsQueryProblem(new URLSearchParams(search))

  it.each([
    '',
    'location=Tulum&checkIn=2026-07-10&checkOut=2026-07-12',
    'location=%20&checkIn=2026-07-10&checkOut=2026-07-12&guests=2',
  ])('finds a missing field in "%s"', (search) => {
    expect(problem(search)).toEqual({ kind: 'missing' })
  })

  it.each([
    [
      'location=Tulum&guests=0&checkIn=2026-07-10&checkOut=2026-07-12',
      'VALIDATION_ERROR',
      'Por favor indica el número de huéspedes',
    ],
    [
      'location=Tulum&guests=dos&checkIn=2026-07-10&checkOut=2026-07-12',
      'VALIDATION_ERROR',
      'El número de huéspedes debe ser un número entero entre 1 y 50',
    ],
    [
      'location=Tulum&guests=2&checkIn=2026-07-10&checkOut=12/07/2026',
      'INVALID_DATE',
      'La fecha de salida no es válida (usa el formato aaaa-mm-dd)',
    ],
  ])('explains a malformed field in "%s" with the API\'s code and words', (search, code, message) => {
    expect(problem(search)).toEqual({ kind: 'invalid', code, message })
  })
})

describe('searchFormValues', () => {
  it('keeps what a field can show and starts guests at two', () => {
    expect(
      searchFormValues(
        new URLSearchParams('location=%20Tulum%20&checkIn=10/07/2026&checkOut=2026-07-12&guests=0'),
      ),
    ).toEqual({
      location: 'Tulum',
      checkIn: '',
      checkOut: '2026-07-12',
      guests: 2,
    })
    expect(searchFormValues(new URLSearchParams('guests=6')).guests).toBe(6)
    expect(searchFormValues(new URLSearchParams('guests=99')).guests).toBe(2)
  })
})

describe('countActiveFilters', () => {
  it('counts each stepper above 0 and each amenity', () => {
    expect(countActiveFilters({ bedrooms: 0, beds: 2, bathrooms: 1, amenities: ['wifi', 'pool'] })).toBe(4)
    expect(countActiveFilters({ bedrooms: 0, beds: 0, bathrooms: 0, amenities: [] })).toBe(0)
  })
})
