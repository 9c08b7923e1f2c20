import { SessionResponseSchema } from '@cabanas/domain/auth'
import { ReservationResponseSchema, ReservationsListResponseSchema } from '@cabanas/domain/reservations'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { hashAccessToken } from './reservation-access.queries.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

let counter = 0
async function signIn() {
  counter += 1
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      firstName: 'Luis',
      lastName: 'Pérez',
      email: `luis.${counter}@ejemplo.mx`,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  const { token, client } = SessionResponseSchema.parse(res.json()).data
  return { id: client.id, headers: { authorization: `Bearer ${token}` } }
}

async function reservationOf(clientId: string | null, checkIn: string) {
  const cabin = await insertCabin(ctx.db)
  const secret = `secreto-de-prueba-${checkIn}-${counter}`
  const row = await insertReservation(ctx.db, {
    cabinId: cabin.id,
    checkIn,
    clientId,
    accessTokenHash: hashAccessToken(secret),
  })
  return { id: row.id, secret }
}

describe('reservations belong to whoever booked them', () => {
  it('shows Mis Reservas with only the signed-in client’s reservations', async () => {
    const ana = await signIn()
    const luis = await signIn()
    const mine = await reservationOf(ana.id, '2026-07-01')
    await reservationOf(luis.id, '2026-07-05')
    const res = await ctx.app.inject({ url: '/auth/reservations', headers: ana.headers })
    const list = ReservationsListResponseSchema.parse(res.json()).data.reservations
    expect(list.map((r) => r._id)).toEqual([mine.id])
    expect(list[0]).toMatchObject({
      status: 'active',
      paymentStatus: 'PAID',
      balanceDue: 0,
      currency: 'MXN',
      pax: 2,
    })
    expect((await ctx.app.inject({ url: '/auth/reservations' })).statusCode).toBe(401)
  })

  it('leaves payments that never went through out of Mis Reservas, and keeps their trip page', async () => {
    const ana = await signIn()
    const paid = await reservationOf(ana.id, '2026-09-01')
    const cancelledAfterPaying = await reservationOf(ana.id, '2026-09-10')
    await ctx.db
      .update(reservations)
      .set({ status: 'cancelled' })
      .where(eq(reservations.id, cancelledAfterPaying.id))
    const declined = await reservationOf(ana.id, '2026-09-01')
    await ctx.db
      .update(reservations)
      .set({ status: 'cancelled', paymentStatus: 'FAILED' })
      .where(eq(reservations.id, declined.id))

    const res = await ctx.app.inject({ url: '/auth/reservations', headers: ana.headers })
    const list = ReservationsListResponseSchema.parse(res.json()).data.reservations
    expect(list.map((r) => r._id)).toEqual([cancelledAfterPaying.id, paid.id])
    const trip = await ctx.app.inject({ url: `/api/bookings/${declined.id}`, headers: ana.headers })
    expect(ReservationResponseSchema.parse(trip.json()).data).toMatchObject({ paymentStatus: 'FAILED' })
  })

  it('lets the owner, or the holder of the checkout secret, read a reservation and nobody else', async () => {
    const ana = await signIn()
    const luis = await signIn()
    const reservation = await reservationOf(ana.id, '2026-07-10')
    const url = `/api/bookings/${reservation.id}`
    expect((await ctx.app.inject({ url, headers: ana.headers })).statusCode).toBe(200)
    const bySecret = await ctx.app.inject({ url, headers: { 'x-reservation-token': reservation.secret } })
    expect(ReservationResponseSchema.parse(bySecret.json()).data._id).toBe(reservation.id)
    for (const headers of [luis.headers, {}, { 'x-reservation-token': 'secreto-equivocado-de-prueba' }]) {
      const res = await ctx.app.inject({ url, headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('La reserva no fue encontrada')
    }
  })

  it('refuses another client’s update and cancellation', async () => {
    const ana = await signIn()
    const luis = await signIn()
    const reservation = await reservationOf(ana.id, '2026-07-20')
    const url = `/api/bookings/${reservation.id}`
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: luis.headers,
      payload: { phone: '5599999999' },
    })
    expect(put.statusCode).toBe(404)
    const cancel = await ctx.app.inject({ method: 'POST', url: `${url}/cancel`, headers: luis.headers })
    expect(cancel.statusCode).toBe(404)
    const mine = ReservationResponseSchema.parse((await ctx.app.inject({ url, headers: ana.headers })).json())
    expect(mine.data).toMatchObject({ status: 'active', guest: { phone: '5512345678' } })
  })

  it('lets the owner change contact details and cancel, keeping the payment (non-refundable)', async () => {
    const ana = await signIn()
    const reservation = await reservationOf(ana.id, '2026-08-01')
    const url = `/api/bookings/${reservation.id}`
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: ana.headers,
      payload: { phone: '3311112222', specialRequests: 'Llegamos tarde' },
    })
    expect(ReservationResponseSchema.parse(put.json()).data.guest).toMatchObject({
      phone: '3311112222',
      specialRequests: 'Llegamos tarde',
    })
    const cancel = await ctx.app.inject({ method: 'POST', url: `${url}/cancel`, headers: ana.headers })
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json()).toMatchObject({ data: { status: 'cancelled', paymentStatus: 'PAID' } })
    const again = await ctx.app.inject({ method: 'POST', url: `${url}/cancel`, headers: ana.headers })
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toBe('Esta reserva ya no se puede cancelar')
  })
})
