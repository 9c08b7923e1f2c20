/*
 * Shared set-up of the calendar tests (issue 23): the host's calendar routes
 * (features/calendar/calendar-*.routes.test.ts) and the import of other platforms' calendars, read from
 * a real HTTP server on this machine (features/calendar/ical-import-*.test.ts). Each `use…` function is
 * called once, at the top of a test file: what it starts is that file's own, and stopped after it.
 */

import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  CALENDAR_API,
  CalendarSyncResponseSchema,
  HostCalendarResponseSchema,
} from '@cabanas/domain/calendar'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { cabinBlocks, cabinCalendarFeeds } from '../db/schema.ts'
import { FEED_LIMITS, type ImportDeps, syncDueFeeds } from '../features/calendar/ical-import.ts'
import { useTestApp } from './build-test-app.ts'
import { completeListing } from './listing-fixtures.ts'
import {
  type Api,
  injectApi,
  insertHost,
  insertOperator,
  plantPublishedListing,
  sessionFor,
} from './listing-test-kit.ts'

type TestApp = ReturnType<typeof useTestApp>

/** The file's app, an API into it, and sessions signed with its key. */
function useCalendarApp(env: Record<string, string> = {}) {
  const ctx = useTestApp({ today: '2026-06-01', env })
  const api: Api = (request) => injectApi(ctx.app)(request)
  const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())
  return { ctx, api, session }
}

/** A host (with a session) and a cabin published for them by an operator, in `locality` if given. */
async function plantHostCabin(
  { ctx, api, session }: { ctx: TestApp; api: Api; session: (clientId: string) => Promise<string> },
  locality?: string,
) {
  const host = await insertHost(ctx.db, api, session)
  const operator = await insertOperator(ctx.db, session)
  const photos = Array.from({ length: 5 }, () => randomUUID())
  const { listingId, cabinId } = await plantPublishedListing(ctx.db, {
    hostId: host.client.id,
    operatorId: operator.client.id,
    draft: completeListing(photos, { locality }),
  })
  return { host, listingId, cabinId }
}

// Today is 2026-06-01 (a Monday) in Mexico City; 2026-07-10 is a Friday.
export const WEEKEND = { startsOn: '2026-07-10', endsOn: '2026-07-12' }

/** The host's calendar routes: a cabin in a world of its own, and what a guest is told of a stay. */
export function useCalendarRoutes() {
  const { ctx, api, session } = useCalendarApp()
  let places = 0
  /**
   * A host with a published cabin (weekdays $1,800, weekends $2,400, Navidad $3,000, 2 nights minimum) in
   * a town of its own, so a search sees only it.
   */
  async function world() {
    places += 1
    const place = `Rancho Calendario ${places}`
    const { host, listingId, cabinId } = await plantHostCabin({ ctx, api, session }, place)
    const calendar = (from = '2026-07-01', to = '2026-08-01') =>
      api({ url: `${CALENDAR_API.calendar(listingId)}?from=${from}&to=${to}`, token: host.token })
    const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      api({ method, url, token: host.token, ...(body !== undefined ? { body } : {}) })
    return {
      host,
      place,
      listingId,
      cabinId,
      calendar: async (from?: string, to?: string) => {
        const res = await calendar(from, to)
        expect(res.status, res.body).toBe(200)
        return HostCalendarResponseSchema.parse(res.json()).calendar
      },
      block: (body: object) => write('POST', CALENDAR_API.blocks(listingId), body),
      unblock: (body: object) => write('POST', CALENDAR_API.unblock(listingId), body),
      removeBlock: (blockId: string) => write('DELETE', CALENDAR_API.block(listingId, blockId)),
      price: (body: object) => write('PUT', CALENDAR_API.nightPrices(listingId), body),
      clearPrices: ({ startsOn, endsOn }: { startsOn: string; endsOn: string }) =>
        write('DELETE', `${CALENDAR_API.nightPrices(listingId)}?startsOn=${startsOn}&endsOn=${endsOn}`),
      blocksInDb: () =>
        ctx.db
          .select({ startsOn: cabinBlocks.startsOn, endsOn: cabinBlocks.endsOn, note: cabinBlocks.note })
          .from(cabinBlocks)
          .where(eq(cabinBlocks.cabinId, cabinId))
          .orderBy(asc(cabinBlocks.startsOn)),
    }
  }

  /** What a guest is told of a stay: the quote's status and lodging (or its refusal). */
  async function quote(cabinId: string, checkIn: string, checkOut: string) {
    const res = await api({
      method: 'POST',
      url: '/reservas/cotizar',
      body: { habitacionId: cabinId, checkIn, checkOut, guests: 2 },
    })
    const body = res.json()
    return res.status === 200
      ? { status: 200, lodging: body.pricing.basePrice as number, total: body.pricing.totalPrice as number }
      : { status: res.status, errorType: body.errorType as string, message: body.message as string }
  }

  async function foundInSearch(place: string, cabinId: string, checkIn: string, checkOut: string) {
    const query = new URLSearchParams({ location: place, checkIn, checkOut, guests: '2' })
    const res = await api({ url: `/cotizar/search?${query}` })
    expect(res.status, res.body).toBe(200)
    return (res.json().habitaciones as { _id: string }[]).some((cabin) => cabin._id === cabinId)
  }

  return { ctx, api, session, world, quote, foundInSearch }
}

/** An iCalendar of all-day events, as another platform exports it. */
export function calendar(events: { uid: string; start: string; end: string }[]) {
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
export function rawCalendar(events: string[][]) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Otra plataforma//ES',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20260601T000000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/**
 * Imported calendars (issue 22, point 5): the app (mails written as .eml files to `mailDir`), a real HTTP
 * server on this machine whose paths answer as `routes` says (`hits` counts the requests of each path),
 * and polls with fast limits. A poll reads every feed of the database: each test's feeds are gone
 * before the next test.
 */
export function useIcalImport() {
  /** Where the app writes the mails it sends (.eml files). */
  const mailDir = mkdtempSync(path.join(tmpdir(), 'ical-mail-'))
  // Registered before the app's own: after hooks run in reverse, so the folder goes once the app is closed.
  afterAll(() => rmSync(mailDir, { recursive: true, force: true }))
  const { ctx, api, session } = useCalendarApp({
    ICAL_ALLOW_PRIVATE: 'true',
    MAIL_OUTBOX_DIR: mailDir,
    PUBLIC_URL: 'https://cabanas.example',
  })
  /** What each path of the test server answers. */
  const routes = new Map<string, Handler>()
  const hits = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const handler = routes.get(path)
    if (handler) handler(req, res)
    else res.writeHead(404).end()
  })
  /** The server by its IPv4 loopback address, and the same server by its IPv6 one. */
  const addresses = { base: '', v6base: '' }

  beforeAll(async () => {
    server.listen(0, '::')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    addresses.base = `http://127.0.0.1:${port}`
    addresses.v6base = `http://[::1]:${port}`
  })
  afterEach(async () => {
    await ctx.db.delete(cabinCalendarFeeds)
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  /** Fast limits for the tests: a hang is cut after 500 ms, a body after 4 KB. */
  const deps = (allowPrivate = true): ImportDeps => ({
    db: ctx.db,
    today: () => ctx.clock.today(),
    log: ctx.app.log,
    limits: { ...FEED_LIMITS, timeoutMs: 500, maxBytes: 4096, allowPrivate },
  })
  /**
   * Every feed read as if a poll interval had passed since: a read in the same millisecond as the last
   * one (a quiet machine) is not due yet, as the job's clock sees it.
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

  /** Serves `body()` at `path` with an ETag of its text, answering 304 when it did not change. */
  function serveCalendar(path: string, body: () => string) {
    routes.set(path, (req, res) => {
      const text = body()
      const etag = `"${Buffer.from(text).length}-${text.length % 97}"`
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end()
      res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(text)
    })
  }

  /** A host's published cabin, a path of the test server for its feed, and what the host and a guest see. */
  async function world() {
    const { host, listingId, cabinId } = await plantHostCabin({ ctx, api, session })
    const path = `/${randomUUID()}.ics`
    const addFeed = async (url = `${addresses.base}${path}`) => {
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

  return { ctx, api, mailDir, routes, hits, addresses, deps, everyFeedDue, poll, serveCalendar, world }
}
