import { DestinationsResponseSchema } from '@cabanas/domain/catalog'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe('GET /api/destinations', () => {
  it('orders destinations by cabin count with their lowest nightly price and a bounded carousel', async () => {
    const bacalar = { population: 'Bacalar', state: 'Quintana Roo', latitude: 18.6, longitude: -88.4 }
    for (let i = 0; i < 14; i++)
      await insertCabin(ctx.db, { ...bacalar, weekdayRate: (2_000 + i * 100) * 100 })
    await insertCabin(ctx.db, { ...bacalar, weekdayRate: 500_00, restrictions: [{ message: 'Cerrada' }] })
    const creel = { population: 'Creel', state: 'Chihuahua', latitude: 27.75, longitude: -107.63 }
    await insertCabin(ctx.db, { ...creel, weekdayRate: 900_00 })
    const holbox = { population: 'Holbox', state: 'Quintana Roo', latitude: 21.52, longitude: -87.38 }
    await insertCabin(ctx.db, { ...holbox, weekdayRate: 700_00, restrictions: [{ message: 'Cerrada' }] })

    const res = await ctx.app.inject({ url: '/api/destinations' })
    expect(res.statusCode).toBe(200)
    const { destinations } = DestinationsResponseSchema.parse(res.json())
    expect(destinations.map((d) => [d.population, d.count])).toEqual([
      ['Bacalar', 15],
      ['Creel', 1],
      ['Holbox', 1],
    ])
    const [first, second, closed] = destinations
    // The lowest bookable price: 2,000 + 12 % commission (the closed $500 cabin doesn't count).
    expect(first?.fromPrice).toBe(2_240_00)
    expect(second?.fromPrice).toBe(1_008_00)
    // A place whose every cabin is closed advertises no price at all.
    expect(closed?.fromPrice).toBeNull()
    expect(first?.latitude).toBeCloseTo(18.6)
    // At most 12 cards, bookable cabins first, cheapest first.
    expect(first?.cabins).toHaveLength(12)
    expect(first?.cabins[0]?.others.baseCost).toBe(2_000_00)
    expect(first?.cabins[0]?.restrictions).toEqual([])
    expect(first?.cabins.every((c) => c.location.population === 'Bacalar')).toBe(true)
    // Cards carry no description or amenity groups.
    expect(Object.keys(first?.cabins[0] ?? {})).not.toContain('accommodationFeatures')
    expect(first?.cabins[0]?.cancellationPolicy).toBe('non_refundable')
  })
})
