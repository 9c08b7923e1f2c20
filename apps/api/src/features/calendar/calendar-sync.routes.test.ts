/**
 * Issue 22, point 5: the host's side of calendar sync (export address, imported calendars) and the
 * public export read back by ical.js.
 */

import { randomUUID } from 'node:crypto'
import {
  CALENDAR_API,
  CALENDAR_SYNC_LIMITS,
  CalendarSyncResponseSchema,
  calendarSyncMessages,
} from '@cabanas/domain/calendar'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBlock, insertReservation } from '../../test/factories.ts'
import { completeListing } from '../../test/listing-fixtures.ts'
import {
  type Api,
  injectApi,
  insertHost,
  insertOperator,
  plantPublishedListing,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'

const PUBLIC_URL = 'https://cabanas.example.mx'
let ctx: Awaited<ReturnType<typeof buildTestApp>>
let api: Api
const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01', env: { PUBLIC_URL } })
  api = injectApi(ctx.app)
})
afterAll(() => ctx.close())

async function world() {
  const host = await insertHost(ctx.db, api, session)
  const operator = await insertOperator(ctx.db, session)
  const photos = Array.from({ length: 5 }, () => randomUUID())
  const { listingId, cabinId } = await plantPublishedListing(ctx.db, {
    hostId: host.client.id,
    operatorId: operator.client.id,
    draft: completeListing(photos),
  })
  const sync = async () => {
    const res = await api({ url: CALENDAR_API.sync(listingId), token: host.token })
    expect(res.status, res.body).toBe(200)
    return CalendarSyncResponseSchema.parse(res.json())
  }
  const addFeed = (body: unknown) =>
    api({ method: 'POST', url: CALENDAR_API.feeds(listingId), token: host.token, body })
  return { host, listingId, cabinId, sync, addFeed }
}

/** The export address as other platforms read it: through the app, by its path. */
const readExport = (exportUrl: string) => api({ url: exportUrl.replace(PUBLIC_URL, '') })

describe('the export address', () => {
  it('is built from PUBLIC_URL, stays the same between reads, and serves the taken nights without guest data', async () => {
    const w = await world()
    await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-07-06',
      checkOut: '2026-07-08',
      guestFirstName: 'Lucía',
      guestLastName: 'Pérez',
    })
    await insertBlock(ctx.db, {
      cabinId: w.cabinId,
      startsOn: '2026-07-10',
      endsOn: '2026-07-12',
      note: 'Boda',
    })
    const first = await w.sync()
    expect(first.exportUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendars/[A-Za-z0-9_-]{32}\\.ics$`))
    expect((await w.sync()).exportUrl).toBe(first.exportUrl)
    const res = await ctx.app.inject({
      url: first.exportUrl.replace(PUBLIC_URL, ''),
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    for (const secret of ['Lucía', 'Pérez', 'ana@ejemplo.mx', '5512345678', 'Boda', 'evil.example'])
      expect(res.body).not.toContain(secret)
    const root = new ICAL.Component(ICAL.parse(res.body))
    const events = root.getAllSubcomponents('vevent').map((vevent) => {
      const start = vevent.getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>
      const end = vevent.getFirstPropertyValue('dtend') as InstanceType<typeof ICAL.Time>
      return {
        uid: String(vevent.getFirstPropertyValue('uid')),
        start: start.toString(),
        end: end.toString(),
        allDay: start.isDate && end.isDate,
        summary: vevent.getFirstPropertyValue('summary'),
      }
    })
    expect(events).toEqual([
      {
        uid: expect.stringMatching(/^reservation-.+@cabanas\.mx$/),
        start: '2026-07-06',
        end: '2026-07-08',
        allDay: true,
        summary: 'Reservado',
      },
      {
        uid: expect.stringMatching(/^block-.+@cabanas\.mx$/),
        start: '2026-07-10',
        end: '2026-07-12',
        allDay: true,
        summary: 'No disponible',
      },
    ])
    // Stable UIDs: the same events on the next read.
    const again = new ICAL.Component(ICAL.parse((await readExport(first.exportUrl)).body))
    expect(again.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'))).toEqual(
      events.map((event) => event.uid),
    )
  })

  it('changes when the host asks for a new one: the old address answers 404 in Spanish', async () => {
    const w = await world()
    const old = (await w.sync()).exportUrl
    const res = await api({
      method: 'POST',
      url: CALENDAR_API.exportAddress(w.listingId),
      token: w.host.token,
    })
    expect(res.status, res.body).toBe(200)
    const fresh = res.json().exportUrl as string
    expect(fresh).not.toBe(old)
    expect((await w.sync()).exportUrl).toBe(fresh)
    const gone = await readExport(old)
    expect(gone.status).toBe(404)
    expect(gone.json().message).toBe(calendarSyncMessages.exportNotFound)
    expect((await readExport(fresh)).status).toBe(200)
  })

  it.each(['nada', 'x'.repeat(200), '%00', `${'a'.repeat(32)}.ics`])(
    'answers 404, never 500, for %s',
    async (file) => {
      const res = await api({ url: `/api/calendars/${file}` })
      expect(res.status).toBe(404)
      expect(res.json()).toMatchObject({ success: false })
    },
  )
})

describe('imported calendars', () => {
  it('adds one with a name and address, lists it as pending, and removes it', async () => {
    const w = await world()
    const res = await w.addFeed({ name: 'Airbnb', url: 'https://www.airbnb.mx/calendar/ical/123.ics?s=abc' })
    expect(res.status, res.body).toBe(201)
    const { feeds } = await w.sync()
    expect(feeds).toEqual([
      expect.objectContaining({ name: 'Airbnb', status: 'pending', lastSyncedAt: null, lastError: null }),
    ])
    const removed = await api({
      method: 'DELETE',
      url: CALENDAR_API.feed(w.listingId, must(feeds[0], 'feeds[0]').id),
      token: w.host.token,
    })
    expect(removed.status).toBe(204)
    expect((await w.sync()).feeds).toEqual([])
    const again = await api({
      method: 'DELETE',
      url: CALENDAR_API.feed(w.listingId, must(feeds[0], 'feeds[0]').id),
      token: w.host.token,
    })
    expect(again.status).toBe(404)
    expect(again.json().message).toBe(calendarSyncMessages.feedNotFound)
  })

  it.each([
    [{ name: '', url: 'https://a.example/c.ics' }, calendarSyncMessages.nameMissing],
    [{ name: 'Airbnb', url: 'webcal://a.example/c.ics' }, calendarSyncMessages.urlInvalid],
    [{ name: 'Airbnb', url: 'file:///etc/passwd' }, calendarSyncMessages.urlInvalid],
    [{ name: 'Airbnb', url: 'no es una dirección' }, calendarSyncMessages.urlInvalid],
    [{ name: 'Airbnb' }, calendarSyncMessages.urlMissing],
    [{ name: 'x'.repeat(41), url: 'https://a.example/c.ics' }, calendarSyncMessages.nameLong],
    [{ name: 'Airbnb', url: `https://a.example/${'x'.repeat(2000)}` }, calendarSyncMessages.urlLong],
  ])('refuses %j with a Spanish 400', async (body, message) => {
    const w = await world()
    const res = await w.addFeed(body)
    expect(res.status).toBe(400)
    expect(res.body).toContain(message)
  })

  it(`refuses a ${CALENDAR_SYNC_LIMITS.feedsPerCabin + 1}th calendar and the same address twice`, async () => {
    const w = await world()
    for (let n = 0; n < CALENDAR_SYNC_LIMITS.feedsPerCabin; n += 1)
      expect((await w.addFeed({ name: `Plataforma ${n}`, url: `https://p${n}.example/c.ics` })).status).toBe(
        201,
      )
    const sixth = await w.addFeed({ name: 'Otra', url: 'https://otra.example/c.ics' })
    expect(sixth.status).toBe(409)
    expect(sixth.json().message).toBe(calendarSyncMessages.tooManyFeeds)
    const other = await world()
    expect((await other.addFeed({ name: 'A', url: 'https://dup.example/c.ics' })).status).toBe(201)
    const twice = await other.addFeed({ name: 'B', url: 'https://dup.example/c.ics' })
    expect(twice.status).toBe(409)
    expect(twice.json().message).toBe(calendarSyncMessages.duplicateFeed)
  })

  it('limits how many calendars and new addresses a host asks for in an hour (429 in Spanish)', async () => {
    const w = await world()
    const statuses: number[] = []
    for (let n = 0; n < 21; n += 1) {
      const res = await api({
        method: 'POST',
        url: CALENDAR_API.exportAddress(w.listingId),
        token: w.host.token,
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
