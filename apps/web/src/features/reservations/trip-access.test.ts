import { describe, expect, it } from 'vitest'
import { must } from '../../test/must'
import { findRememberedStay, readTripToken, rememberTripToken, TRIP_TOKEN_DAYS } from './trip-access'

/** A Storage of its own for each test, like a browser's local or one tab's session storage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

const ID = '5f3c1a2b-0000-4000-8000-00000000abcd'
const SECRET = 'Zk3_secreto-del-enlace-de-prueba'
const DAY = 86_400_000
const now = Date.UTC(2026, 10, 27, 18)

describe('the trip’s secret in this browser', () => {
  it('is shared by every tab: kept in local storage, not in the tab that opened the link', () => {
    const browser = memoryStorage()
    const firstTab = memoryStorage()
    const newTab = memoryStorage()
    rememberTripToken(ID, SECRET, now, browser)
    expect(firstTab.length).toBe(0)
    expect(readTripToken(ID, now + 1_000, browser, newTab)).toBe(SECRET)
    expect(readTripToken('otra-reserva', now, browser, newTab)).toBeNull()
  })

  it(`is dropped ${TRIP_TOKEN_DAYS} days after the trip was last opened; each opening starts them again`, () => {
    const browser = memoryStorage()
    rememberTripToken(ID, SECRET, now, browser)
    rememberTripToken(ID, SECRET, now + 20 * DAY, browser)
    expect(readTripToken(ID, now + (20 + TRIP_TOKEN_DAYS) * DAY - 1, browser)).toBe(SECRET)
    expect(readTripToken(ID, now + (20 + TRIP_TOKEN_DAYS) * DAY, browser)).toBeNull()
    expect(browser.length).toBe(0)
  })

  it('moves a secret a tab kept in its session storage (before this change) to local storage', () => {
    const browser = memoryStorage()
    const tab = memoryStorage()
    tab.setItem(`cabanas.trip.${ID}`, SECRET)
    expect(readTripToken(ID, now, browser, tab)).toBe(SECRET)
    expect(tab.length).toBe(0)
    expect(readTripToken(ID, now, browser, memoryStorage())).toBe(SECRET)
  })

  it('ignores what it cannot read', () => {
    const browser = memoryStorage()
    browser.setItem(`cabanas.trip.${ID}`, '{no es json')
    expect(readTripToken(ID, now, browser, memoryStorage())).toBeNull()
  })

  it('keeps the stay a checkout booked beside the secret, and a later visit of the trip keeps it too', () => {
    const browser = memoryStorage()
    const stay = { cabinId: 'cabin-42', checkIn: '2026-12-18', checkOut: '2026-12-20' }
    rememberTripToken(ID, SECRET, now, browser, stay)
    rememberTripToken(ID, SECRET, now + DAY, browser)
    expect(JSON.parse(must(browser.getItem(`cabanas.trip.${ID}`), 'the trip token stored'))).toEqual({
      token: SECRET,
      savedAt: now + DAY,
      stay,
    })
    expect(readTripToken(ID, now + DAY, browser)).toBe(SECRET)
  })
})

describe('the reservations this browser made of a cabin', () => {
  const stay = { cabinId: 'cabin-42', checkIn: '2026-12-18', checkOut: '2026-12-20' }

  it.each([
    ['the same dates', '2026-12-18', '2026-12-20', true],
    ['dates that overlap its first night', '2026-12-16', '2026-12-19', true],
    ['dates inside it', '2026-12-19', '2026-12-20', true],
    ['the night before (leaving on its arrival day)', '2026-12-17', '2026-12-18', false],
    ['the night after (arriving on its departure day)', '2026-12-20', '2026-12-22', false],
  ])('finds the reservation for %s: %s – %s', (_name, checkIn, checkOut, found) => {
    const browser = memoryStorage()
    browser.setItem('auth_token', 'ignored')
    rememberTripToken(ID, SECRET, now, browser, stay)
    const own = findRememberedStay('cabin-42', { checkIn, checkOut }, now, browser)
    expect(own).toEqual(found ? { reservationId: ID, ...stay } : null)
  })

  it('knows only its own cabin, trips it keeps a stay for, and not after the secret has expired', () => {
    const browser = memoryStorage()
    rememberTripToken(ID, SECRET, now, browser, stay)
    rememberTripToken('sin-estancia', SECRET, now, browser)
    const dates = { checkIn: '2026-12-18', checkOut: '2026-12-20' }
    expect(findRememberedStay('otra-cabana', dates, now, browser)).toBeNull()
    expect(findRememberedStay('cabin-42', dates, now + TRIP_TOKEN_DAYS * DAY, browser)).toBeNull()
  })
})
