import { ChargeResponseSchema, chargeMessages } from '@cabanas/domain/bookings'
import { openpaySandboxCharges } from '@cabanas/openpay-sandbox'
import { buildSandboxChargeEvent, findSandboxCharge } from '@cabanas/openpay-sandbox/testing'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reservations } from '../../db/schema.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { stay, usePaymentsSandbox } from '../../test/payments-test-kit.ts'
import { startSandbox } from '../../test/sandbox-test-kit.ts'
import { chargeSettledAfterSeconds } from './reconcile.ts'

// What happens after a charge was sent: a hold released while it ran, outcomes the provider left unknown
// (reconciliation) and the provider's webhooks.
const { sandbox, ip, db, tokenFor, charge, chargeBody, reservationOf, reconcile, ageHold } =
  usePaymentsSandbox()

/** A pending hold on a cabin of its own that expired long ago, its charge never answered. */
async function expiredHold(checkIn: string) {
  const cabin = await insertCabin(db())
  return insertReservation(db(), {
    cabinId: cabin.id,
    checkIn,
    status: 'pending',
    paymentStatus: 'PENDING',
    holdExpiresAt: new Date('2020-01-01T00:10:00Z'),
    createdAt: new Date('2020-01-01T00:00:00Z'),
  })
}

describe('a hold released while its charge ran', () => {
  // Its own sandbox with a client timeout far above the provider's delay: with the file's 800 ms
  // against a 600 ms delay, a loaded machine (load 10) timed the client out first (202, not 409).
  let slow: Awaited<ReturnType<typeof startSandbox>>
  beforeAll(async () => {
    slow = await startSandbox({ today: '2026-06-01', env: { OPENPAY_TIMEOUT_MS: '15000' } })
  })
  afterAll(() => slow.ctx.close())

  it('refunds the charge and says so, instead of confirming nights the guest no longer holds', async () => {
    const slowDb = slow.ctx.db
    const cabin = await insertCabin(slowDb)
    await slow.setFault({ mode: 'delay', delayMs: 3000 })
    const answer = slow.charge(chargeBody(await slow.tokenFor('4111111111111111'), cabin.id, stay), {
      ip: ip(),
    })
    // While the provider takes its time, a lookup finds no charge yet and releases the nights.
    let held: { id: string } | undefined
    for (let i = 0; i < 100 && !held; i++) {
      ;[held] = await slowDb
        .select({ id: reservations.id })
        .from(reservations)
        .where(sql`${reservations.cabinId} = ${cabin.id} and ${reservations.status} = 'pending'`)
      if (!held) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(held).toBeDefined()
    await slowDb
      .update(reservations)
      .set({ status: 'cancelled', paymentStatus: 'FAILED' })
      .where(eq(reservations.id, must(held, 'held').id))
    const res = await answer
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(chargeMessages.releasedBeforePayment)
    const [made] = await slowDb
      .select({ status: openpaySandboxCharges.status })
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.orderId, must(held, 'held').id))
    expect(made?.status).toBe('refunded')
    const [row] = await slowDb
      .select()
      .from(reservations)
      .where(eq(reservations.id, must(held, 'held').id))
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
  })
})

describe('unknown outcomes', () => {
  it('leaves a timed-out charge pending, then the sweeper finds the charge and confirms it', async () => {
    const cabin = await insertCabin(db())
    await sandbox().setFault({ mode: 'timeout' })
    const res = await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'pending', paymentStatus: 'PENDING' })
    await ageHold(reservationId, 60)
    const report = await reconcile(chargeSettledAfterSeconds(800))
    expect(report.settled).toBeGreaterThanOrEqual(1)
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
  })

  it('confirms a charge whose response was lost when the webhook arrives, once however often it is replayed', async () => {
    const cabin = await insertCabin(db())
    await sandbox().setFault({ mode: 'lose-response' })
    const res = await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    const [sandboxCharge] = await db()
      .select()
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.orderId, reservationId))
    const event = buildSandboxChargeEvent(must(sandboxCharge, 'sandboxCharge'), 'charge.succeeded')
    const results = []
    for (let i = 0; i < 3; i++) {
      const hook = await webhook(event)
      expect(hook.statusCode).toBe(200)
      results.push(hook.json())
    }
    expect(results[0]).toMatchObject({ result: 'changed' })
    expect(results.slice(1)).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ])
    expect(await reservationOf(reservationId)).toMatchObject({
      status: 'active',
      paymentStatus: 'PAID',
      chargeId: must(sandboxCharge, 'sandboxCharge').id,
    })
  })

  it('releases a hold whose charge never reached the provider at its first lookup', async () => {
    const row = await expiredHold('2026-09-01')
    await reconcile(60)
    expect(await reservationOf(row.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
  })
})

const webhook = (payload: object, authorization = webhookAuthorization()) =>
  sandbox().ctx.app.inject({ method: 'POST', url: '/webhooks/openpay', payload, headers: { authorization } })

function webhookAuthorization() {
  const { webhookUser, webhookPassword } = sandbox().openpay
  return `Basic ${Buffer.from(`${webhookUser}:${webhookPassword}`).toString('base64')}`
}

describe('webhooks', () => {
  it('refuses a webhook without the right credentials', async () => {
    const res = await sandbox().ctx.app.inject({
      method: 'POST',
      url: '/webhooks/openpay',
      payload: { type: 'charge.succeeded', transaction: { id: 'tr' } },
    })
    expect(res.statusCode).toBe(401)
  })

  it('answers 200 and ignores an event for a charge the provider does not know', async () => {
    const res = await webhook({
      type: 'charge.succeeded',
      event_date: '2026-06-01T12:00:00-06:00',
      transaction: { id: 'trnosuchcharge000000', status: 'completed', order_id: 'x' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, ignored: true })
  })

  it.each([
    ['a NUL in the type', { type: '\u0000', transaction: { id: 'trirwdbkn1ryv8x3jtj1', status: 'failed' } }],
    [
      'a NUL in the status',
      { type: 'charge.refunded', transaction: { id: 'tr6ce6b468a7d784d41b', status: 'a\u0000b' } },
    ],
    [
      'a lone surrogate in the id',
      { type: 'charge.succeeded', transaction: { id: 'ana\ud800maria', status: 'completed' } },
    ],
    [
      "an id outside Openpay's alphabet",
      { type: 'charge.succeeded', transaction: { id: "tr'; drop", status: 'completed' } },
    ],
  ])('answers 400, never 500, to an authenticated webhook with %s', async (_case, payload) => {
    const res = await webhook(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().errorType).toBe('VALIDATION_ERROR')
  })

  it('refunds a charge that completes after its hold was released', async () => {
    const row = await expiredHold('2026-09-10')
    await reconcile(60)
    expect(await reservationOf(row.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
    // The provider processes the lost request after all.
    const late = await sandbox()
      .gateway()
      .createCharge(sandbox().chargeInput(await tokenFor('4111111111111111'), { orderId: row.id }))
    const [stored] = await db()
      .select()
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.id, late.id))
    const res = await webhook(buildSandboxChargeEvent(must(stored, 'stored'), 'charge.succeeded'))
    expect(res.json()).toMatchObject({ received: true, result: 'refunded-late-charge' })
    expect(await findSandboxCharge(db(), sandbox().merchantId, late.id)).toMatchObject({ status: 'refunded' })
    expect(await reservationOf(row.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
  })
})
