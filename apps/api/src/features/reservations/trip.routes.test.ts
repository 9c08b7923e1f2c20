import { SessionResponseSchema } from '@cabanas/domain/auth'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import {
  ReservationCancelResponseSchema,
  ReservationDetailsResponseSchema,
  ReservationsListResponseSchema,
  reservationMessages,
} from '@cabanas/domain/reservations'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { outbox } from '../../db/schema.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { PaymentOutcomeUnknownError } from '../payments/payment-gateway.ts'
import { REFUND_OUTBOX_KIND } from '../payments/refunds.ts'

// The trip page's API: a reservation opens for its owner (Bearer) or the holder of its secret
// (X-Reservation-Token), and for nobody else, without saying whether it exists.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01', env: { PUBLIC_URL: 'https://cabanas.example' } })
})
afterAll(() => sandbox.ctx.close())

const app = () => sandbox.ctx.app
const db = () => sandbox.ctx.db

let clients = 0
async function signIn() {
  clients += 1
  const res = await app().inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: newClientIp(),
    payload: {
      firstName: 'Luis',
      lastName: 'Pérez',
      email: `viajero.${clients}@ejemplo.mx`,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  const { token } = SessionResponseSchema.parse(res.json()).data
  return { authorization: `Bearer ${token}` }
}

type Stay = { checkIn: string; checkOut: string }

/** A paid reservation through the real charge flow (sandbox card), by a signed-in client or a guest. */
async function pay(cabinId: string, stay: Stay, headers: Record<string, string> = {}) {
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabinId, stay), { ip: newClientIp(), headers })
  return { ...ChargeResponseSchema.parse(res.json()).data, httpStatus: res.statusCode }
}

const bySecret = (secret: string) => ({ 'x-reservation-token': secret })

describe('who may open a reservation', () => {
  it('opens the trip page data and its calendar for the owner and the secret link only', async () => {
    const owner = await signIn()
    const stranger = await signIn()
    const cabin = await insertCabin(db(), { name: 'Cabaña Los Pinos' })
    const paid = await pay(cabin.id, { checkIn: '2026-07-01', checkOut: '2026-07-03' }, owner)
    expect(paid.httpStatus).toBe(200)

    for (const path of ['', '/calendar.ics']) {
      const url = `/api/bookings/${paid.reservationId}${path}`
      const allowed = [owner, bySecret(must(paid.accessToken, 'paid.accessToken'))]
      for (const headers of allowed) {
        expect((await app().inject({ url, headers })).statusCode, `${path} ${Object.keys(headers)}`).toBe(200)
      }
      const refused = [stranger, bySecret('secreto-equivocado-de-prueba'), {}]
      for (const headers of refused) {
        const res = await app().inject({ url, headers })
        expect(res.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(404)
        expect(res.json().error).toBe('La reserva no fue encontrada')
      }
    }
    // An id that does not exist answers exactly like one the asker may not see.
    const unknown = await app().inject({
      url: '/api/bookings/00000000-0000-4000-8000-000000000000',
      headers: owner,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toBe('La reserva no fue encontrada')
  })

  it('gives the trip page its link, the cabin, the policy and the price breakdown', async () => {
    const owner = await signIn()
    const cabin = await insertCabin(db(), {
      name: 'Cabaña Los Pinos',
      population: 'Tapalpa',
      state: 'Jalisco',
      latitude: 19.9446,
      longitude: -103.7581,
      weekdayRate: 1_000_00,
      weekendRate: 1_000_00,
      images: [{ url: '/media/pinos/1.webp', preview: '/media/pinos/1-card.webp', alt: 'Fachada' }],
    })
    const paid = await pay(cabin.id, { checkIn: '2026-07-06', checkOut: '2026-07-08' }, owner)
    const res = await app().inject({ url: `/api/bookings/${paid.reservationId}`, headers: owner })
    const { data } = ReservationDetailsResponseSchema.parse(res.json())
    expect(data).toMatchObject({
      url: `/reserva/${paid.reservationId}`,
      status: 'active',
      paymentStatus: 'PAID',
      cancellationPolicy: 'non_refundable',
      cabin: {
        image: { url: '/media/pinos/1.webp', alt: 'Fachada' },
        address: 'Tapalpa, Jalisco',
        latitude: 19.9446,
        longitude: -103.7581,
      },
    })
    const { pricing } = data
    expect(pricing.total).toBe(paid.totalAmount)
    expect(pricing.nights).toBe(2)
    expect(pricing.subtotal + pricing.iva).toBe(pricing.total)
    expect(pricing.iva).toBe(Math.round((pricing.total * 16) / 116))
    expect(pricing.serviceCommission).toBeGreaterThan(0)

    const list = await app().inject({ url: '/auth/reservations', headers: owner })
    const [listed] = ReservationsListResponseSchema.parse(list.json()).data.reservations
    expect(listed?.url).toBe(`/reserva/${paid.reservationId}`)
  })

  it('downloads the stay as an .ics attachment that is never cached and carries no secret', async () => {
    const cabin = await insertCabin(db(), { name: 'Cabaña El Roble' })
    const paid = await pay(cabin.id, { checkIn: '2026-07-10', checkOut: '2026-07-13' })
    const res = await app().inject({
      url: `/api/bookings/${paid.reservationId}/calendar.ics`,
      headers: bySecret(must(paid.accessToken, 'paid.accessToken')),
    })
    expect(res.statusCode).toBe(200)
    // A file to import: METHOD:PUBLISH, no ATTENDEE (the mails carry the REQUEST/CANCEL pair).
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reserva-${paid.reservationId.replaceAll('-', '').slice(0, 8)}.ics"`,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    const unfolded = res.body.replace(/\r\n /g, '')
    expect(unfolded).toContain('\r\nMETHOD:PUBLISH\r\n')
    // The same organizer as the mails' files (MAIL_FROM), so their CANCEL matches this copy too.
    expect(unfolded).toContain('\r\nORGANIZER;CN="Cabañas MX":mailto:reservas@cabanas.mx\r\n')
    expect(unfolded).not.toMatch(/^ATTENDEE/m)
    expect(unfolded).toContain('\r\nDTSTART;TZID=America/Mexico_City:20260710T150000\r\n')
    expect(unfolded).toContain('\r\nDTEND;TZID=America/Mexico_City:20260713T120000\r\n')
    expect(unfolded).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:America/Mexico_City\r\n')
    expect(unfolded).toContain('SUMMARY:Estancia en Cabaña El Roble')
    expect(unfolded).toContain(`URL:https://cabanas.example/reserva/${paid.reservationId}`)
    expect(unfolded).not.toContain(must(paid.accessToken, 'paid.accessToken'))
  })
})

describe('cancelling from the trip page', () => {
  const cancel = (id: string, headers: Record<string, string>) =>
    app().inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers })
  const quote = (cabinId: string, stay: Stay) =>
    app().inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabinId, ...stay, guests: 2 },
    })
  const mailsOf = (reservationId: string) =>
    db()
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(sql`${outbox.payload}->>'reservationId' = ${reservationId}`)

  it('cancels a non-refundable stay: nights free at once, payment kept, mail queued', async () => {
    const cabin = await insertCabin(db())
    const stay = { checkIn: '2026-08-01', checkOut: '2026-08-03' }
    const paid = await pay(cabin.id, stay)
    expect((await quote(cabin.id, stay)).json().available).toBe(false)

    const res = await cancel(paid.reservationId, bySecret(must(paid.accessToken, 'paid.accessToken')))
    expect(res.statusCode).toBe(200)
    const body = ReservationCancelResponseSchema.parse(res.json())
    expect(body.message).toBe(reservationMessages.cancelled)
    expect(body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'PAID', balanceDue: 0 })
    const charge = await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))
    expect(charge.status).toBe('completed')
    expect((await mailsOf(paid.reservationId)).map((row) => row.kind)).toContain('mail:reservation-cancelled')

    // The same nights can be quoted and paid by someone else right away.
    expect((await quote(cabin.id, stay)).json().available).toBe(true)
    expect((await pay(cabin.id, stay)).httpStatus).toBe(200)
  })

  it('refunds a paid stay when the cabin cancels for free', async () => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    const stay = { checkIn: '2026-08-10', checkOut: '2026-08-12' }
    const owner = await signIn()
    const paid = await pay(cabin.id, stay, owner)

    const res = await cancel(paid.reservationId, owner)
    expect(res.statusCode).toBe(200)
    const body = ReservationCancelResponseSchema.parse(res.json())
    expect(body.message).toBe(reservationMessages.cancelledRefunded)
    expect(body.data).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'REFUNDED',
      cancellationPolicy: 'free',
    })
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'refunded',
    )
    expect((await pay(cabin.id, stay)).httpStatus).toBe(200)

    // The queued retry finds nothing left to do: the charge is not refunded twice.
    const refundSpy = vi.spyOn(app().paymentGateway, 'refundCharge')
    await runQueuedRefunds()
    expect(refundSpy).not.toHaveBeenCalled()
    refundSpy.mockRestore()
  })

  it('retries a free cancellation’s refund from the outbox when the provider does not answer', async () => {
    const cabin = await insertCabin(db(), { cancellationPolicy: 'free' })
    const paid = await pay(cabin.id, { checkIn: '2026-08-20', checkOut: '2026-08-22' })
    const refundSpy = vi
      .spyOn(app().paymentGateway, 'refundCharge')
      .mockRejectedValueOnce(new PaymentOutcomeUnknownError('timeout'))

    const res = await cancel(paid.reservationId, bySecret(must(paid.accessToken, 'paid.accessToken')))
    expect(res.statusCode).toBe(200)
    const body = ReservationCancelResponseSchema.parse(res.json())
    expect(body.message).toBe(reservationMessages.cancelledRefundPending)
    expect(body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'PAID' })

    await runQueuedRefunds()
    refundSpy.mockRestore()
    const after = await app().inject({
      url: `/api/bookings/${paid.reservationId}`,
      headers: bySecret(must(paid.accessToken, 'paid.accessToken')),
    })
    expect(ReservationDetailsResponseSchema.parse(after.json()).data.paymentStatus).toBe('REFUNDED')
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'refunded',
    )
  })

  it('does not cancel a reservation whose payment is still being verified', async () => {
    const cabin = await insertCabin(db())
    const stay = { checkIn: '2026-09-01', checkOut: '2026-09-03' }
    await sandbox.setFault({ mode: 'error5xx' })
    const pending = await pay(cabin.id, stay)
    expect(pending.httpStatus).toBe(202)
    const res = await cancel(
      pending.reservationId,
      bySecret(must(pending.accessToken, 'pending.accessToken')),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(reservationMessages.paymentBeingVerified)
    expect((await quote(cabin.id, stay)).json().available).toBe(false)
  })
})

/** Runs the queued refunds now, as the outbox job will once their delay has passed. */
async function runQueuedRefunds() {
  await db()
    .update(outbox)
    .set({ runAfter: sql`now()` })
    .where(and(eq(outbox.kind, REFUND_OUTBOX_KIND), eq(outbox.status, 'pending')))
  await app().runJobOnce(app().outboxJob)
}
