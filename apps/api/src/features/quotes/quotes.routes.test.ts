import { QuoteResponseSchema } from '@cabanas/domain/quotes'
import { SearchResponseSchema } from '@cabanas/domain/search'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation, insertSeason } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

const quote = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/reservas/cotizar', payload: payload as object })

describe('POST /reservas/cotizar', () => {
  it('prices weekday, weekend and season nights plus the commission', async () => {
    const cabin = await insertCabin(ctx.db, { weekdayRate: 1_000_00, weekendRate: 1_500_00 })
    await insertSeason(ctx.db, {
      cabinId: cabin.id,
      name: 'Verano',
      startsOn: '2026-07-15',
      endsOn: '2026-08-21',
      nightlyRate: 2_000_00,
    })
    // Thursday 9 (weekday), Friday 10 and Saturday 11 (weekend).
    const res = await quote({
      habitacionId: cabin.id,
      checkIn: '2026-07-09',
      checkOut: '2026-07-12',
      guests: 2,
    })
    expect(res.statusCode).toBe(200)
    const body = QuoteResponseSchema.parse(res.json())
    expect(body).toMatchObject({
      success: true,
      available: true,
      nights: 3,
      // $4,480 over 3 nights is $1,493.33: the nightly figure is in whole pesos.
      pricing: { basePrice: 4_000_00, totalPrice: 4_480_00, pricePerNight: 1_493_00 },
      precioCalculado: { comisionServicio: 480_00 },
      currency: 'MXN',
    })
    const seasonal = QuoteResponseSchema.parse(
      (
        await quote({ habitacionId: cabin.id, checkIn: '2026-07-14', checkOut: '2026-07-16', guests: 2 })
      ).json(),
    )
    expect(seasonal.breakdown.map((n) => [n.night, n.rate, n.season])).toEqual([
      ['2026-07-14', 1_000_00, null],
      ['2026-07-15', 2_000_00, 'Verano'],
    ])
  })

  it('quotes the same total and nightly price as the search card for the same stay', async () => {
    const place = { population: 'Real de Catorce', state: 'San Luis Potosí' }
    const cabin = await insertCabin(ctx.db, { ...place, weekdayRate: 1_234_56, weekendRate: 1_777_77 })
    await insertSeason(ctx.db, {
      cabinId: cabin.id,
      name: 'Navidad y Año Nuevo',
      startsOn: '2026-12-20',
      endsOn: '2027-01-03',
      nightlyRate: 2_999_99,
    })
    for (const [checkIn, checkOut, guests] of [
      ['2026-06-05', '2026-06-08', 2],
      ['2026-12-18', '2027-01-04', 3],
      ['2026-07-01', '2026-07-02', 1],
    ] as const) {
      const search = SearchResponseSchema.parse(
        (
          await ctx.app.inject({
            url: `/cotizar/search?${new URLSearchParams({ location: 'real de catorce', checkIn, checkOut, guests: String(guests) })}`,
          })
        ).json(),
      )
      const quoted = QuoteResponseSchema.parse(
        (await quote({ habitacionId: cabin.id, checkIn, checkOut, guests })).json(),
      )
      expect(search.habitaciones[0]?.stay.totalPrice).toBe(quoted.pricing.totalPrice)
      expect(search.habitaciones[0]?.stay.nights).toBe(quoted.nights)
      expect(search.habitaciones[0]?.stay.pricePerNight).toBe(quoted.pricing.pricePerNight)
      expect(quoted.pricing.pricePerNight % 100).toBe(0)
    }
  })

  it('refuses guests sent as text: a JSON body carries the number itself', async () => {
    const cabin = await insertCabin(ctx.db)
    const res = await quote({
      habitacionId: cabin.id,
      checkIn: '2026-06-10',
      checkOut: '2026-06-11',
      guests: '2',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      error: 'El número de huéspedes debe ser un número entero',
    })
  })

  it.each([
    [
      'arrival in the past',
      { checkIn: '2026-05-31', checkOut: '2026-06-02' },
      400,
      'INVALID_DATE',
      'La fecha de llegada no puede ser anterior a hoy',
    ],
    [
      'departure on arrival',
      { checkIn: '2026-06-10', checkOut: '2026-06-10' },
      400,
      'INVALID_DATE_RANGE',
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    [
      'departure before arrival',
      { checkIn: '2026-06-10', checkOut: '2026-06-08' },
      400,
      'INVALID_DATE_RANGE',
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    ['too many guests', { guests: 5 }, 400, 'CAPACITY_EXCEEDED', 'Excede la capacidad máxima'],
    [
      'too few guests',
      { guests: 1, minOccupancy: 2 },
      400,
      'CAPACITY_INSUFFICIENT',
      'No cumple la capacidad mínima',
    ],
    [
      'shorter than the minimum stay',
      { minNights: 3 },
      400,
      'NOCHES_MINIMAS',
      'No cumple con la estancia mínima requerida',
    ],
  ])('refuses %s', async (_name, change, status, errorType, error) => {
    const {
      checkIn = '2026-06-10',
      checkOut = '2026-06-12',
      guests = 2,
      minOccupancy = 1,
      minNights = 1,
    } = change as unknown as Record<string, never>
    const cabin = await insertCabin(ctx.db, { maxOccupancy: 4, minOccupancy, minNights })
    const res = await quote({ habitacionId: cabin.id, checkIn, checkOut, guests })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({ success: false, available: false, errorType, error })
  })

  it('refuses a stay that overlaps a live reservation, and accepts the back-to-back one', async () => {
    const cabin = await insertCabin(ctx.db)
    await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-06-20', checkOut: '2026-06-23' })
    const clash = await quote({
      habitacionId: cabin.id,
      checkIn: '2026-06-22',
      checkOut: '2026-06-24',
      guests: 2,
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({
      available: false,
      errorType: 'NOT_AVAILABLE',
      error: 'No disponible para las fechas seleccionadas',
    })
    const next = await quote({
      habitacionId: cabin.id,
      checkIn: '2026-06-23',
      checkOut: '2026-06-24',
      guests: 2,
    })
    expect(next.statusCode).toBe(200)
  })

  it('refuses a restricted cabin with its restriction', async () => {
    const cabin = await insertCabin(ctx.db, {
      restrictions: [{ message: 'Cerrada por remodelación hasta marzo' }],
    })
    const res = await quote({
      habitacionId: cabin.id,
      checkIn: '2026-06-10',
      checkOut: '2026-06-12',
      guests: 2,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      errorType: 'NOT_AVAILABLE',
      error: 'Cerrada por remodelación hasta marzo',
    })
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'no-existe'])(
    'answers 404 CABIN_NOT_FOUND for %s',
    async (id) => {
      const res = await quote({ habitacionId: id, checkIn: '2026-06-10', checkOut: '2026-06-12', guests: 2 })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({
        available: false,
        errorType: 'CABIN_NOT_FOUND',
        error: 'La cabaña no fue encontrada',
      })
    },
  )

  it.each([
    ['no body fields', {}],
    ['a malformed date', { habitacionId: 'x', checkIn: '10/06/2026', checkOut: '2026-06-12', guests: 2 }],
    ['an impossible date', { habitacionId: 'x', checkIn: '2026-02-30', checkOut: '2026-03-02', guests: 2 }],
    ['guests as words', { habitacionId: 'x', checkIn: '2026-06-10', checkOut: '2026-06-12', guests: 'dos' }],
    ['zero guests', { habitacionId: 'x', checkIn: '2026-06-10', checkOut: '2026-06-12', guests: 0 }],
    ['fractional guests', { habitacionId: 'x', checkIn: '2026-06-10', checkOut: '2026-06-12', guests: 1.5 }],
    ['an array body', [1, 2]],
  ])('answers 400 in Spanish to %s', async (_name, payload) => {
    const res = await quote(payload)
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(body.errorType).toBe('VALIDATION_ERROR')
    expect(body.error).toMatch(/[áéíóúñ]|fecha|huésped|cabaña|Entrada/)
  })
})

describe('POST /reservas/cotizar while the read model is a moment behind', () => {
  // The read model may lag the database by up to SEARCH_INDEX_MAX_STALENESS_MS (one second by
  // default); here it never catches up on its own, so every answer below shows who decided it.
  let behind: Awaited<ReturnType<typeof buildTestApp>>
  beforeAll(async () => {
    behind = await buildTestApp({ today: '2026-06-01', env: { SEARCH_INDEX_MAX_STALENESS_MS: '60000' } })
  })
  afterAll(() => behind.close())
  const ask = (habitacionId: string, checkIn: string, checkOut: string) =>
    behind.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId, checkIn, checkOut, guests: 2 },
    })

  it('quotes a cabin published a moment ago, and still refuses one that does not exist', async () => {
    const older = await insertCabin(behind.db)
    expect((await ask(older.id, '2026-07-06', '2026-07-08')).statusCode).toBe(200)
    const fresh = await insertCabin(behind.db, { weekdayRate: 1_000_00, weekendRate: 1_000_00 })
    const res = await ask(fresh.id, '2026-07-06', '2026-07-08')
    expect(res.statusCode).toBe(200)
    expect(QuoteResponseSchema.parse(res.json()).pricing.totalPrice).toBe(2_240_00)
    const missing = await ask('6f1c1c55-3a43-4b53-9d2f-1f0c6a1b2c3d', '2026-07-06', '2026-07-08')
    expect(missing.statusCode).toBe(404)
  })

  it('quotes nights released a moment ago, and refuses them while the database holds them', async () => {
    const cabin = await insertCabin(behind.db)
    const held = await insertReservation(behind.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-13',
      checkOut: '2026-07-15',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    // The read model learns of the hold (a full reload), then the card is declined and the nights freed.
    await behind.app.searchIndex.refresh()
    expect((await ask(cabin.id, '2026-07-13', '2026-07-15')).statusCode).toBe(409)
    await behind.db
      .update(reservations)
      .set({ status: 'cancelled', paymentStatus: 'FAILED' })
      .where(eq(reservations.id, held.id))
    expect((await ask(cabin.id, '2026-07-13', '2026-07-15')).statusCode).toBe(200)
  })
})

describe('POST /reservas/cotizar after a write of the same process', () => {
  let behind: Awaited<ReturnType<typeof buildTestApp>>
  beforeAll(async () => {
    behind = await buildTestApp({ today: '2026-06-01', env: { SEARCH_INDEX_MAX_STALENESS_MS: '60000' } })
  })
  afterAll(() => behind.close())
  const ask = (habitacionId: string) =>
    behind.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId, checkIn: '2026-07-13', checkOut: '2026-07-15', guests: 2 },
    })

  it('reads the database first after a write it answered, not after a quote', async () => {
    const cabin = await insertCabin(behind.db)
    await behind.app.searchIndex.refresh()
    expect((await ask(cabin.id)).statusCode).toBe(200)
    // Taken behind the read model's back (another process): a quote is advice until the index reads it.
    await insertReservation(behind.db, { cabinId: cabin.id, checkIn: '2026-07-13', checkOut: '2026-07-15' })
    expect((await ask(cabin.id)).statusCode).toBe(200)
    expect((await ask(cabin.id)).statusCode).toBe(200)
    const password = 'una-clave-muy-segura-2026'
    const written = await behind.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        firstName: 'Ana',
        lastName: 'Prueba',
        email: 'ana.lectura@ejemplo.mx',
        password,
        confirmPassword: password,
        acceptTerms: true,
      },
    })
    expect(written.statusCode).toBeLessThan(300)
    expect((await ask(cabin.id)).statusCode).toBe(409)
  })
})
