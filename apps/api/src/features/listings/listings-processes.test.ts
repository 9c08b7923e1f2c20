/**
 * Issue 21, point 4: the search read model, cabin page, sitemap and destination pages follow publish,
 * pause and price changes within 1 s on every API process; point 6: and the host's calendar (blocks and
 * night prices). On PostgreSQL: two server processes
 * (server.ts, as in production) on one database; a change through one is observed through the other.
 * On PGlite (one connection, one process): two app instances on the same database, as close as PGlite
 * allows.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CALENDAR_API } from '@cabanas/domain/calendar'
import { destinationSlug } from '@cabanas/domain/catalog'
import { LISTING_API } from '@cabanas/domain/listings'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { type Database, openDatabase } from '../../db/client.ts'
import { buildTestApp, testEngine } from '../../test/build-test-app.ts'
import { testDatabaseName } from '../../test/global-setup.ts'
import { completeListing, plantPhotos } from '../../test/listing-fixtures.ts'
import {
  type Api,
  httpApi,
  injectApi,
  insertHost,
  insertOperator,
  publishListing,
  saveStep,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { type RunningServer, startServer } from '../../test/spawn-server.ts'
import { createPhotoStorage } from '../photos/photo-storage.ts'

const JWT_SECRET = 'listings-processes-test-secret-0123456789'
const dataDir = mkdtempSync(path.join(tmpdir(), 'listings-processes-'))

/** Two API processes (or app instances) on one database, and how to sign a session for them. */
let first: Api
let second: Api
let db: Database
let session: (clientId: string) => Promise<string>
let cleanup: () => Promise<void>

beforeAll(async () => {
  if (testEngine === 'pglite') {
    // Each instance keeps its search index at most 1 s old, as the servers do by default.
    const ctx = await buildTestApp({ env: { DATA_DIR: dataDir, SEARCH_INDEX_MAX_STALENESS_MS: '1000' } })
    const twin = await ctx.buildTwin()
    first = injectApi(ctx.app)
    second = injectApi(twin)
    db = ctx.db
    session = (clientId) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())
    cleanup = () => ctx.close()
    return
  }
  const url = must(process.env.TEST_DATABASE_URL, 'process.env.TEST_DATABASE_URL')
  const name = testDatabaseName(inject('testRunId'))
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  const handle = await openDatabase({ url: databaseUrl.toString(), maxConnections: 2 })
  await handle.migrate()
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET,
    OUTBOX_INTERVAL_MS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  }
  const servers: RunningServer[] = []
  try {
    servers.push(await startServer(env))
    servers.push(await startServer(env))
  } catch (error) {
    for (const server of servers) await server.stop()
    throw error
  }
  first = httpApi(must(servers[0], 'servers[0]').url)
  second = httpApi(must(servers[1], 'servers[1]').url)
  db = handle.db
  const key = new TextEncoder().encode(JWT_SECRET)
  session = (clientId) => sessionFor(key, clientId, new Date())
  cleanup = async () => {
    for (const server of servers) await server.stop()
    await handle.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
}, 120_000)

afterAll(async () => {
  await cleanup?.()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Milliseconds until `check` passes, polling; fails when it has not passed within `withinMs`. */
async function within(withinMs: number, what: string, check: () => Promise<boolean>) {
  const started = performance.now()
  for (;;) {
    if (await check()) return performance.now() - started
    if (performance.now() - started > withinMs) throw new Error(`${what}: not seen within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

// A Monday to Wednesday less than a year after both today of the test app (2026-06-01) and the real one.
const STAY = { checkIn: '2027-01-11', checkOut: '2027-01-13', guests: 2 }

/** What a guest reaches through `api` of the cabin and its town. */
function guestView(api: Api, cabinId: string, place: string) {
  const slug = destinationSlug(place, 'Jalisco')
  return {
    inSearch: async () => {
      const query = new URLSearchParams({ ...STAY, guests: String(STAY.guests), location: place })
      const res = await api({ url: `/cotizar/search?${query}` })
      expect(res.status, res.body).toBe(200)
      return (res.json().habitaciones as { _id: string }[]).some((cabin) => cabin._id === cabinId)
    },
    cabinPage: async () => (await api({ url: `/habitaciones/${cabinId}` })).status,
    /** The nights the cabin page's calendar shows taken. */
    takenNights: async () =>
      (await api({ url: `/api/availability/cabin/${cabinId}` })).json().bookedNights as string[],
    destinationPage: async () => (await api({ url: `/api/destinations/${slug}` })).status,
    inSitemap: async () => (await api({ url: '/sitemap.xml' })).body.includes(cabinId),
    quotedLodging: async () => {
      const res = await api({
        method: 'POST',
        url: '/reservas/cotizar',
        body: { habitacionId: cabinId, ...STAY },
      })
      return res.status === 200 ? (res.json().pricing.basePrice as number) : null
    },
  }
}

describe(`publish, price change and pause on one API process, seen by another within 1 s (${testEngine})`, () => {
  it('follows the listing everywhere a guest looks', async () => {
    const storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
    const host = await insertHost(db, first, session)
    const operator = await insertOperator(db, session)
    const photos = await plantPhotos(storage, host.client.id, 5)
    const place = 'Valle de las Dos Vistas'
    const draft = completeListing(photos, { locality: place })

    // Published through the first process…
    let listing = await publishListing(first, { host: host.token, operator: operator.token }, draft)
    const seen = guestView(second, listing.cabinId, place)
    // …found through the second.
    await within(1000, 'published: in search', seen.inSearch)
    expect(await seen.cabinPage()).toBe(200)
    expect(await seen.destinationPage()).toBe(200)
    expect(await seen.inSitemap()).toBe(true)
    // Two weekday nights.
    expect(await seen.quotedLodging()).toBe(2 * 1_800_00)

    // A new price through the first, quoted by the second.
    const priced = await saveStep(first, host.token, listing, 'prices', {
      ...draft.prices,
      weekdayRate: 2_100_00,
    })
    expect(priced.status, priced.body).toBe(200)
    listing = priced.json().listing
    await within(1000, 'new price quoted', async () => (await seen.quotedLodging()) === 2 * 2_100_00)

    // Paused through the first: gone from the second.
    const paused = await first({ method: 'POST', url: LISTING_API.pause(listing.id), token: host.token })
    expect(paused.status, paused.body).toBe(200)
    await within(1000, 'paused: out of search', async () => !(await seen.inSearch()))
    expect(await seen.cabinPage()).toBe(404)
    expect(await seen.destinationPage()).toBe(404)
    expect(await seen.inSitemap()).toBe(false)
    expect(await seen.quotedLodging()).toBeNull()

    // Unpaused by an operator through the second: back on the first.
    const back = guestView(first, listing.cabinId, place)
    const unpaused = await second({
      method: 'POST',
      url: LISTING_API.operatorUnpause(listing.id),
      token: operator.token,
    })
    expect(unpaused.status, unpaused.body).toBe(200)
    await within(1000, 'unpaused: in search', back.inSearch)
    expect(await back.cabinPage()).toBe(200)
    expect(await back.quotedLodging()).toBe(2 * 2_100_00)
  })
})

describe(`the host's calendar on one API process, seen by another within 1 s (${testEngine})`, () => {
  it('closes and reopens nights and prices them for every guest of every process', async () => {
    const storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
    const host = await insertHost(db, first, session)
    const operator = await insertOperator(db, session)
    const photos = await plantPhotos(storage, host.client.id, 5)
    const place = 'Valle del Calendario'
    const listing = await publishListing(
      first,
      { host: host.token, operator: operator.token },
      completeListing(photos, { locality: place }),
    )
    const seen = guestView(second, listing.cabinId, place)
    await within(1000, 'published: in search', seen.inSearch)
    const nights = { startsOn: STAY.checkIn, endsOn: STAY.checkOut }

    // Blocked through the first process: the second neither finds nor quotes the stay.
    const blocked = await first({
      method: 'POST',
      url: CALENDAR_API.blocks(listing.id),
      token: host.token,
      body: nights,
    })
    expect(blocked.status, blocked.body).toBe(201)
    await within(1000, 'blocked: out of search', async () => !(await seen.inSearch()))
    expect(await seen.quotedLodging()).toBeNull()
    expect(await seen.takenNights()).toEqual(['2027-01-11', '2027-01-12'])

    // Unblocked through the second process: back on the first.
    const back = guestView(first, listing.cabinId, place)
    const unblocked = await second({
      method: 'POST',
      url: CALENDAR_API.unblock(listing.id),
      token: host.token,
      body: nights,
    })
    expect(unblocked.json()).toEqual({ nights: 2 })
    await within(1000, 'unblocked: in search', back.inSearch)
    expect(await back.takenNights()).toEqual([])

    // A night's own price through the first, quoted by the second.
    const priced = await first({
      method: 'PUT',
      url: CALENDAR_API.nightPrices(listing.id),
      token: host.token,
      body: { startsOn: STAY.checkIn, endsOn: '2027-01-12', nightlyRate: 2_500_00 },
    })
    expect(priced.json()).toEqual({ nights: 1 })
    await within(1000, 'night price quoted', async () => (await seen.quotedLodging()) === 2_500_00 + 1_800_00)
  })
})
