import { describe, expect, it } from 'vitest'
import { countActiveFilters, readResultsQuery } from './results-query'

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

describe('countActiveFilters', () => {
  it('counts each stepper above 0 and each amenity', () => {
    expect(countActiveFilters({ bedrooms: 0, beds: 2, bathrooms: 1, amenities: ['wifi', 'pool'] })).toBe(4)
    expect(countActiveFilters({ bedrooms: 0, beds: 0, bathrooms: 0, amenities: [] })).toBe(0)
  })
})
