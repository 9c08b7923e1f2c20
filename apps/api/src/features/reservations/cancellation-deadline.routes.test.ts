import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { quoteMessages } from '@cabanas/domain/quotes'
import {
  ReservationCancelResponseSchema,
  ReservationDetailsResponseSchema,
  reservationMessages,
} from '@cabanas/domain/reservations'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { outbox } from '../../db/schema.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { REFUND_OUTBOX_KIND } from '../payments/refunds.ts'

// Issue 19: free cancellation ends 24 h before check-in (15:00 Mexico City = 21:00 UTC); after that
// nothing is refunded, and once the stay has started it cannot be cancelled from the web at all.
// The test app's clock says 2026-06-01 at noon in Mexico City; each test moves `now` where it needs.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
})
afterAll(() => sandbox.ctx.close())
afterEach(() => vi.restoreAllMocks())

const app = () => sandbox.ctx.app
const db = () => sandbox.ctx.db
const setNow = (iso: string) => vi.spyOn(app().clock, 'now').mockReturnValue(new Date(iso))

type Stay = { checkIn: string; checkOut: string }

async function pay(cabinId: string, stay: Stay) {
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabinId, stay), { ip: newClientIp() })
  expect(res.statusCode, res.body).toBe(200)
  return ChargeResponseSchema.parse(res.json()).data
}
const bySecret = (secret: string) => ({ 'x-reservation-token': secret })
const cancel = (id: string, secret: string) =>
  app().inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: bySecret(secret) })
const details = async (id: string, secret: string) =>
  ReservationDetailsResponseSchema.parse(
    (await app().inject({ url: `/api/bookings/${id}`, headers: bySecret(secret) })).json(),
  ).data
const outboxOf = (reservationId: string) =>
  db()
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'reservationId' = ${reservationId}`)

describe('cancelling after check-in', () => {
  it.each([
    ['at 15:00 on check-in day', '2026-06-01T21:00:00.000Z'],
    ['on the last night', '2026-06-03T05:00:00.000Z'],
  ])('refuses %s, with whom to write to, and keeps the stay and the payment', async (_, now) => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    // Booked at noon for today, before check-in time: allowed.
    const paid = await pay(cabin.id, { checkIn: '2026-06-01', checkOut: '2026-06-03' })
    setNow(now)
    const refundSpy = vi.spyOn(app().paymentGateway, 'refundCharge')

    const res = await cancel(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(reservationMessages.stayStarted)
    expect(reservationMessages.stayStarted).toContain('soporte@cabanas.mx')

    const after = await details(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(after).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
    expect(after.cancellation).toEqual({
      phase: 'started',
      deadline: '2026-05-31T21:00:00.000Z',
      startsAt: '2026-06-01T21:00:00.000Z',
      refund: 0,
    })
    expect(refundSpy).not.toHaveBeenCalled()
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'completed',
    )
    expect((await outboxOf(paid.reservationId)).map((row) => row.kind)).not.toContain(
      'mail:reservation-cancelled',
    )
  })
})

describe('cancelling around the free-cancellation deadline', () => {
  const stay = { checkIn: '2026-06-02', checkOut: '2026-06-04' }

  it('refunds everything one millisecond before the deadline', async () => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    const paid = await pay(cabin.id, stay)
    setNow('2026-06-01T20:59:59.999Z')
    const before = await details(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(before.cancellation).toMatchObject({
      phase: 'free',
      deadline: '2026-06-01T21:00:00.000Z',
      refund: before.total,
    })

    const res = await cancel(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(res.statusCode).toBe(200)
    const body = ReservationCancelResponseSchema.parse(res.json())
    expect(body.message).toBe(reservationMessages.cancelledRefunded)
    expect(body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'REFUNDED' })
    const mail = (await outboxOf(paid.reservationId)).find((row) => row.kind === 'mail:reservation-cancelled')
    expect(mail?.payload).toMatchObject({ refund: before.total })
  })

  it('cancels exactly at the deadline without refunding (the policy keeps the payment)', async () => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    const paid = await pay(cabin.id, stay)
    setNow('2026-06-01T21:00:00.000Z')
    const refundSpy = vi.spyOn(app().paymentGateway, 'refundCharge')

    const res = await cancel(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(res.statusCode).toBe(200)
    const body = ReservationCancelResponseSchema.parse(res.json())
    expect(body.message).toBe(reservationMessages.cancelledAfterDeadline)
    expect(body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'PAID' })
    expect(refundSpy).not.toHaveBeenCalled()
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'completed',
    )
    const rows = await outboxOf(paid.reservationId)
    expect(rows.map((row) => row.kind)).not.toContain(REFUND_OUTBOX_KIND)
    expect(rows.find((row) => row.kind === 'mail:reservation-cancelled')?.payload).toMatchObject({
      refund: 0,
    })
  })

  it('refunds from the outbox what was decided at cancellation, even when the retry runs after the deadline', async () => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    const paid = await pay(cabin.id, stay)
    setNow('2026-06-01T20:00:00.000Z')
    vi.spyOn(app().paymentGateway, 'refundCharge').mockRejectedValueOnce(new Error('proveedor caído'))
    const res = await cancel(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))
    expect(ReservationCancelResponseSchema.parse(res.json()).message).toBe(
      reservationMessages.cancelledRefundPending,
    )

    setNow('2026-06-02T22:00:00.000Z')
    await db()
      .update(outbox)
      .set({ runAfter: sql`now()` })
      .where(and(eq(outbox.kind, REFUND_OUTBOX_KIND), eq(outbox.status, 'pending')))
    await app().runJobOnce(app().outboxJob)
    expect(
      (await details(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))).paymentStatus,
    ).toBe('REFUNDED')
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'refunded',
    )
  })
})

describe('booking for today', () => {
  const today = { checkIn: '2026-06-01', checkOut: '2026-06-02' }

  it('refuses a quote, a charge and a request to book once today’s 15:00 has passed, in Spanish', async () => {
    const cabin = await insertCabin(db())
    setNow('2026-06-01T21:00:00.000Z')
    const quote = await app().inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, ...today, guests: 2 },
    })
    expect(quote.statusCode).toBe(400)
    expect(quote.json()).toMatchObject({ errorType: 'INVALID_DATE', error: quoteMessages.checkInTimePassed })

    const token = await sandbox.tokenFor('4111111111111111')
    const charge = await sandbox.charge(chargeRequestBody(token, cabin.id, today), { ip: newClientIp() })
    expect(charge.statusCode).toBe(400)
    expect(charge.json().error).toBe(quoteMessages.checkInTimePassed)

    const request = await app().inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: newClientIp(),
      payload: {
        cabinId: cabin.id,
        ...today,
        guests: 2,
        fullName: 'Ana López',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
      },
    })
    expect(request.statusCode).toBe(400)
    expect(request.json().error).toBe(quoteMessages.checkInTimePassed)

    // Tomorrow is still bookable.
    const tomorrow = await app().inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, checkIn: '2026-06-02', checkOut: '2026-06-03', guests: 2 },
    })
    expect(tomorrow.statusCode).toBe(200)
  })
})
