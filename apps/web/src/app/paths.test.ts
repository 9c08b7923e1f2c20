import { describe, expect, it } from 'vitest'
import { paths } from './paths'

describe('paths', () => {
  it.each([
    [paths.cabin('abc'), '/cabin/abc'],
    [
      paths.cabin('abc', { checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }),
      '/cabin/abc?checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    ],
    [paths.cabin('a/b c'), '/cabin/a%2Fb%20c'],
    [paths.results(), '/results'],
    [
      paths.results({
        location: 'Tulum, Quintana Roo',
        guests: 2,
        checkIn: '2026-07-01',
        checkOut: '2026-07-03',
        beds: 0,
        bathrooms: 1,
        amenities: ['wifi', 'pool'],
      }),
      '/results?location=Tulum%2C+Quintana+Roo&guests=2&checkIn=2026-07-01&checkOut=2026-07-03&bathrooms=1&amenities=wifi%2Cpool',
    ],
    [
      paths.results({
        location: 'Tulum',
        guests: 1,
        checkIn: '2026-07-01',
        checkOut: '2026-07-02',
        bedrooms: 2,
      }),
      '/results?location=Tulum&guests=1&checkIn=2026-07-01&checkOut=2026-07-02&bedrooms=2',
    ],
    [
      paths.results({ location: 'Mazamitla, Jalisco', amenities: [] }),
      '/results?location=Mazamitla%2C+Jalisco',
    ],
    [paths.myReservations(), '/my-reservations'],
    [paths.checkout(), '/checkout'],
    [
      paths.checkout({ cabinId: 'abc', checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }),
      '/checkout?cabin=abc&checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })
})
