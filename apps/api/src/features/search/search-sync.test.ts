import { SearchResponseSchema, searchMessages } from '@cabanas/domain/search'
import { fromDayNumber } from '@cabanas/domain/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { cabinBlocks, cabinNightPrices, cabins, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBlock, insertCabin, insertNightPrice, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { readAllCabins, readLiveStays } from './search.queries.ts'
import { createSearchIndexSync } from './search-sync.ts'

// Today is 2026-06-10 in Mexico City for every app of this file.
const TODAY = '2026-06-10'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: TODAY })
})
afterAll(() => ctx.close())

let destinationCounter = 0
function newDestination() {
  destinationCounter += 1
  return { population: `Sincronía ${destinationCounter}`, state: 'Oaxaca' }
}

const stay = { checkIn: '2026-07-06', checkOut: '2026-07-09', guests: '2' }

async function searchIds(app: typeof ctx.app, location: string) {
  const res = await app.inject({ url: `/cotizar/search?${new URLSearchParams({ ...stay, location })}` })
  expect(res.statusCode).toBe(200)
  return SearchResponseSchema.parse(res.json()).habitaciones.map((c) => c._id)
}

const heldOf = (app: typeof ctx.app, cabinId: string) =>
  app.searchIndex.index.heldDaysOf(cabinId).map((day) => fromDayNumber(day))

describe('search index: what it holds', () => {
  it('loads only the live stays that end today or later', async () => {
    const cabin = await insertCabin(ctx.db, newDestination())
    for (const [checkIn, checkOut] of [
      ['2026-01-05', '2026-01-08'],
      ['2026-05-30', '2026-06-02'],
      ['2026-06-06', '2026-06-09'],
      ['2026-06-09', '2026-06-10'],
      ['2026-06-20', '2026-06-22'],
    ])
      await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: must(checkIn, 'checkIn'), checkOut })
    await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    // A second process starting now loads the catalogue from scratch.
    const twin = await ctx.buildTwin()
    expect(heldOf(twin, cabin.id)).toEqual(['2026-06-09', '2026-06-10', '2026-06-20', '2026-06-22'])
    expect(twin.searchIndex.status()).toMatchObject({ heldStays: 2, lastErrorCode: null })
  })

  it('reads every cabin and every live stay once, page after page', async () => {
    const place = newDestination()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const cabin = await insertCabin(ctx.db, place)
      ids.push(cabin.id)
      await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-08-01', checkOut: '2026-08-03' })
      await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-09-01', checkOut: '2026-09-02' })
    }
    // Pages of 2 and batches of 3: a last page that is full, one that is not, and an empty one.
    for (const size of [2, 3, 5]) {
      const pages: number[] = []
      const seen: string[] = []
      await readAllCabins(
        ctx.db,
        (rows) => {
          pages.push(rows.length)
          seen.push(...rows.map((row) => row.id))
        },
        size,
      )
      expect(new Set(seen).size, `pages of ${size}`).toBe(seen.length)
      expect(seen).toEqual(expect.arrayContaining(ids))
      expect(pages.slice(0, -1).every((n) => n === size)).toBe(true)
      const stays: string[] = []
      await readLiveStays(ctx.db, TODAY, (rows) => stays.push(...rows.map((row) => row.id)), size)
      expect(new Set(stays).size).toBe(stays.length)
      const ofTheseCabins = await ctx.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(sql`${reservations.cabinId} IN ${ids}`)
      expect(stays).toEqual(expect.arrayContaining(ofTheseCabins.map((row) => row.id)))
    }
  })

  it('follows a deleted reservation, a reservation moved to another cabin or into the past, and a deleted cabin', async () => {
    const place = newDestination()
    const first = await insertCabin(ctx.db, { ...place, weekdayRate: 1_000_00 })
    const second = await insertCabin(ctx.db, { ...place, weekdayRate: 2_000_00 })
    const booked = await insertReservation(ctx.db, {
      cabinId: first.id,
      checkIn: '2026-07-07',
      checkOut: '2026-07-08',
    })
    expect(await searchIds(ctx.app, place.population)).toEqual([second.id])

    await ctx.db.update(reservations).set({ cabinId: second.id }).where(eq(reservations.id, booked.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([first.id])

    await ctx.db
      .update(reservations)
      .set({ checkIn: '2026-06-01', checkOut: '2026-06-03' })
      .where(eq(reservations.id, booked.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([first.id, second.id])
    expect(heldOf(ctx.app, second.id)).toEqual([])

    const again = await insertReservation(ctx.db, { cabinId: first.id, checkIn: '2026-07-06' })
    expect(await searchIds(ctx.app, place.population)).toEqual([second.id])
    await ctx.db.delete(reservations).where(eq(reservations.id, again.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([first.id, second.id])

    await ctx.db.delete(reservations).where(eq(reservations.id, booked.id))
    await ctx.db.delete(cabins).where(eq(cabins.id, first.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([second.id])
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: first.id, checkIn: '2026-07-06', checkOut: '2026-07-09', guests: 2 },
    })
    expect(quote.statusCode).toBe(404)
  })

  it('holds a host’s block like a stay: loaded at start, followed when added, moved and deleted', async () => {
    const place = newDestination()
    const cabin = await insertCabin(ctx.db, place)
    const old = await insertBlock(ctx.db, { cabinId: cabin.id, startsOn: '2026-05-01', endsOn: '2026-05-03' })
    const block = await insertBlock(ctx.db, {
      cabinId: cabin.id,
      startsOn: '2026-07-07',
      endsOn: '2026-07-08',
    })
    expect(await searchIds(ctx.app, place.population)).toEqual([])
    // A process starting now loads it, and not the block that ended before today.
    const twin = await ctx.buildTwin()
    expect(heldOf(twin, cabin.id)).toEqual(['2026-07-07', '2026-07-08'])

    await ctx.db
      .update(cabinBlocks)
      .set({ startsOn: '2026-07-20', endsOn: '2026-07-22' })
      .where(eq(cabinBlocks.id, block.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([cabin.id])
    expect(heldOf(ctx.app, cabin.id)).toEqual(['2026-07-20', '2026-07-22'])
    await ctx.db.delete(cabinBlocks).where(eq(cabinBlocks.id, block.id))
    await ctx.db.delete(cabinBlocks).where(eq(cabinBlocks.id, old.id))
    expect(await searchIds(ctx.app, place.population)).toEqual([cabin.id])
    expect(heldOf(ctx.app, cabin.id)).toEqual([])
    expect(await searchIds(twin, place.population)).toEqual([cabin.id])
    expect(heldOf(twin, cabin.id)).toEqual([])
  })

  it('prices a stay with the host’s night prices, followed when set and cleared', async () => {
    const place = newDestination()
    const cabin = await insertCabin(ctx.db, { ...place, weekdayRate: 1_000_00, weekendRate: 1_000_00 })
    const lodging = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/reservas/cotizar',
        payload: { habitacionId: cabin.id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2 },
      })
      expect(res.statusCode).toBe(200)
      return res.json().pricing.basePrice as number
    }
    expect(await lodging()).toBe(3 * 1_000_00)
    await insertNightPrice(ctx.db, { cabinId: cabin.id, night: '2026-07-07', nightlyRate: 2_500_00 })
    expect(await lodging()).toBe(2 * 1_000_00 + 2_500_00)
    const res = await ctx.app.inject({
      url: `/cotizar/search?${new URLSearchParams({ ...stay, location: place.population })}`,
    })
    expect(SearchResponseSchema.parse(res.json()).habitaciones[0]?.stay.totalPrice).toBe(
      Math.round((2 * 1_000_00 + 2_500_00) * 1.12),
    )
    await ctx.db.delete(cabinNightPrices).where(eq(cabinNightPrices.cabinId, cabin.id))
    expect(await lodging()).toBe(3 * 1_000_00)
  })
})

describe('search index: a failed read', () => {
  it('is logged with its code and recorded, and the next read recovers', async () => {
    const logged: unknown[] = []
    const log = { error: (fields: unknown) => logged.push(fields) }
    const sync = createSearchIndexSync(ctx.db, {
      maxStalenessMs: 0,
      intervalMs: 0,
      today: () => TODAY,
      log: log as never,
    })
    await sync.refresh()
    await ctx.db.execute(sql`ALTER TABLE tombstones RENAME TO tombstones_away`)
    try {
      await expect(sync.refresh()).rejects.toThrow()
    } finally {
      await ctx.db.execute(sql`ALTER TABLE tombstones_away RENAME TO tombstones`)
    }
    // 42P01: undefined_table. Only the code is logged, never the driver's message (it carries the SQL).
    expect(logged).toEqual([{ code: '42P01', full: false }])
    expect(sync.status().lastErrorCode).toBe('42P01')
    await sync.refresh()
    expect(sync.status().lastErrorCode).toBeNull()
  })

  it('shows in /health and makes search and quotes answer 503 once the index is older than its limit', async () => {
    const own = await buildTestApp({ today: TODAY, env: { SEARCH_INDEX_MAX_STALENESS_MS: '300' } })
    try {
      const place = newDestination()
      const cabin = await insertCabin(own.db, place)
      await vi.waitFor(async () => expect(await searchIds(own.app, place.population)).toEqual([cabin.id]), {
        timeout: 5000,
        interval: 50,
      })
      const healthy = await own.app.inject({ url: '/health' })
      expect(healthy.statusCode).toBe(200)
      expect(healthy.json().searchIndex).toMatchObject({ maxStalenessMs: 300, lastErrorCode: null })
      expect(healthy.json().searchIndex.ageMs).toBeLessThanOrEqual(300)

      await own.db.execute(sql`ALTER TABLE tombstones RENAME TO tombstones_away`)
      await vi.waitFor(
        async () => {
          const health = await own.app.inject({ url: '/health' })
          expect(health.statusCode).toBe(503)
          expect(health.json().searchIndex).toMatchObject({ lastErrorCode: '42P01' })
          expect(health.json().searchIndex.ageMs).toBeGreaterThan(300)
        },
        { timeout: 5000, interval: 50 },
      )
      const search = await own.app.inject({
        url: `/cotizar/search?${new URLSearchParams({ ...stay, location: place.population })}`,
      })
      expect(search.statusCode).toBe(503)
      expect(search.json()).toMatchObject({
        errorType: 'SERVICE_UNAVAILABLE',
        error: searchMessages.unavailable,
      })
      const quote = await own.app.inject({
        method: 'POST',
        url: '/reservas/cotizar',
        payload: { habitacionId: cabin.id, ...stay, guests: 2 },
      })
      expect(quote.statusCode).toBe(503)
      expect(quote.json()).toMatchObject({ errorType: 'SERVICE_UNAVAILABLE', available: false })

      await own.db.execute(sql`ALTER TABLE tombstones_away RENAME TO tombstones`)
      await vi.waitFor(async () => expect((await own.app.inject({ url: '/health' })).statusCode).toBe(200), {
        timeout: 5000,
        interval: 50,
      })
      expect(await searchIds(own.app, place.population)).toEqual([cabin.id])
    } finally {
      await own.close()
    }
  })
})
