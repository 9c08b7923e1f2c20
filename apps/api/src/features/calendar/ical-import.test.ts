/**
 * Issue 22, point 5: imported calendars read from a real HTTP server on 127.0.0.1. Events become blocks
 * in one poll; a feed that hangs, answers too much, redirects to this machine or answers garbage is
 * marked failed in Spanish and keeps its last good blocks; a clash with a reservation is a conflict.
 */

import { randomUUID } from 'node:crypto'
import dgram from 'node:dgram'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  CALENDAR_API,
  CALENDAR_LIMITS,
  CalendarSyncResponseSchema,
  calendarSyncMessages,
} from '@cabanas/domain/calendar'
import { addDays } from '@cabanas/domain/shared'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cabinBlocks, cabinCalendarFeeds, outbox, reservations } from '../../db/schema.ts'
import { fetchWithinLimits } from '../../lib/outbound-fetch.ts'
import { tryTakeLease } from '../../plugins/jobs.ts'
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
import { MAX_FEED_EVENTS } from './ical-feed.ts'
import { FEED_LIMITS, type ImportDeps, icalImportJob, syncDueFeeds } from './ical-import.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
/** Where the app writes the mails it sends (.eml files). */
const mailDir = mkdtempSync(path.join(tmpdir(), 'ical-mail-'))
let api: Api
let server: http.Server
let base: string
/** The same server by its IPv6 loopback address. */
let v6base: string
/** What each path of the test server answers. */
const routes = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>()
const hits = new Map<string, number>()
const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

beforeAll(async () => {
  ctx = await buildTestApp({
    today: '2026-06-01',
    env: { ICAL_ALLOW_PRIVATE: 'true', MAIL_OUTBOX_DIR: mailDir, PUBLIC_URL: 'https://cabanas.example' },
  })
  api = injectApi(ctx.app)
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const handler = routes.get(path)
    if (handler) handler(req, res)
    else res.writeHead(404).end()
  })
  server.listen(0, '::')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  v6base = `http://[::1]:${port}`
})
// A poll reads every feed of the database: each test's feeds are gone before the next test.
afterEach(async () => {
  await ctx.db.delete(cabinCalendarFeeds)
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await ctx.close()
  rmSync(mailDir, { recursive: true, force: true })
})

/** Fast limits for the tests: a hang is cut after 500 ms, a body after 4 KB. */
const deps = (allowPrivate = true): ImportDeps => ({
  db: ctx.db,
  today: () => ctx.clock.today(),
  log: ctx.app.log,
  limits: { ...FEED_LIMITS, timeoutMs: 500, maxBytes: 4096, allowPrivate },
})
/**
 * Every feed read as if a poll interval had passed since: a read in the same millisecond as the last one
 * (a quiet machine) is not due yet, as the job's clock sees it.
 */
const everyFeedDue = () =>
  ctx.db
    .update(cabinCalendarFeeds)
    .set({ lastSyncedAt: sql`${cabinCalendarFeeds.lastSyncedAt} - interval '1 minute'` })
/** One poll: every feed is due (interval 0). */
const poll = async (allowPrivate = true) => {
  await everyFeedDue()
  return syncDueFeeds(deps(allowPrivate), 0)
}

function calendar(events: { uid: string; start: string; end: string }[]) {
  const compact = (date: string) => date.replaceAll('-', '')
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Otra plataforma//ES',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20260601T000000Z',
      `DTSTART;VALUE=DATE:${compact(event.start)}`,
      `DTEND;VALUE=DATE:${compact(event.end)}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

/** A calendar of hand-written events, each given as its lines between BEGIN:VEVENT and END:VEVENT. */
function rawCalendar(events: string[][]) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Otra plataforma//ES',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20260601T000000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

/** Serves `body()` at `path` with an ETag of its text, answering 304 when it did not change. */
function serveCalendar(path: string, body: () => string) {
  routes.set(path, (req, res) => {
    const text = body()
    const etag = `"${Buffer.from(text).length}-${text.length % 97}"`
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end()
    res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(text)
  })
}

async function world() {
  const host = await insertHost(ctx.db, api, session)
  const operator = await insertOperator(ctx.db, session)
  const photos = Array.from({ length: 5 }, () => randomUUID())
  const { listingId, cabinId } = await plantPublishedListing(ctx.db, {
    hostId: host.client.id,
    operatorId: operator.client.id,
    draft: completeListing(photos),
  })
  const path = `/${randomUUID()}.ics`
  const addFeed = async (url = `${base}${path}`) => {
    const res = await api({
      method: 'POST',
      url: CALENDAR_API.feeds(listingId),
      token: host.token,
      body: { name: 'Airbnb', url },
    })
    expect(res.status, res.body).toBe(201)
  }
  const sync = async () => {
    const res = await api({ url: CALENDAR_API.sync(listingId), token: host.token })
    expect(res.status, res.body).toBe(200)
    return CalendarSyncResponseSchema.parse(res.json())
  }
  const blocks = () =>
    ctx.db
      .select({
        startsOn: cabinBlocks.startsOn,
        endsOn: cabinBlocks.endsOn,
        source: cabinBlocks.source,
        note: cabinBlocks.note,
      })
      .from(cabinBlocks)
      .where(eq(cabinBlocks.cabinId, cabinId))
      .orderBy(asc(cabinBlocks.startsOn))
  const bookedNights = async () =>
    (await api({ url: `/api/availability/cabin/${cabinId}` })).json().bookedNights as string[]
  return { token: host.token, listingId, cabinId, path, addFeed, sync, blocks, bookedNights }
}

describe('one poll', () => {
  it('turns events into blocks, frees the nights of an event removed upstream, and asks again with If-None-Match', async () => {
    const w = await world()
    let events = [
      { uid: 'a@airbnb', start: '2026-07-10', end: '2026-07-12' },
      { uid: 'b@airbnb', start: '2026-08-01', end: '2026-08-02' },
      // Ended before today: ignored.
      { uid: 'old@airbnb', start: '2026-05-01', end: '2026-05-03' },
    ]
    serveCalendar(w.path, () => calendar(events))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
      { startsOn: '2026-08-01', endsOn: '2026-08-02', source: 'ical', note: '' },
    ])
    expect(await w.bookedNights()).toEqual(expect.arrayContaining(['2026-07-10', '2026-07-11', '2026-08-01']))
    const [feed] = (await w.sync()).feeds
    expect(feed).toMatchObject({ status: 'ok', lastError: null })
    expect(must(feed, 'feed').lastSuccessAt).not.toBeNull()
    // Unchanged: 304, nothing changes.
    const before = hits.get(w.path)
    expect(await poll()).toEqual(['not-modified'])
    expect(hits.get(w.path)).toBe((before ?? 0) + 1)
    expect(await w.blocks()).toHaveLength(2)
    // Removed upstream: its nights are free again.
    events = events.filter((event) => event.uid !== 'a@airbnb')
    expect(await poll()).toEqual(['synced'])
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-08-01', endsOn: '2026-08-02', source: 'ical', note: '' },
    ])
    expect(await w.bookedNights()).not.toContain('2026-07-10')
  })

  it('records an event over a reservation as a conflict the host sees, and blocks the rest', async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-10', checkOut: '2026-07-12' })
    serveCalendar(w.path, () =>
      calendar([
        { uid: 'clash@booking', start: '2026-07-11', end: '2026-07-13' },
        { uid: 'fine@booking', start: '2026-07-20', end: '2026-07-22' },
      ]),
    )
    await w.addFeed()
    await poll()
    // The clashing event's free night (the 12th) is blocked too: the other platform sold it.
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-12', endsOn: '2026-07-13', source: 'ical', note: '' },
      { startsOn: '2026-07-20', endsOn: '2026-07-22', source: 'ical', note: '' },
    ])
    const { conflicts } = await w.sync()
    expect(conflicts).toEqual([
      expect.objectContaining({
        feedName: 'Airbnb',
        startsOn: '2026-07-11',
        endsOn: '2026-07-13',
        over: 'reservation',
      }),
    ])
    // The host is mailed once about it; the next read keeps the one conflict and mails nothing more.
    const mails = () =>
      ctx.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.kind, 'mail:calendar-conflicts'))
    expect(await mails()).toEqual([{ payload: { feedId: must(conflicts[0], 'conflicts[0]').feedId } }])
    await poll()
    expect((await w.sync()).conflicts).toHaveLength(1)
    expect(await mails()).toHaveLength(1)
    // The mail names the calendar and the nights, and links to the cabin's calendar.
    expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
    const sent = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    const mail = sent.find((text) => text.includes('Noches ocupadas en dos lugares'))
    expect(mail).toBeDefined()
    const text = must(mail, 'mail').replace(/=\r?\n/g, '')
    expect(text).toContain(`https://cabanas.example/anfitrion/cabanas/${w.listingId}/calendario`)
  })

  it("keeps a clashing event's free nights blocked across reads, and blocks all of it once the reservation is cancelled", async () => {
    const w = await world()
    const reservation = await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-09-12',
      checkOut: '2026-09-14',
    })
    // Over the reservation's two nights, with free nights on both sides.
    serveCalendar(w.path, () => calendar([{ uid: 'wide@airbnb', start: '2026-09-10', end: '2026-09-17' }]))
    await w.addFeed()
    await poll()
    const ids = () =>
      ctx.db
        .select({ id: cabinBlocks.id, startsOn: cabinBlocks.startsOn, endsOn: cabinBlocks.endsOn })
        .from(cabinBlocks)
        .where(eq(cabinBlocks.cabinId, w.cabinId))
        .orderBy(asc(cabinBlocks.startsOn))
    const first = await ids()
    expect(first.map(({ startsOn, endsOn }) => [startsOn, endsOn])).toEqual([
      ['2026-09-10', '2026-09-12'],
      ['2026-09-14', '2026-09-17'],
    ])
    expect((await w.sync()).conflicts).toEqual([
      expect.objectContaining({ startsOn: '2026-09-10', endsOn: '2026-09-17', over: 'reservation' }),
    ])
    // A feed in conflict is read in full every time; its parts stay the same rows.
    await poll()
    expect(await ids()).toEqual(first)
    // The guest cancels: the event's last nights are blocked and the conflict is gone.
    await ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, reservation.id))
    await poll()
    expect((await ids()).map(({ startsOn, endsOn }) => [startsOn, endsOn])).toEqual([
      ['2026-09-10', '2026-09-12'],
      ['2026-09-12', '2026-09-14'],
      ['2026-09-14', '2026-09-17'],
    ])
    expect((await w.sync()).conflicts).toEqual([])
    expect(await w.bookedNights()).toEqual(
      expect.arrayContaining(['2026-09-10', '2026-09-12', '2026-09-13', '2026-09-16']),
    )
  })

  it("does not export imported blocks again: only reservations and the host's own blocks", async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-06', checkOut: '2026-07-08' })
    await insertBlock(ctx.db, { cabinId: w.cabinId, startsOn: '2026-07-20', endsOn: '2026-07-21' })
    serveCalendar(w.path, () => calendar([{ uid: 'up@airbnb', start: '2026-07-10', end: '2026-07-12' }]))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(2)
    const { exportUrl } = await w.sync()
    const res = await ctx.app.inject({ url: new URL(exportUrl).pathname })
    expect(res.statusCode).toBe(200)
    const starts = [...res.body.matchAll(/DTSTART;VALUE=DATE:(\d{8})/g)].map((match) => match[1])
    expect(starts).toEqual(['20260706', '20260720'])
  })

  it('skips events with impossible dates and applies the rest', async () => {
    const w = await world()
    const dated = (uid: string, start: string, end: string) => [`UID:${uid}`, start, end]
    serveCalendar(w.path, () =>
      rawCalendar([
        dated('good', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260712'),
        dated('feb31', 'DTSTART;VALUE=DATE:20260231', 'DTEND;VALUE=DATE:20260302'),
        dated('month13', 'DTSTART;VALUE=DATE:20261340', 'DTEND;VALUE=DATE:20261345'),
        dated('garbage', 'DTSTART:garbage', 'DTEND;VALUE=DATE:20260802'),
        dated('year0', 'DTSTART;VALUE=DATE:00000101', 'DTEND;VALUE=DATE:00000103'),
        dated('end-feb30', 'DTSTART;VALUE=DATE:20260820', 'DTEND;VALUE=DATE:20260230'),
        dated('good2', 'DTSTART;VALUE=DATE:20260901', 'DTEND;VALUE=DATE:20260903'),
      ]),
    )
    await w.addFeed()
    expect(await poll()).toEqual(['synced'])
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
      { startsOn: '2026-09-01', endsOn: '2026-09-03', source: 'ical', note: '' },
    ])
    expect((await w.sync()).feeds[0]).toMatchObject({ status: 'ok', lastError: null })
  })

  it('mails about conflicts once a day at most, and only for nights not in conflict before', async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-01', checkOut: '2026-07-31' })
    let read = 0
    let events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-10', end: '2026-07-12' }]
    serveCalendar(w.path, () => {
      read += 1
      return calendar(events())
    })
    const mails = async () =>
      (
        await ctx.db
          .select({ payload: outbox.payload })
          .from(outbox)
          .where(eq(outbox.kind, 'mail:calendar-conflicts'))
      ).length
    const before = await mails()
    await w.addFeed()
    await poll()
    expect(await mails()).toBe(before + 1)
    // The UID changes on every export: the same nights are no new conflict.
    await poll()
    await poll()
    expect((await w.sync()).conflicts).toHaveLength(1)
    expect(await mails()).toBe(before + 1)
    // New nights within a day: no second mail yet.
    events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-20', end: '2026-07-22' }]
    await poll()
    expect(await mails()).toBe(before + 1)
    // A day later, more new nights: mailed again.
    await ctx.db.update(cabinCalendarFeeds).set({ lastConflictMailAt: sql`now() - interval '25 hours'` })
    events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-25', end: '2026-07-27' }]
    expect(await poll()).toEqual(['synced'])
    expect(await mails()).toBe(before + 2)
  })

  it('stores events within today and the bookable horizon, skips events over 366 nights, and keeps blocks stable', async () => {
    const w = await world()
    const lastDay = addDays('2026-06-01', CALENDAR_LIMITS.daysAhead)
    serveCalendar(w.path, () =>
      calendar([
        { uid: 'ongoing', start: '2026-05-20', end: '2026-06-05' },
        { uid: 'forever', start: '0001-01-01', end: '9999-12-31' },
        { uid: 'year', start: '2026-07-01', end: '2027-07-03' },
        { uid: 'edge', start: addDays(lastDay, -2), end: addDays(lastDay, 5) },
      ]),
    )
    await w.addFeed()
    expect(await poll()).toEqual(['synced'])
    const stored = [
      { startsOn: '2026-06-01', endsOn: '2026-06-05', source: 'ical', note: '' },
      { startsOn: addDays(lastDay, -2), endsOn: lastDay, source: 'ical', note: '' },
    ]
    expect(await w.blocks()).toEqual(stored)
    const ids = await ctx.db
      .select({ id: cabinBlocks.id })
      .from(cabinBlocks)
      .where(eq(cabinBlocks.cabinId, w.cabinId))
    await ctx.db.update(cabinCalendarFeeds).set({ etag: null })
    expect(await poll()).toEqual(['synced'])
    expect(
      await ctx.db.select({ id: cabinBlocks.id }).from(cabinBlocks).where(eq(cabinBlocks.cabinId, w.cabinId)),
    ).toEqual(ids)
  })

  it('fails a calendar with more events to come than the limit, keeping its last good blocks', async () => {
    const w = await world()
    let many = false
    serveCalendar(w.path, () =>
      calendar(
        many
          ? Array.from({ length: MAX_FEED_EVENTS + 1 }, (_, n) => ({
              uid: `e${n}`,
              start: addDays('2026-07-01', n % 600),
              end: addDays('2026-07-02', n % 600),
            }))
          : [{ uid: 'kept', start: '2026-07-10', end: '2026-07-12' }],
      ),
    )
    await w.addFeed()
    await poll()
    many = true
    const limits = { ...deps().limits, maxBytes: FEED_LIMITS.maxBytes }
    await everyFeedDue()
    expect(await syncDueFeeds({ ...deps(), limits }, 0)).toEqual(['failed'])
    expect((await w.sync()).feeds[0]).toMatchObject({ lastError: calendarSyncMessages.failure.tooManyEvents })
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
    ])
  })

  it('removing the calendar frees its nights', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(1)
    const [feed] = (await w.sync()).feeds
    const res = await api({
      method: 'DELETE',
      url: CALENDAR_API.feed(w.listingId, must(feed, 'feed').id),
      token: w.token,
    })
    expect(res.status).toBe(204)
    expect(await w.blocks()).toEqual([])
    expect(await w.bookedNights()).toEqual([])
  })
})

describe('a feed that misbehaves', () => {
  /** A feed that worked once (one block), then answers with `handler`. */
  async function brokenAfterGoodRead(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const w = await world()
    let good = true
    serveCalendar(w.path, () => calendar([{ uid: 'kept', start: '2026-07-10', end: '2026-07-12' }]))
    const goodHandler = must(routes.get(w.path), 'routes.get(w.path)')
    routes.set(w.path, (req, res) => (good ? goodHandler(req, res) : handler(req, res)))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(1)
    good = false
    return w
  }

  it.each([
    [
      'hangs',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/calendar' })
        res.write('BEGIN:VCALENDAR\r\n') // and never ends
      },
      calendarSyncMessages.failure.timeout,
    ],
    [
      'answers too much',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/calendar' })
        res.end(`BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(10_000)}\r\nEND:VCALENDAR\r\n`)
      },
      calendarSyncMessages.failure.tooLarge,
    ],
    [
      'answers garbage',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hola</body></html>')
      },
      calendarSyncMessages.failure.notCalendar,
    ],
    [
      'answers 500',
      (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(500).end(),
      calendarSyncMessages.failure.httpStatus(500),
    ],
  ])('is marked failed when it %s, and keeps its last good blocks', async (_name, handler, message) => {
    const w = await brokenAfterGoodRead(handler)
    expect(await poll()).toEqual(['failed'])
    const [feed] = (await w.sync()).feeds
    expect(feed).toMatchObject({ status: 'error', lastError: message })
    expect(must(feed, 'feed').lastSuccessAt).not.toBeNull()
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
    ])
  })

  it('cuts an oversized answer early, without reading it all', async () => {
    const w = await world()
    let written = 0
    routes.set(w.path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' })
      const chunk = 'x'.repeat(1024)
      const push = () => {
        // 10 MB unless the reader hangs up first.
        while (written < 10 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', push)
        }
        res.end()
      }
      push()
    })
    await w.addFeed()
    expect(await poll()).toEqual(['failed'])
    expect(written).toBeLessThan(10 * 1024 * 1024)
    expect((await w.sync()).feeds[0]).toMatchObject({ lastError: calendarSyncMessages.failure.tooLarge })
  })

  it('refuses a redirect to 127.0.0.1 (or to a name resolving to it) when private addresses are not allowed', async () => {
    const target = `/${randomUUID()}.ics`
    serveCalendar(target, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    // The first hop, [::1], stands for a public server: this classifier refuses only 127.0.0.0/8.
    const limits = { ...deps(false).limits, isBlocked: (address: string) => address.startsWith('127.') }
    for (const location of [`${base}${target}`, `${base.replace('127.0.0.1', 'localhost')}${target}`]) {
      const path = `/${randomUUID()}.ics`
      routes.set(path, (_req, res) => void res.writeHead(302, { location }).end())
      await expect(fetchWithinLimits(`${v6base}${path}`, {}, limits)).rejects.toMatchObject({
        failure: 'blockedAddress',
      })
      expect(hits.get(path)).toBe(1)
    }
    expect(hits.get(target) ?? 0).toBe(0)
    // The same redirect is followed when private addresses are allowed (the tests' setting).
    const path = `/${randomUUID()}.ics`
    routes.set(path, (_req, res) => void res.writeHead(302, { location: `${base}${target}` }).end())
    expect(await fetchWithinLimits(`${v6base}${path}`, {}, deps(true).limits)).toMatchObject({ kind: 'ok' })
  })

  it('marks a feed on this machine failed when private addresses are not allowed', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    expect(await poll(false)).toEqual(['failed'])
    expect((await w.sync()).feeds[0]).toMatchObject({
      lastError: calendarSyncMessages.failure.blockedAddress,
    })
    expect(hits.get(w.path) ?? 0).toBe(0)
    expect(await w.blocks()).toEqual([])
  })

  it('resolves names with c-ares (its own DNS servers, a 2 s timeout), not the threadpool', async () => {
    // A DNS server on 127.0.0.1: answers A 127.0.0.1 for calendar.test, or never answers.
    let silent = false
    const dns = dgram.createSocket('udp4')
    dns.on('message', (query, peer) => {
      if (silent) return
      let end = 12
      while (query[end] !== 0) end += must(query[end], 'query[end]') + 1
      const question = query.subarray(12, end + 5)
      const type = question.readUInt16BE(question.length - 4)
      const answer =
        type === 1
          ? Buffer.concat([
              Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]),
              Buffer.from([127, 0, 0, 1]),
            ])
          : Buffer.alloc(0)
      const header = Buffer.from([
        must(query[0], 'query[0]'),
        must(query[1], 'query[1]'),
        0x81,
        0x80,
        0,
        1,
        0,
        type === 1 ? 1 : 0,
        0,
        0,
        0,
        0,
      ])
      dns.send(Buffer.concat([header, question, answer]), peer.port, peer.address)
    })
    dns.bind(0, '127.0.0.1')
    await once(dns, 'listening')
    const dnsServers = [`127.0.0.1:${dns.address().port}`]
    try {
      const target = `/${randomUUID()}.ics`
      serveCalendar(target, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
      const url = base.replace('127.0.0.1', 'calendar.test') + target
      expect(await fetchWithinLimits(url, {}, { ...deps(true).limits, dnsServers })).toMatchObject({
        kind: 'ok',
      })
      // The address it resolved to is checked like any other.
      await expect(fetchWithinLimits(url, {}, { ...deps(false).limits, dnsServers })).rejects.toMatchObject({
        failure: 'blockedAddress',
      })
      // A resolver that never answers: given up after 2 s, not after the whole deadline.
      silent = true
      const started = Date.now()
      await expect(
        fetchWithinLimits(url, {}, { ...deps(true).limits, timeoutMs: 10_000, dnsServers }),
      ).rejects.toMatchObject({ failure: 'unreachable' })
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      dns.close()
    }
  })

  it('follows at most 3 redirects', async () => {
    const paths = Array.from({ length: 5 }, () => `/${randomUUID()}.ics`)
    paths.forEach((path, n) => {
      routes.set(path, (_req, res) => void res.writeHead(302, { location: paths[n + 1] ?? paths[0] }).end())
    })
    await expect(fetchWithinLimits(`${base}${paths[0]}`, {}, deps(true).limits)).rejects.toMatchObject({
      failure: 'tooManyRedirects',
    })
  })
})

describe('the poll job', () => {
  it('runs in the one process holding its lease', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    const job = icalImportJob(deps(), 0)
    // Another process holds the lease: this one does not run the job.
    expect(await tryTakeLease(ctx.db, { name: job.name, holder: 'another-process', ttlMs: 60_000 })).toBe(
      true,
    )
    expect(await ctx.app.runJobOnce(job)).toBe(false)
    expect(await w.blocks()).toEqual([])
    // The lease expires: this process takes it and reads the feed.
    await tryTakeLease(ctx.db, { name: job.name, holder: 'another-process', ttlMs: -1000 })
    expect(await ctx.app.runJobOnce(job)).toBe(true)
    expect(await w.blocks()).toHaveLength(1)
  })
})
