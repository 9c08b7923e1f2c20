import { BookingRequestResponseSchema, ChargeResponseSchema } from '@cabanas/domain/bookings'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, reservations } from '../../db/schema.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { openMailSecrets } from '../mail/mail-jobs.ts'
import {
  applyChargeToReservation,
  chargeSettledAfterSeconds,
  reconcilePendingReservations,
  settlePendingReservation,
} from '../payments/reconcile.ts'
import { hashAccessToken } from '../reservations/reservation-access.queries.ts'

/** The trip page's secret as the outbox keeps it: sealed (lib/secret-box.ts), never in clear. */
const sealed = expect.stringMatching(/^s1\./)

// Each event of a reservation's life writes its mail (an outbox row `mail:<template>`) in the
// transaction of the change itself: exactly one per event, even when settlers race.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
})
afterAll(() => sandbox.ctx.close())

const db = () => sandbox.ctx.db
const deps = () => ({ db: db(), gateway: sandbox.ctx.app.paymentGateway, log: sandbox.ctx.app.log })
const settledAfterSeconds = chargeSettledAfterSeconds(20_000)

/** The mails queued about one reservation or request (any template), oldest first. */
async function mailsAbout(id: string) {
  const rows = await db()
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        like(outbox.kind, 'mail:%'),
        sql`(${outbox.payload}->>'reservationId' = ${id} or ${outbox.payload}->>'bookingRequestId' = ${id})`,
      ),
    )
    .orderBy(outbox.createdAt)
  return rows
}

async function pay(cabinId: string, stay: { checkIn: string; checkOut: string }) {
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabinId, stay), { ip: newClientIp() })
  return { status: res.statusCode, data: ChargeResponseSchema.parse(res.json()).data }
}

/** As if the charge request of this hold were long over: reconciliation may look it up. */
async function age(id: string) {
  await db()
    .update(reservations)
    .set({
      createdAt: sql`${reservations.createdAt} - make_interval(secs => ${settledAfterSeconds + 1})`,
      holdExpiresAt: sql`${reservations.holdExpiresAt} - make_interval(secs => ${settledAfterSeconds + 1})`,
    })
    .where(eq(reservations.id, id))
}

describe('mails of a charge', () => {
  it("queues 'reserva confirmada' with the trip page's secret when the charge is confirmed", async () => {
    const cabin = await insertCabin(db())
    const { status, data } = await pay(cabin.id, { checkIn: '2026-07-01', checkOut: '2026-07-03' })
    expect(status).toBe(200)
    const mails = await mailsAbout(data.reservationId)
    expect(mails).toEqual([
      {
        kind: 'mail:reservation-confirmed',
        payload: { reservationId: data.reservationId, accessToken: sealed },
      },
    ])
    expect(JSON.stringify(mails)).not.toContain(data.accessToken)
    expect(
      openMailSecrets(must(mails[0], 'mails[0]').kind, must(mails[0], 'mails[0]').payload).accessToken,
    ).toBe(data.accessToken)
  })

  it('queues nothing for a declined card (the guest reads the decline on screen)', async () => {
    const cabin = await insertCabin(db())
    const token = await sandbox.tokenFor('4222222222222220')
    const res = await sandbox.charge(
      chargeRequestBody(token, cabin.id, { checkIn: '2026-07-05', checkOut: '2026-07-07' }),
      { ip: newClientIp() },
    )
    expect(res.statusCode).toBe(402)
    expect(await mailsAbout(res.json().data.reservationId)).toEqual([])
  })

  it("queues 'pago en verificación' on a 202, then 'failed' once reconciliation releases the hold", async () => {
    const cabin = await insertCabin(db())
    await sandbox.setFault({ mode: 'error5xx' })
    const { status, data } = await pay(cabin.id, { checkIn: '2026-07-10', checkOut: '2026-07-12' })
    expect(status).toBe(202)
    const queued = await mailsAbout(data.reservationId)
    expect(queued).toEqual([
      { kind: 'mail:payment-pending', payload: { reservationId: data.reservationId, accessToken: sealed } },
    ])
    expect(JSON.stringify(queued)).not.toContain(data.accessToken)
    expect(
      openMailSecrets(must(queued[0], 'queued[0]').kind, must(queued[0], 'queued[0]').payload).accessToken,
    ).toBe(data.accessToken)
    await age(data.reservationId)
    expect(await reconcilePendingReservations(deps(), { settledAfterSeconds })).toMatchObject({ released: 1 })
    const mails = await mailsAbout(data.reservationId)
    expect(mails.map((mail) => mail.kind)).toEqual(['mail:payment-pending', 'mail:payment-settled'])
    expect(must(mails[1], 'mails[1]').payload).toEqual({
      reservationId: data.reservationId,
      outcome: 'failed',
    })
  })

  it("queues one 'confirmed' outcome when two settlers and a webhook race for the same charge", async () => {
    const cabin = await insertCabin(db())
    await sandbox.setFault({ mode: 'lose-response' })
    const { status, data } = await pay(cabin.id, { checkIn: '2026-07-15', checkOut: '2026-07-17' })
    expect(status).toBe(202)
    const charge = await sandbox.ctx.app.paymentGateway.findChargeByOrderId(data.reservationId)
    expect(charge?.status).toBe('completed')
    const { webhookUser, webhookPassword } = sandbox.openpay
    const results = await Promise.all([
      applyChargeToReservation(deps(), must(charge, 'charge')),
      applyChargeToReservation(deps(), must(charge, 'charge')),
      settlePendingReservation(deps(), data.reservationId),
      sandbox.ctx.app.inject({
        method: 'POST',
        url: '/webhooks/openpay',
        payload: {
          type: 'charge.succeeded',
          transaction: { id: must(charge, 'charge').id, status: 'completed' },
        },
        headers: {
          authorization: `Basic ${Buffer.from(`${webhookUser}:${webhookPassword}`).toString('base64')}`,
        },
      }),
    ])
    expect(results[3].statusCode).toBe(200)
    const settled = (await mailsAbout(data.reservationId)).filter(
      (mail) => mail.kind === 'mail:payment-settled',
    )
    expect(settled).toEqual([
      { kind: 'mail:payment-settled', payload: { reservationId: data.reservationId, outcome: 'confirmed' } },
    ])
    // A later, repeated settlement changes nothing and mails nothing.
    expect(await applyChargeToReservation(deps(), must(charge, 'charge'))).toBe('unchanged')
    expect(await mailsAbout(data.reservationId)).toHaveLength(2)
  })
})

describe('mails of the guest’s actions', () => {
  it("queues 'reserva cancelada' once when the guest cancels", async () => {
    const cabin = await insertCabin(db())
    const { data } = await pay(cabin.id, { checkIn: '2026-07-20', checkOut: '2026-07-22' })
    const cancel = () =>
      sandbox.ctx.app.inject({
        method: 'POST',
        url: `/api/bookings/${data.reservationId}/cancel`,
        headers: { 'x-reservation-token': must(data.accessToken, 'data.accessToken') },
      })
    const [first, second] = await Promise.all([cancel(), cancel()])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400])
    const kinds = (await mailsAbout(data.reservationId)).map((mail) => mail.kind)
    expect(kinds).toEqual(['mail:reservation-confirmed', 'mail:reservation-cancelled'])
  })

  it("queues 'solicitud recibida' with a request to book", async () => {
    const cabin = await insertCabin(db())
    const res = await sandbox.ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: newClientIp(),
      payload: {
        cabinId: cabin.id,
        checkIn: '2026-08-01',
        checkOut: '2026-08-03',
        guests: 2,
        fullName: 'Ana Rodríguez',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
      },
    })
    expect(res.statusCode).toBe(201)
    const { requestId } = BookingRequestResponseSchema.parse(res.json()).data
    // Issue 22: with the host's 'nueva solicitud' (skipped at send time for a cabin no host owns),
    // written in the same transaction (so in no particular order).
    const mails = await mailsAbout(requestId)
    expect(mails).toHaveLength(2)
    expect(mails).toEqual(
      expect.arrayContaining([
        { kind: 'mail:booking-request-received', payload: { bookingRequestId: requestId } },
        { kind: 'mail:booking-request-update', payload: { bookingRequestId: requestId, event: 'host-new' } },
      ]),
    )
  })

  it('queues no mail when a cancellation is refused', async () => {
    const cabin = await insertCabin(db())
    const secret = 'secreto-de-una-estancia-terminada'
    const row = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-08-10',
      status: 'completed',
      accessTokenHash: hashAccessToken(secret),
    })
    const res = await sandbox.ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${row.id}/cancel`,
      headers: { 'x-reservation-token': secret },
    })
    expect(res.statusCode).toBe(400)
    expect(await mailsAbout(row.id)).toEqual([])
  })
})
