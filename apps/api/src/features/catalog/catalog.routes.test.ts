import { CabinListSchema, CabinSchema } from '@cabanas/domain/catalog'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe('GET /habitaciones', () => {
  it('lists cabins in the spec shape with list prices in centavos', async () => {
    const cabin = await insertCabin(ctx.db, {
      name: 'Cabaña El Ocote',
      population: 'Tapalpa',
      state: 'Jalisco',
      weekdayRate: 2_000_00,
      restrictions: [{ message: 'Cerrada por mantenimiento' }],
      amenities: ['wifi', 'fireplace'],
    })
    const res = await ctx.app.inject({ method: 'GET', url: '/habitaciones?limit=500' })
    expect(res.statusCode).toBe(200)
    const body = CabinListSchema.parse(res.json())
    const listed = body.habitaciones.find((c) => c._id === cabin.id)
    expect(listed).toMatchObject({
      location: { population: 'Tapalpa', state: 'Jalisco' },
      propertyDetails: {
        name: 'Cabaña El Ocote',
        accomodationType: 'Cabaña',
        minOccupancy: 1,
        maxOccupancy: 4,
      },
      others: { baseCost: 2_000_00, basePrice2nights: 4_480_00 },
      precioCalculado: { precioBaseFinal: 2_240_00, comisionServicio: 240_00 },
      restrictions: [{ message: 'Cerrada por mantenimiento' }],
      files: [],
    })
    expect(listed?.accommodationFeatures.generalFeatures.wifi).toBe(true)
    expect(listed?.accommodationFeatures.livingRoom.fireplace).toBe(true)
    expect(listed?.accommodationFeatures.sport.pool).toBe(false)
  })

  it('pages with limit and offset and reports the total', async () => {
    for (let i = 0; i < 3; i++) await insertCabin(ctx.db, { population: 'Zacatlán', state: 'Puebla' })
    const all = CabinListSchema.parse((await ctx.app.inject({ url: '/habitaciones?limit=500' })).json())
    const page = CabinListSchema.parse(
      (await ctx.app.inject({ url: '/habitaciones?limit=2&offset=1' })).json(),
    )
    expect(page.total).toBe(all.total)
    expect(page.limit).toBe(2)
    expect(page.offset).toBe(1)
    expect(page.habitaciones.map((c) => c._id)).toEqual(all.habitaciones.slice(1, 3).map((c) => c._id))
  })

  it.each([
    ['limit=abc', 'El parámetro limit debe ser un número entero'],
    ['limit=0', 'El parámetro limit debe ser al menos 1'],
    ['limit=100000', 'El parámetro limit no puede ser mayor que 500'],
    ['offset=-1', 'El parámetro offset no puede ser negativo'],
    ['limit=2.5', 'El parámetro limit debe ser un número entero'],
  ])('answers 400 in Spanish to %s', async (query, message) => {
    const res = await ctx.app.inject({ url: `/habitaciones?${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR', error: message })
  })
})

describe('GET /habitaciones/:id', () => {
  it('returns one cabin', async () => {
    const cabin = await insertCabin(ctx.db, { name: 'Domo Estrellas' })
    const res = await ctx.app.inject({ url: `/habitaciones/${cabin.id}` })
    expect(res.statusCode).toBe(200)
    expect(CabinSchema.parse(res.json()).propertyDetails.name).toBe('Domo Estrellas')
  })

  it("carries the cabin's cancellation policy, non-refundable unless the cabin says otherwise", async () => {
    const strict = await insertCabin(ctx.db)
    const free = await insertCabin(ctx.db, { cancellationPolicy: 'free' })
    const policyOf = async (id: string) =>
      CabinSchema.parse((await ctx.app.inject({ url: `/habitaciones/${id}` })).json()).cancellationPolicy
    expect(await policyOf(strict.id)).toBe('non_refundable')
    expect(await policyOf(free.id)).toBe('free')
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-id', "1' OR '1'='1"])(
    'answers 404 CABIN_NOT_FOUND for %s',
    async (id) => {
      const res = await ctx.app.inject({ url: `/habitaciones/${encodeURIComponent(id)}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        success: false,
        error: 'La cabaña no fue encontrada',
        errorType: 'CABIN_NOT_FOUND',
        message: 'La cabaña no fue encontrada',
      })
    },
  )
})
