import { describe, expect, it } from 'vitest'
import { readTripToken, rememberTripToken, TRIP_TOKEN_DAYS } from './trip-access'

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
})
