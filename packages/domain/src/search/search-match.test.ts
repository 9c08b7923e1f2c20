import { describe, expect, it } from 'vitest'
import {
  compareSearchResults,
  fitsSearch,
  isFreeFor,
  isFreeForDays,
  type SearchableCabin,
  staysOverlap,
} from './search-match.ts'
import type { SearchQuery } from './search-query.ts'

const cabin: SearchableCabin = {
  id: 'b',
  minOccupancy: 2,
  maxOccupancy: 6,
  minNights: 2,
  bedrooms: 2,
  beds: 3,
  bathrooms: 1,
  amenities: new Set(['wifi', 'pool']),
  restricted: false,
  weekdayRate: 1_500_00,
}
const query: SearchQuery = {
  location: 'Tapalpa',
  locationKey: 'tapalpa',
  checkIn: '2026-07-01',
  checkOut: '2026-07-03',
  nights: 2,
  guests: 4,
  bedrooms: 0,
  beds: 0,
  bathrooms: 0,
  amenities: [],
}

describe('staysOverlap', () => {
  it.each([
    [
      { checkIn: '2026-07-01', checkOut: '2026-07-03' },
      { checkIn: '2026-07-02', checkOut: '2026-07-04' },
      true,
    ],
    [
      { checkIn: '2026-07-01', checkOut: '2026-07-03' },
      { checkIn: '2026-07-03', checkOut: '2026-07-05' },
      false,
    ],
    [
      { checkIn: '2026-07-03', checkOut: '2026-07-05' },
      { checkIn: '2026-07-01', checkOut: '2026-07-03' },
      false,
    ],
    [
      { checkIn: '2026-07-01', checkOut: '2026-07-10' },
      { checkIn: '2026-07-04', checkOut: '2026-07-05' },
      true,
    ],
    [
      { checkIn: '2026-12-30', checkOut: '2027-01-02' },
      { checkIn: '2027-01-01', checkOut: '2027-01-03' },
      true,
    ],
  ])('%o and %o → %s', (a, b, expected) => {
    expect(staysOverlap(a, b)).toBe(expected)
  })
})

describe('isFreeFor', () => {
  it('is free between two held stays that touch it', () => {
    const held = [
      { checkIn: '2026-06-28', checkOut: '2026-07-01' },
      { checkIn: '2026-07-03', checkOut: '2026-07-06' },
    ]
    expect(isFreeFor(held, { checkIn: '2026-07-01', checkOut: '2026-07-03' })).toBe(true)
    expect(isFreeFor(held, { checkIn: '2026-07-01', checkOut: '2026-07-04' })).toBe(false)
  })
})

describe('isFreeForDays', () => {
  const held = [10, 13, 20, 22]
  it.each([
    [13, 20, true],
    [8, 10, true],
    [22, 25, true],
    [12, 14, false],
    [9, 11, false],
    [19, 23, false],
    [0, 100, false],
  ])('[%i, %i) → %s', (start, end, expected) => {
    expect(isFreeForDays(held, start, end)).toBe(expected)
  })
  it('is free when nothing is held', () => {
    expect(isFreeForDays([], 1, 2)).toBe(true)
  })
})

describe('fitsSearch', () => {
  it.each([
    ['fits', {}, true],
    ['too many guests', { guests: 7 }, false],
    ['too few guests', { guests: 1 }, false],
    ['shorter than the minimum stay', { nights: 1 }, false],
    ['at least 3 beds', { beds: 3 }, true],
    ['at least 4 beds', { beds: 4 }, false],
    ['at least 2 bathrooms', { bathrooms: 2 }, false],
    ['at least 2 bedrooms', { bedrooms: 2 }, true],
    ['every amenity present', { amenities: ['wifi', 'pool'] as SearchQuery['amenities'] }, true],
    ['one amenity missing', { amenities: ['wifi', 'jacuzzi'] as SearchQuery['amenities'] }, false],
  ])('%s', (_name, change, expected) => {
    expect(fitsSearch(cabin, { ...query, ...change })).toBe(expected)
  })
})

describe('compareSearchResults', () => {
  it('puts restricted cabins last and the cheapest first', () => {
    const a = { ...cabin, id: 'a', weekdayRate: 3_000_00 }
    const c = { ...cabin, id: 'c', weekdayRate: 500_00, restricted: true }
    expect([a, cabin, c].sort(compareSearchResults).map((x) => x.id)).toEqual(['b', 'a', 'c'])
  })
})
