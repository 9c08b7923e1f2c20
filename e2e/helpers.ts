import { SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'
import { expect, type Locator, type Page } from '@playwright/test'
import { E2E_WAIT_MS } from './fixtures.ts'
import { must } from './must.ts'

/** A calendar date n days after today in Mexico City. */
export function daysFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A calendar date as guests read it in sentences and summaries: '5 de diciembre de 2026'. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${day} de ${SPANISH_MONTH_NAMES[month - 1]} de ${year}`
}

/** The accessible name of a day button in our calendars: '… 5 de diciembre de 2026'. */
export function dayName(date: string): RegExp {
  return new RegExp(`\\b${longDate(date)}`)
}

/** Any day button of our calendars, by the date its name ends with: '… 5 de diciembre de 2026'. */
const ANY_DAY = /\b\d{1,2} de [a-z]+ de \d{4}/

/**
 * Clicks a day in an open calendar, moving to later months when needed. A month change may be a
 * transition (the host calendar keeps its month in the URL), drawn later on a busy machine: after each
 * 'Mes siguiente' it waits until the first day shown is another date, so no month is skipped unseen.
 */
export async function pickDay(page: Page, date: string, scope = page.locator('body')) {
  const firstDay = scope.getByRole('button', { name: ANY_DAY }).first()
  const firstDate = async () => ANY_DAY.exec((await firstDay.getAttribute('aria-label')) ?? '')?.[0]
  await firstDay.waitFor()
  for (let i = 0; i < 14; i++) {
    const day = scope.getByRole('button', { name: dayName(date) }).first()
    if (await day.isVisible()) return day.click()
    const shown = await firstDate()
    await scope.getByRole('button', { name: 'Mes siguiente' }).first().click()
    await expect
      .poll(firstDate, { message: `'Mes siguiente' did not leave the month of ${shown}`, intervals: [50] })
      .not.toBe(shown)
  }
  throw new Error(`day ${date} not found in the calendar`)
}

/** Pages never scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

export type ApiCabin = {
  _id: string
  location: { population: string; state: string }
  propertyDetails: { name: string; minOccupancy: number; maxOccupancy: number }
  restrictions: { message: string }[]
  rates: { minNights: number }
}

export async function listCabins(baseUrl: string): Promise<ApiCabin[]> {
  const res = await fetch(`${baseUrl}/habitaciones?limit=500`)
  return ((await res.json()) as { habitaciones: ApiCabin[] }).habitaciones
}

export type CabinCalendar = { bookedNights: string[]; minNights: number }

export async function cabinCalendar(baseUrl: string, cabinId: string): Promise<CabinCalendar> {
  const res = await fetch(`${baseUrl}/api/availability/cabin/${cabinId}`)
  return (await res.json()) as CabinCalendar
}

/** The first stay of `nights` nights, starting at least `from` days ahead, that holds no booked night. */
export function firstFreeStay(
  calendar: CabinCalendar,
  nights: number,
  from = 7,
): { checkIn: string; checkOut: string } {
  const booked = new Set(calendar.bookedNights)
  for (let start = from; start < from + 300; start++) {
    const stay = Array.from({ length: nights }, (_, i) => daysFromToday(start + i))
    if (stay.every((night) => !booked.has(night))) {
      return { checkIn: must(stay[0], 'a first night'), checkOut: daysFromToday(start + nights) }
    }
  }
  throw new Error('no free stay found')
}

/** A bookable cabin (no restriction) with booked nights in the coming months. */
export async function cabinWithBookings(
  baseUrl: string,
): Promise<{ cabin: ApiCabin; calendar: CabinCalendar }> {
  for (const cabin of await listCabins(baseUrl)) {
    if (cabin.restrictions.length > 0) continue
    const calendar = await cabinCalendar(baseUrl, cabin._id)
    if (calendar.bookedNights.some((night) => night > daysFromToday(3) && night < daysFromToday(60))) {
      return { cabin, calendar }
    }
  }
  throw new Error('no cabin with bookings')
}

/**
 * Waits until React owns `locator`'s element (it marks the DOM nodes it has hydrated or rendered):
 * before that the server's HTML is on screen but a click does nothing. The locator is looked up
 * again each time: a part the page redraws after hydrating (the booking widget keeps only the layout
 * that fits the screen) is a new element.
 */
export async function whenHydrated(locator: Locator, timeoutMs = E2E_WAIT_MS) {
  await expect
    .poll(
      () =>
        locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
      { message: 'the page did not hydrate', timeout: timeoutMs, intervals: [50] },
    )
    .toBe(true)
}

/**
 * The controls in `scope` whose `aria-label` leaves out words they show: axe's
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name), which is not installed here. As axe
 * does, the shown text is the element's visible text nodes joined as they are (two `display: block`
 * spans with no space between them read as one word), and both texts are compared word by word,
 * punctuation and case aside.
 */
export async function labelInNameMismatches(scope: Locator): Promise<{ name: string; text: string }[]> {
  return scope.evaluate((root) => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    const contains = (name: string[], label: string[]) =>
      name.some((_, i) => label.length > 0 && label.every((word, j) => name[i + j] === word))
    const visibleText = (element: Element): string =>
      [...element.childNodes]
        .map((node) => {
          if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
          if (node instanceof Element && node.checkVisibility({ visibilityProperty: true }))
            return visibleText(node)
          return ''
        })
        .join('')
    const controls = [root, ...root.querySelectorAll('*')].filter(
      (element) =>
        element.hasAttribute('aria-label') &&
        (element.matches('button, a[href]') || element.getAttribute('role') === 'button') &&
        element.checkVisibility(),
    )
    return controls
      .map((element) => ({ name: element.getAttribute('aria-label') ?? '', text: visibleText(element) }))
      .filter(({ name, text }) => words(text).length > 0 && !contains(words(name), words(text)))
  })
}
