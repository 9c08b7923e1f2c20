import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dayOfWeek } from '@cabanas/domain/shared'
import { expect, test } from '@playwright/test'
import { type AppServer, startApp } from './app-server.ts'
import { openJourney, screenshot } from './fixtures.ts'
import { cabinCalendar, daysFromToday, horizontalOverflow } from './helpers.ts'
import { publishedCabin, widgetSays } from './host-cabin.ts'

/**
 * Issue 22, on a phone: the host of a published cabin imports a calendar served by another platform
 * (a local HTTP server here); within one poll its event's nights are blocked and the guest's widget
 * refuses them, and once the event is gone from the calendar they are free again.
 *
 * ICAL_ALLOW_PRIVATE (reading from 127.0.0.1) is refused with NODE_ENV=production, the shared
 * server's (global-setup.ts): this spec starts its own app with NODE_ENV=test and a 3 s poll, so no
 * other journey runs with a test-only knob or a busy import job.
 */

const PHONE = { width: 375, height: 812 }
/** ICAL_POLL_MINUTES of this spec's app: every 3 s. */
const POLL_MINUTES = 0.05
/** One poll, with room for a loaded machine (the job reads 4 feeds at a time, each within 10 s). */
const ONE_POLL_MS = 30_000
const suffix = Math.random().toString(36).slice(2, 7)
const LOCALITY = `Rancho La Sincronía ${suffix}`
const TITLE = `Cabaña Los Calendarios ${suffix}`
const OPERATOR_EMAIL = 'operador.sincronizar.e2e@cabanas.mx'

let app: AppServer
/** The other platform's calendar: what its server answers now. */
let feedBody = ''
let feedServer: Server
let feedUrl = ''

const compact = (date: string) => date.replaceAll('-', '')

/** An .ics as Airbnb exports it: one all-day event per stay, or none. */
function calendar(events: { uid: string; checkIn: string; checkOut: string }[]) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    ...events.flatMap(({ uid, checkIn, checkOut }) => [
      'BEGIN:VEVENT',
      `DTSTAMP:${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
      `DTSTART;VALUE=DATE:${compact(checkIn)}`,
      `DTEND;VALUE=DATE:${compact(checkOut)}`,
      `UID:${uid}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

test.beforeAll(async () => {
  feedServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
    response.end(feedBody)
  })
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/calendar/ical/${suffix}.ics`
  app = await startApp({
    NODE_ENV: 'test',
    OPERATOR_EMAILS: OPERATOR_EMAIL,
    ICAL_ALLOW_PRIVATE: 'true',
    ICAL_POLL_MINUTES: String(POLL_MINUTES),
  })
})
test.afterAll(async () => {
  await app?.stop()
  await new Promise((resolve) => feedServer?.close(resolve))
})

/** A weekend (Friday to Sunday) five weeks ahead at least. */
function weekendAhead() {
  for (let days = 35; ; days++) {
    if (dayOfWeek(daysFromToday(days)) === 5) {
      return {
        friday: daysFromToday(days),
        saturday: daysFromToday(days + 1),
        sunday: daysFromToday(days + 2),
      }
    }
  }
}

/** Waits, at most one poll, until the cabin's public calendar has the weekend's nights `taken` or not. */
async function untilNights(cabinId: string, nights: string[], taken: boolean) {
  const started = Date.now()
  while (Date.now() - started < ONE_POLL_MS) {
    const { bookedNights } = await cabinCalendar(app.baseUrl, cabinId)
    if (nights.every((night) => bookedNights.includes(night) === taken)) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the nights ${nights.join(', ')} were not ${taken ? 'blocked' : 'freed'} within one poll`)
}

test.describe('calendar sync on a phone', () => {
  test('imports a calendar: its event blocks the nights within one poll, and its removal frees them', async ({
    browser,
  }) => {
    const { host, listingId, cabinId } = await publishedCabin(app, {
      hostEmail: `anfitrion.sincronizar.${suffix}@ejemplo.mx`,
      operatorEmail: OPERATOR_EMAIL,
      locality: LOCALITY,
      title: TITLE,
    })
    const { friday, saturday, sunday } = weekendAhead()
    const weekend = { checkIn: friday, checkOut: sunday }
    const total = 2 * 2_000_00 + Math.round(2 * 2_000_00 * 0.12)
    const cabin = { cabinId, title: TITLE }
    feedBody = calendar([{ uid: `HMAB${suffix}@airbnb.com`, ...weekend }])
    expect((await cabinCalendar(app.baseUrl, cabinId)).bookedNights).not.toContain(friday)

    // The host, signed in on an earlier visit, adds the Airbnb calendar to the cabin's calendar page.
    const journey = await openJourney(browser, { ...PHONE, appUrl: app.baseUrl })
    const { page } = journey
    await journey.context.addInitScript((session) => {
      localStorage.setItem('auth_token', session.token)
      localStorage.setItem('auth_user', JSON.stringify(session.client))
    }, host)
    await page.goto(`${app.baseUrl}/anfitrion/cabanas/${listingId}/calendario`)
    await page.getByRole('heading', { level: 1, name: 'Calendario' }).waitFor()
    const sync = page.getByRole('region', { name: 'Sincronizar calendarios' })
    await sync.getByText('Aún no importas ningún calendario.').waitFor()
    await sync.getByLabel('Nombre').fill('Airbnb')
    await sync.getByLabel('Dirección del calendario (iCal)').fill(feedUrl)
    await sync.getByRole('button', { name: 'Agregar calendario' }).click()
    const feed = sync.getByRole('listitem', { name: 'Airbnb' })
    await feed.getByText(feedUrl).waitFor()

    // Within one poll the weekend is taken; the page (it asks again every minute) shows it read.
    const blockedAfter = await untilNights(cabinId, [friday, saturday], true)
    console.info(`import: nights blocked ${blockedAfter} ms after the check`)
    expect((await cabinCalendar(app.baseUrl, cabinId)).bookedNights).not.toContain(sunday)
    await page.reload()
    await feed.getByText('OK', { exact: true }).waitFor()
    await feed.getByText(/^Última sincronización: /).waitFor()
    await feed.scrollIntoViewIfNeeded()
    await screenshot(page, 'host-calendar-sync-mobile')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 1366, height: 900 })
    await feed.scrollIntoViewIfNeeded()
    await screenshot(page, 'host-calendar-sync-1366')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.setViewportSize(PHONE)

    const guest = await openJourney(browser, { ...PHONE, appUrl: app.baseUrl })
    expect(await widgetSays(guest.page, app, cabin, weekend, total)).toBe('refused')

    // The stay is cancelled on Airbnb: its calendar has no event any more, and within one poll the
    // weekend is offered again at its price.
    feedBody = calendar([])
    const freedAfter = await untilNights(cabinId, [friday, saturday], false)
    console.info(`import: nights freed ${freedAfter} ms after the change`)
    expect(await widgetSays(guest.page, app, cabin, weekend, total)).toBe('quoted')

    expect(journey.pageErrors).toEqual([])
    expect(journey.outsideRequests).toEqual([])
    expect(guest.pageErrors).toEqual([])
    expect(guest.outsideRequests).toEqual([])
    await journey.context.close()
    await guest.context.close()
  })
})
