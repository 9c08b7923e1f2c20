import { statSync } from 'node:fs'
import path from 'node:path'
import { CabinListSchema } from '@cabanas/domain/catalog'
import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { buildTestApp } from '../test/build-test-app.ts'
import { executeRows } from './client.ts'
import { prepareDatabase } from './prepare.ts'
import { cabinSeasons, cabins, reservations } from './schema.ts'
import { easterSunday, seedDatabase, stableUuid } from './seed.ts'

const TODAY = '2026-11-22'
let ctx: Awaited<ReturnType<typeof buildTestApp>>
let first: Awaited<ReturnType<typeof prepareDatabase>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: TODAY })
  // As the server's start does: migrate, seed an empty database, refresh the statistics.
  first = await prepareDatabase(ctx.database, { seed: 'auto', today: TODAY })
})
afterAll(() => ctx.close())

describe('the demo catalogue seed', () => {
  it('is seeded once, with fresh statistics on each of our tables', async () => {
    expect(first.seeded).toBe(true)
    // reltuples is -1 until a table is first analyzed; ANALYZE counts the seeded rows.
    const [row] = await executeRows<{ rows: number }>(
      ctx.db,
      sql`SELECT reltuples::int AS rows FROM pg_class WHERE oid = 'cabins'::regclass`,
    )
    expect(row?.rows).toBe(first.cabins)
    const notAnalyzed = await executeRows<{ name: string }>(
      ctx.db,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.reltuples < 0`,
    )
    expect(notAnalyzed).toEqual([])
    const again = await prepareDatabase(ctx.database, { seed: 'auto', today: TODAY })
    expect(again).toEqual({ seeded: false, cabins: 0, reservations: 0 })
  })

  it('loads at least 60 cabins over at least 12 destinations, inside the map bounds', async () => {
    expect(first.cabins).toBeGreaterThanOrEqual(60)
    const res = await ctx.app.inject({ url: '/habitaciones?limit=500' })
    const { habitaciones } = CabinListSchema.parse(res.json())
    expect(habitaciones).toHaveLength(first.cabins)
    const places = new Set(habitaciones.map((c) => `${c.location.population}, ${c.location.state}`))
    expect(places.size).toBeGreaterThanOrEqual(12)
    for (const cabin of habitaciones) {
      expect(cabin.location.latitude).toBeGreaterThanOrEqual(14.5)
      expect(cabin.location.latitude).toBeLessThanOrEqual(32.7)
      expect(cabin.location.longitude).toBeGreaterThanOrEqual(-118)
      expect(cabin.location.longitude).toBeLessThanOrEqual(-86)
      expect(cabin.propertyDetails.minOccupancy).toBeLessThanOrEqual(cabin.propertyDetails.maxOccupancy)
    }
    expect(habitaciones.filter((c) => c.restrictions.length > 0).length).toBeGreaterThanOrEqual(3)
  })

  it('keeps every demo cabin non-refundable, as the terms say, with list prices in whole pesos', async () => {
    const res = await ctx.app.inject({ url: '/habitaciones?limit=500' })
    const { habitaciones } = CabinListSchema.parse(res.json())
    expect(new Set(habitaciones.map((c) => c.cancellationPolicy))).toEqual(new Set(['non_refundable']))
    for (const cabin of habitaciones) expect(cabin.precioCalculado.precioBaseFinal % 100).toBe(0)
  })

  it('gives every cabin at least 4 images served by the app, card images at most 60 KB', async () => {
    const { mediaDir } = loadConfig({})
    const rows = await ctx.db.select({ images: cabins.images }).from(cabins)
    for (const { images } of rows) {
      expect(images.length).toBeGreaterThanOrEqual(4)
      for (const image of images) {
        expect(image.url).toMatch(/^\/media\//)
        expect(image.alt.length).toBeGreaterThan(3)
        expect(statSync(path.join(mediaDir, image.url.replace('/media/', ''))).size).toBeGreaterThan(0)
        expect(statSync(path.join(mediaDir, image.preview.replace('/media/', ''))).size).toBeLessThanOrEqual(
          60 * 1024,
        )
      }
    }
  })

  it('books some nights in the coming months, and every cabin has high seasons', async () => {
    const [upcoming] = await ctx.db
      .select({ n: count() })
      .from(reservations)
      .where(sql`${reservations.checkIn} > ${TODAY} and ${reservations.checkIn} < ${TODAY}::date + 180`)
    expect(upcoming?.n).toBeGreaterThanOrEqual(20)
    const [seasons] = await ctx.db.select({ n: count() }).from(cabinSeasons)
    expect(seasons?.n).toBeGreaterThanOrEqual(first.cabins * 3)
  })

  it('is idempotent: a second run adds nothing', async () => {
    expect(await seedDatabase(ctx.db, { today: TODAY })).toEqual({ cabins: 0, reservations: 0 })
    const [row] = await ctx.db.select({ n: count() }).from(cabins)
    expect(row?.n).toBe(first.cabins)
  })

  it('is deterministic: ids come from the slugs', async () => {
    const [row] = await ctx.db.select({ id: cabins.id, slug: cabins.slug }).from(cabins).limit(1)
    expect(row?.id).toBe(stableUuid(`cabin:${row?.slug}`))
    expect(stableUuid('cabin:x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date)
  })
})
