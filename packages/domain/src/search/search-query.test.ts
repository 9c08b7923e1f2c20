import { describe, expect, it } from 'vitest'
import { DomainError } from '../shared/errors.ts'
import { matchesLocation, parseSearchQuery } from './search-query.ts'

const today = '2026-06-01'
const valid = { location: 'Valle de Bravo', checkIn: '2026-06-01', checkOut: '2026-06-03', guests: '4' }

describe('parseSearchQuery', () => {
  it('parses a complete query and defaults the filters', () => {
    expect(parseSearchQuery(valid, { today })).toEqual({
      location: 'Valle de Bravo',
      locationKey: 'valle de bravo',
      checkIn: '2026-06-01',
      checkOut: '2026-06-03',
      nights: 2,
      guests: 4,
      bedrooms: 0,
      beds: 0,
      bathrooms: 0,
      amenities: [],
    })
  })

  it('accepts arrival today in Mexico City', () => {
    expect(parseSearchQuery({ ...valid, checkIn: today }, { today }).checkIn).toBe(today)
  })

  it('reads amenities in every common form and drops duplicates', () => {
    expect(parseSearchQuery({ ...valid, amenities: 'wifi, pool,wifi' }, { today }).amenities).toEqual([
      'wifi',
      'pool',
    ])
    expect(parseSearchQuery({ ...valid, amenities: ['wifi', 'pool'] }, { today }).amenities).toEqual([
      'wifi',
      'pool',
    ])
    expect(parseSearchQuery({ ...valid, 'amenities[]': ['jacuzzi'] }, { today }).amenities).toEqual([
      'jacuzzi',
    ])
  })

  it.each([
    [{ ...valid, checkOut: '2026-06-01' }, 'INVALID_DATE_RANGE'],
    [{ ...valid, checkIn: '2026-05-31' }, 'INVALID_DATE'],
    [{ ...valid, guests: '' }, 'VALIDATION_ERROR'],
    [{ ...valid, beds: 'muchas' }, 'VALIDATION_ERROR'],
  ])('rejects %o with %s', (raw, code) => {
    try {
      parseSearchQuery(raw, { today })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError)
      expect((error as DomainError).code).toBe(code)
    }
  })
})

describe('matchesLocation', () => {
  const place = { population: 'San Cristóbal de las Casas', state: 'Chiapas' }
  it.each([
    ['san cristobal de las casas, chiapas', true],
    ['san cristobal de las casas', true],
    ['chiapas', true],
    ['san cristobal', false],
    ['tulum', false],
  ])('%s → %s', (key, expected) => {
    expect(matchesLocation(place, key)).toBe(expected)
  })
})
