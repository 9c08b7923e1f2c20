import {
  AvailabilityCheckResponseSchema,
  CabinCalendarResponseSchema,
  DateRangeResponseSchema,
} from '@cabanas/domain/availability'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

const check = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/availability/check', payload })

describe('POST /api/availability/check', () => {
  it('says available, or why not', async () => {
    const cabin = await insertCabin(ctx.db, { minNights: 2 })
    await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-06-10', checkOut: '2026-06-12' })
    const free = AvailabilityCheckResponseSchema.parse(
      (await check({ cabinId: cabin.id, checkIn: '2026-06-12', checkOut: '2026-06-14' })).json(),
    )
    expect(free).toMatchObject({ available: true, nights: 2 })
    const taken = AvailabilityCheckResponseSchema.parse(
      (await check({ cabinId: cabin.id, checkIn: '2026-06-11', checkOut: '2026-06-13' })).json(),
    )
    expect(taken).toMatchObject({
      available: false,
      errorType: 'NOT_AVAILABLE',
      error: 'No disponible para las fechas seleccionadas',
    })
    const short = AvailabilityCheckResponseSchema.parse(
      (await check({ cabinId: cabin.id, checkIn: '2026-06-20', checkOut: '2026-06-21' })).json(),
    )
    expect(short).toMatchObject({ available: false, errorType: 'NOCHES_MINIMAS' })
  })

  it('answers 404 for an unknown cabin and 400 for bad dates', async () => {
    const missing = await check({ cabinId: 'nada', checkIn: '2026-06-12', checkOut: '2026-06-14' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errorType).toBe('CABIN_NOT_FOUND')
    const past = await check({ cabinId: 'nada', checkIn: '2026-05-12', checkOut: '2026-05-14' })
    expect(past.statusCode).toBe(400)
    expect(past.json().error).toBe('La fecha de llegada no puede ser anterior a hoy')
  })
})

describe('GET /api/availability/date-range', () => {
  it('lists the bookable cabins free for the whole range', async () => {
    const free = await insertCabin(ctx.db)
    const taken = await insertCabin(ctx.db)
    const closed = await insertCabin(ctx.db, { restrictions: [{ message: 'Cerrada' }] })
    await insertReservation(ctx.db, { cabinId: taken.id, checkIn: '2026-09-01', checkOut: '2026-09-03' })
    const res = await ctx.app.inject({
      url: '/api/availability/date-range?checkIn=2026-09-02&checkOut=2026-09-04',
    })
    const body = DateRangeResponseSchema.parse(res.json())
    const ids = body.cabins.map((c) => c._id)
    expect(ids).toContain(free.id)
    expect(ids).not.toContain(taken.id)
    expect(ids).not.toContain(closed.id)
    expect(body.total).toBe(ids.length)
  })

  it('answers 400 in Spanish without dates', async () => {
    const res = await ctx.app.inject({ url: '/api/availability/date-range?checkIn=2026-09-02' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('La fecha de salida es obligatoria')
  })
})

describe('GET /api/availability/cabin/:id', () => {
  it('lists booked nights for the next 12 months, not the check-out days', async () => {
    const cabin = await insertCabin(ctx.db, { minNights: 2 })
    await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-06-30', checkOut: '2026-07-02' })
    await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-02',
      checkOut: '2026-07-03',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2026-08-01',
      checkOut: '2026-08-05',
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2027-07-01', checkOut: '2027-07-03' })
    const res = await ctx.app.inject({ url: `/api/availability/cabin/${cabin.id}` })
    const body = CabinCalendarResponseSchema.parse(res.json())
    expect(body).toMatchObject({ from: '2026-06-01', to: '2027-06-01', minNights: 2 })
    expect(body.bookedNights).toEqual(['2026-06-30', '2026-07-01', '2026-07-02'])
    expect(body.bookedRanges).toHaveLength(2)
  })

  it('answers 404 for an unknown cabin', async () => {
    const res = await ctx.app.inject({ url: '/api/availability/cabin/00000000-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('La cabaña no fue encontrada')
  })
})
