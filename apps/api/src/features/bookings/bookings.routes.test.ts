import { BookingRequestResponseSchema } from '@cabanas/domain/bookings'
import { messages } from '@cabanas/domain/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { executeRows } from '../../db/client.ts'
import { bookingRequests, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

/** Each test is another client: its own address, so the per-IP limit of one never meets another's. */
let clients = 0
let ip = ''
beforeEach(() => {
  clients += 1
  ip = `10.20.${clients >> 8}.${clients & 255}`
})

const form = { fullName: 'Ana Rodríguez', email: 'Ana@Ejemplo.mx', phone: '5512345678', guests: 2 }
const post = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/bookings', payload, remoteAddress: ip })

describe('POST /api/bookings (request to book)', () => {
  it('stores a pending request with the server price and holds no night', async () => {
    const cabin = await insertCabin(ctx.db, { weekdayRate: 1_000_00, weekendRate: 1_000_00 })
    const res = await post({
      ...form,
      cabinId: cabin.id,
      checkIn: '2026-06-10',
      checkOut: '2026-06-12',
      totalPrice: 1,
    })
    expect(res.statusCode).toBe(201)
    const { data } = BookingRequestResponseSchema.parse(res.json())
    expect(data).toMatchObject({
      status: 'pending',
      nights: 2,
      totalPrice: 2_240_00,
      email: 'ana@ejemplo.mx',
    })
    const [row] = await ctx.db.select().from(bookingRequests).where(eq(bookingRequests.id, data.requestId))
    expect(row?.status).toBe('pending')
    expect(await ctx.db.select().from(reservations).where(eq(reservations.cabinId, cabin.id))).toEqual([])
    // The same dates can still be requested or booked by someone else.
    expect(
      (await post({ ...form, cabinId: cabin.id, checkIn: '2026-06-10', checkOut: '2026-06-12' })).statusCode,
    ).toBe(201)
  })

  it("queues at most 10 'solicitud recibida' mails an hour to one e-mail, whoever asks; every request is stored", async () => {
    const cabin = await insertCabin(ctx.db)
    const email = 'inundada@ejemplo.mx'
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { ...form, email, cabinId: cabin.id, checkIn: '2026-07-10', checkOut: '2026-07-12' },
        remoteAddress: `10.43.${i}.1`,
      })
      expect(res.statusCode).toBe(201)
    }
    const [counts] = await executeRows<{ requests: number; mails: number }>(
      ctx.db,
      sql`select (select count(*)::int from booking_requests where email = ${email}) as requests,
        (select count(*)::int from outbox o join booking_requests b on b.id::text = o.payload->>'bookingRequestId'
          where o.kind = 'mail:booking-request-received' and b.email = ${email}) as mails`,
    )
    expect(counts).toEqual({ requests: 12, mails: 10 })
  })

  it("queues at most 10 'nueva solicitud' mails an hour to a cabin's host, 2 from one address; every request waits in the inbox", async () => {
    const cabin = await insertCabin(ctx.db)
    const ask = (i: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          ...form,
          email: `huesped.${i}@ejemplo.mx`,
          cabinId: cabin.id,
          checkIn: '2026-07-20',
          checkOut: '2026-07-22',
        },
        remoteAddress,
      })
    // One address asks three times (two mails), then eleven others once each (eight more, then none).
    for (let i = 0; i < 3; i++) expect((await ask(i, '10.44.0.1')).statusCode).toBe(201)
    for (let i = 3; i < 14; i++) expect((await ask(i, `10.44.${i}.1`)).statusCode).toBe(201)
    const [counts] = await executeRows<{ requests: number; mails: number }>(
      ctx.db,
      sql`select (select count(*)::int from booking_requests where cabin_id = ${cabin.id}) as requests,
        (select count(*)::int from outbox o join booking_requests b on b.id::text = o.payload->>'bookingRequestId'
          where o.kind = 'mail:booking-request-update' and o.payload->>'event' = 'host-new'
            and b.cabin_id = ${cabin.id}) as mails`,
    )
    expect(counts).toEqual({ requests: 14, mails: 10 })
  })

  it('refuses dates a live reservation holds', async () => {
    const cabin = await insertCabin(ctx.db)
    await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-06-10', checkOut: '2026-06-12' })
    const res = await post({ ...form, cabinId: cabin.id, checkIn: '2026-06-11', checkOut: '2026-06-13' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ errorType: 'NOT_AVAILABLE' })
  })

  it.each([
    [{ fullName: 'A' }, 'El nombre es requerido.'],
    [{ email: 'ana' }, 'Email inválido.'],
    [{ phone: '123' }, 'Teléfono inválido.'],
  ])('answers 400 with the dialog message for %o', async (change, message) => {
    const cabin = await insertCabin(ctx.db)
    const res = await post({
      ...form,
      ...change,
      cabinId: cabin.id,
      checkIn: '2026-06-10',
      checkOut: '2026-06-12',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
  })

  it('refuses more guests than the cabin takes', async () => {
    const cabin = await insertCabin(ctx.db, { maxOccupancy: 2 })
    const res = await post({
      ...form,
      guests: 3,
      cabinId: cabin.id,
      checkIn: '2026-06-10',
      checkOut: '2026-06-12',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errorType).toBe('CAPACITY_EXCEEDED')
  })

  it('refuses the sixth request in ten minutes from one address with a Spanish 429', async () => {
    const cabin = await insertCabin(ctx.db)
    const request = { ...form, cabinId: cabin.id, checkIn: '2026-06-20', checkOut: '2026-06-22' }
    for (let i = 0; i < 5; i++) expect((await post(request)).statusCode).toBe(201)
    const refused = await post(request)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ errorType: 'RATE_LIMITED', error: messages.tooManyRequests })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const stored = await ctx.db.select().from(bookingRequests).where(eq(bookingRequests.cabinId, cabin.id))
    expect(stored).toHaveLength(5)
    ip = '10.20.255.254'
    expect((await post(request)).statusCode).toBe(201)
  })
})
