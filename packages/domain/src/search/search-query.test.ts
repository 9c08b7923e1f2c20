import { describe, expect, it } from 'vitest'
import { DomainError } from '../shared/errors.ts'
import {
  locationKeyOf,
  matchesLocation,
  parseSearchFields,
  parseSearchQuery,
  searchMessages,
} from './search-query.ts'

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

describe('parseSearchQuery against hostile input', () => {
  const refusal = (raw: Record<string, string | string[]>) => {
    try {
      parseSearchQuery(raw, { today })
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError)
      return { code: (error as DomainError).code, message: (error as DomainError).message }
    }
    return expect.unreachable('accepted')
  }

  it.each([
    ['NUL', '\u0000'],
    ['SOH', '\u0001'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['a tab', '\t'],
  ])('refuses %s in the destination, the dates, the numbers and the amenities', (_name, control) => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ ...valid, location: `Valle${control} de Bravo` }, 'destino'],
      [{ ...valid, location: `Valle de Bravo${control}` }, 'destino'],
      [{ ...valid, checkIn: `${valid.checkIn}${control}` }, 'llegada'],
      [{ ...valid, guests: `4${control}` }, 'huéspedes'],
      [{ ...valid, beds: `2${control}` }, 'camas'],
      [{ ...valid, amenities: ['wifi', `pool${control}`] }, 'amenidades'],
    ]
    for (const [raw, label] of cases) {
      expect(refusal(raw)).toEqual({
        code: 'VALIDATION_ERROR',
        message: `El campo ${label} contiene caracteres no permitidos`,
      })
    }
  })

  it.each([[' 3 '], [' 3'], ['3 '], ['+3'], ['0x2'], ['1e1'], ['3.0'], ['tres']])(
    'refuses guests=%j: numbers are plain digits',
    (guests) => {
      expect(refusal({ ...valid, guests })).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'El número de huéspedes debe ser un número entero entre 1 y 50',
      })
    },
  )

  it.each([[' 2'], ['2 '], ['0x2'], ['+2']])('refuses bathrooms=%j', (bathrooms) => {
    expect(refusal({ ...valid, bathrooms }).message).toBe(
      'El filtro de baños debe ser un número entero entre 0 y 50',
    )
  })

  it('refuses a padded date rather than trimming it', () => {
    expect(refusal({ ...valid, checkIn: ` ${valid.checkIn}` }).code).toBe('INVALID_DATE')
  })

  it.each([['guests'], ['location'], ['checkIn'], ['beds']])('refuses a repeated %s parameter', (name) => {
    const value = valid[name as keyof typeof valid] ?? '1'
    expect(refusal({ ...valid, [name]: [value, value] })).toEqual({
      code: 'VALIDATION_ERROR',
      message: `El parámetro ${name} solo puede aparecer una vez`,
    })
  })

  it('still trims the destination, which is free text', () => {
    expect(parseSearchQuery({ ...valid, location: '  Valle de Bravo ' }, { today }).location).toBe(
      'Valle de Bravo',
    )
  })
})

describe('parseSearchFields', () => {
  it('reads the search without looking at the clock: dates in the past pass', () => {
    expect(parseSearchFields({ ...valid, checkIn: '2001-01-01', checkOut: '2001-01-03', beds: 'x' })).toEqual(
      {
        location: 'Valle de Bravo',
        checkIn: '2001-01-01',
        checkOut: '2001-01-03',
        guests: 4,
      },
    )
  })

  it.each([
    [{ location: 'Tulum' }, searchMessages.missing],
    [{ ...valid, location: '  ' }, searchMessages.missing],
    [{ ...valid, checkIn: '10/07/2026' }, searchMessages.invalidCheckIn],
    [{ ...valid, checkOut: '2026-02-30' }, searchMessages.invalidCheckOut],
    [{ ...valid, guests: '0' }, searchMessages.guestsRequired],
    [{ ...valid, guests: '-1' }, searchMessages.invalidGuests],
    [{ ...valid, guests: '51' }, searchMessages.invalidGuests],
  ])('refuses %o with the message the API answers', (raw, message) => {
    expect(() => parseSearchFields(raw)).toThrow(message)
    expect(() => parseSearchQuery(raw, { today })).toThrow(message)
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

describe('locationKeyOf', () => {
  it.each([
    ['Mazamitla, Jalisco', 'mazamitla, jalisco'],
    ['Mazamitla,Jalisco', 'mazamitla, jalisco'],
    ['  Mazamitla  ,   Jalisco ', 'mazamitla, jalisco'],
    ['Tepoztlán, Morelos,', 'tepoztlan, morelos'],
    [', Bacalar', 'bacalar'],
    ['Valle de Bravo', 'valle de bravo'],
  ])('%j → %j', (typed, key) => {
    expect(locationKeyOf(typed)).toBe(key)
  })
})
