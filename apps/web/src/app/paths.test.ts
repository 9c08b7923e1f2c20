import { describe, expect, it } from 'vitest'
import { paths, stayInSearch } from './paths'

describe('paths', () => {
  it.each([
    [paths.cabin('abc'), '/cabin/abc'],
    [
      paths.cabin('abc', { checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }),
      '/cabin/abc?checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    ],
    [paths.cabin('a/b c'), '/cabin/a%2Fb%20c'],
    [paths.cabinPhotos('abc'), '/cabin/abc/fotos'],
    [paths.hostCalendar('abc'), '/anfitrion/cabanas/abc/calendario'],
    [paths.hostCalendar('abc', { month: '2026-07' }), '/anfitrion/cabanas/abc/calendario?mes=2026-07'],
    [
      paths.cabinPhotos('a/b', { checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }),
      '/cabin/a%2Fb/fotos?checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    ],
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
    [paths.home(), '/'],
    // A destination chosen before the app runs: the header search starts with it, on its arrival.
    [paths.home({ location: 'Mazamitla, Jalisco' }), '/?location=Mazamitla%2C+Jalisco#search-check-in'],
    [paths.destination('tapalpa-jalisco'), '/destinos/tapalpa-jalisco'],
    [
      paths.destination('tapalpa-jalisco', { location: 'Tapalpa, Jalisco' }),
      '/destinos/tapalpa-jalisco?location=Tapalpa%2C+Jalisco#search-check-in',
    ],
    [paths.checkout(), '/checkout'],
    [
      paths.checkout({ cabinId: 'abc', checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }),
      '/checkout?cabin=abc&checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe('stayInSearch', () => {
  it('keeps the stay of an address and leaves out what is malformed or foreign', () => {
    expect(stayInSearch(new URLSearchParams('checkIn=2026-07-01&checkOut=2026-07-03&guests=2&x=1'))).toEqual({
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      guests: 2,
    })
    expect(stayInSearch(new URLSearchParams('checkIn=mañana&checkOut=2026-02-30&guests=1.5'))).toEqual({
      checkIn: undefined,
      checkOut: undefined,
      guests: undefined,
    })
    expect(stayInSearch(new URLSearchParams(''))).toEqual({
      checkIn: undefined,
      checkOut: undefined,
      guests: undefined,
    })
  })
})
