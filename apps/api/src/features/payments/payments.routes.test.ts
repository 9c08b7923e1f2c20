import { ChargeRequestSchema, ChargeResponseSchema, chargeMessages } from '@cabanas/domain/bookings'
import { paymentErrorTexts } from '@cabanas/domain/payments'
import { openpaySandboxCharges } from '@cabanas/openpay-sandbox'
import { findSandboxCharge, type SandboxFault } from '@cabanas/openpay-sandbox/testing'
import { count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { reservations } from '../../db/schema.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { stay, usePaymentsSandbox } from '../../test/payments-test-kit.ts'
import { chargeRequestBody } from '../../test/sandbox-test-kit.ts'
import { chargeReservation } from './payments.service.ts'
import { chargeSettledAfterSeconds } from './reconcile.ts'

// POST /payments/charge: prices, declines, holds and limits. Outcomes the provider left unknown, a hold
// released mid-charge and webhooks: payments-outcomes.test.ts.
const { sandbox, ip, nextClient, db, tokenFor, charge, chargeBody, reservationOf } = usePaymentsSandbox()

describe('POST /payments/charge', () => {
  it('charges the server price (not the client’s), confirms and takes the dates', async () => {
    const cabin = await insertCabin(db(), { weekdayRate: 1_000_00, weekendRate: 1_000_00 })
    const res = await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay, 1))
    expect(res.statusCode).toBe(200)
    const body = ChargeResponseSchema.parse(res.json())
    expect(body).toMatchObject({
      success: true,
      data: { status: 'succeeded', ok: true, totalAmount: 2_240_00 },
    })
    expect(body.data.charge.status).toBe('completed')
    const row = await reservationOf(body.data.reservationId)
    expect(row).toMatchObject({
      status: 'active',
      paymentStatus: 'PAID',
      chargeId: body.data.paymentId,
      totalPrice: 2_240_00,
      holdIp: ip(),
    })
    const sandboxCharge = await findSandboxCharge(
      db(),
      sandbox().merchantId,
      must(body.data.paymentId, 'body.data.paymentId'),
    )
    expect(sandboxCharge?.amount).toBe(2_240_00)
    const quote = await sandbox().ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, ...stay, guests: 2 },
    })
    expect(quote.json().errorType).toBe('NOT_AVAILABLE')
  })

  it('equals the search card total and the quote total', async () => {
    const cabin = await insertCabin(db(), {
      population: 'Cuetzalan',
      state: 'Puebla',
      weekdayRate: 1_333_33,
      weekendRate: 1_777_77,
    })
    const checkIn = '2026-07-09'
    const checkOut = '2026-07-13'
    const search = await sandbox().ctx.app.inject({
      url: `/cotizar/search?location=cuetzalan&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    })
    const quote = await sandbox().ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, checkIn, checkOut, guests: 2 },
    })
    const res = await charge(chargeBody(await tokenFor('5555555555554444'), cabin.id, { checkIn, checkOut }))
    const charged = ChargeResponseSchema.parse(res.json()).data
    const sandboxCharge = await findSandboxCharge(
      db(),
      sandbox().merchantId,
      must(charged.paymentId, 'charged.paymentId'),
    )
    expect(search.json().habitaciones[0].stay.totalPrice).toBe(quote.json().pricing.totalPrice)
    expect(sandboxCharge?.amount).toBe(quote.json().pricing.totalPrice)
  })

  it.each([
    ['4222222222222220', 3001, 'Tu banco rechazó el pago'],
    ['4000000000000069', 3002, 'La tarjeta está vencida'],
    ['4444444444444448', 3003, 'La tarjeta no tiene fondos suficientes'],
    ['4000000000000119', 3004, 'Tu banco rechazó el pago'],
    ['4000000000000044', 3005, 'Tu banco rechazó el pago'],
  ])('declines %s (%i) in Spanish and frees the dates', async (card, code, message) => {
    const cabin = await insertCabin(db())
    const res = await charge(chargeBody(await tokenFor(card), cabin.id, stay))
    expect(res.statusCode).toBe(402)
    const body = ChargeResponseSchema.parse(res.json())
    expect(body).toMatchObject({
      success: false,
      errorType: 'PAYMENT_DECLINED',
      error_code: code,
      data: { ok: false, status: 'failed' },
    })
    expect(body.error).toContain(message)
    expect(await reservationOf(body.data.reservationId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    const retry = await charge(chargeBody(await tokenFor('4242424242424242'), cabin.id, stay))
    expect(retry.statusCode).toBe(200)
  })

  it('refuses a stay that overlaps a live reservation with 409', async () => {
    const cabin = await insertCabin(db())
    expect((await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))).statusCode).toBe(
      200,
    )
    const second = await charge(
      chargeBody(await tokenFor('4111111111111111'), cabin.id, {
        checkIn: '2026-07-07',
        checkOut: '2026-07-09',
      }),
    )
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      errorType: 'NOT_AVAILABLE',
      error: 'No disponible para las fechas seleccionadas',
    })
  })

  it('charges once for one Idempotency-Key, and refuses the key with another body', async () => {
    const cabin = await insertCabin(db())
    const body = chargeBody(await tokenFor('4111111111111111'), cabin.id, stay)
    const headers = { 'idempotency-key': 'pago-0001-abcdef' }
    const first = await charge(body, headers)
    const second = await charge(body, headers)
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    const ids = (
      await db().select({ id: reservations.id }).from(reservations).where(eq(reservations.cabinId, cabin.id))
    ).map((r) => r.id)
    const [charges] = await db()
      .select({ n: count() })
      .from(openpaySandboxCharges)
      .where(inArray(openpaySandboxCharges.orderId, ids))
    expect(ids).toHaveLength(1)
    expect(charges?.n).toBe(1)
    const other = await charge({ ...body, device_session_id: 'otro-dispositivo' }, headers)
    expect(other.statusCode).toBe(422)
    expect(other.json().errorType).toBe('IDEMPOTENCY_MISMATCH')
  })

  it('answers 400 in Spanish to a malformed charge and never reaches the gateway', async () => {
    const res = await charge({ method: 'card', token_id: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/[a-záéíóú]/)
    const phone = chargeBody('tok', '00000000-0000-4000-8000-000000000000', stay)
    phone.customerData.phone_number = '123'
    expect((await charge(phone)).json().error).toBe(
      'El teléfono de facturación debe tener exactamente 10 dígitos',
    )
  })
})

describe('a charge the provider refused holds no night', () => {
  async function expectNightsFreed(res: { statusCode: number; json(): unknown }, cabinId: string) {
    expect(res.statusCode).toBe(402)
    const body = ChargeResponseSchema.parse(res.json())
    expect(body).toMatchObject({ errorType: 'PAYMENT_DECLINED', data: { status: 'failed', ok: false } })
    expect(await reservationOf(body.data.reservationId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    // At once, not after a hold: the same nights are bookable by the next guest.
    nextClient()
    const next = await charge(chargeBody(await tokenFor('4111111111111111'), cabinId, stay))
    expect(next.statusCode).toBe(200)
    return body
  }

  it.each<[string, Partial<SandboxFault> & Pick<SandboxFault, 'mode'>, number]>([
    ['a 4xx without an Openpay error object (a proxy refused it)', { mode: 'error4xx' }, 1001],
    ['a malformed request (400/1001)', { mode: 'openpay-error', errorCode: 1001 }, 1001],
    ['an unknown token (404/1005)', { mode: 'openpay-error', errorCode: 1005 }, 1005],
    ['a used token (422/1003)', { mode: 'openpay-error', errorCode: 1003 }, 1003],
    ['a wrong key (401/1002)', { mode: 'openpay-error', errorCode: 1002 }, 1002],
  ])('answers 402 and frees the nights for %s', async (_name, fault, code) => {
    const cabin = await insertCabin(db())
    const token = await tokenFor('4111111111111111')
    await sandbox().setFault(fault)
    const body = await expectNightsFreed(await charge(chargeBody(token, cabin.id, stay)), cabin.id)
    expect(body.error_code).toBe(code)
    expect(body.error).toBe(paymentErrorTexts.notProcessed)
  })

  it('answers 402 to a token Openpay never issued', async () => {
    const cabin = await insertCabin(db())
    const body = await expectNightsFreed(
      await charge(chargeBody('kdoesnotexist0000000', cabin.id, stay)),
      cabin.id,
    )
    expect(body.error_code).toBe(1005)
  })

  it('answers 402 to a token the provider cannot even store (NUL byte), whatever our schema lets through', async () => {
    const cabin = await insertCabin(db())
    const request = ChargeRequestSchema.parse(chargeBody('k0000000000000000001', cabin.id, stay))
    const outcome = await chargeReservation(
      {
        db: db(),
        gateway: sandbox().ctx.app.paymentGateway,
        today: '2026-06-01',
        log: sandbox().ctx.app.log,
        settledAfterSeconds: 30,
      },
      { ...request, token_id: 'k\u0000' },
      { clientIp: ip() },
    )
    expect(outcome.statusCode).toBe(402)
    await expectNightsFreed({ statusCode: outcome.statusCode, json: () => outcome.body }, cabin.id)
  })

  it.each<[string, Partial<SandboxFault> & Pick<SandboxFault, 'mode'>]>([
    ['a 5xx without an Openpay error object', { mode: 'error5xx' }],
    ['an internal error (500/1000)', { mode: 'openpay-error', errorCode: 1000 }],
    ['an order id already charged (409/1006)', { mode: 'openpay-error', errorCode: 1006 }],
    ['no answer in time', { mode: 'timeout' }],
  ])('keeps the hold (202) only while the outcome is unknown: %s', async (_name, fault) => {
    const cabin = await insertCabin(db())
    const token = await tokenFor('4111111111111111')
    await sandbox().setFault(fault)
    const res = await charge(chargeBody(token, cabin.id, stay))
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'pending', paymentStatus: 'PENDING' })
  })
})

describe('what one client can hold', () => {
  const settled = chargeSettledAfterSeconds(800)

  /** `n` live holds on other cabins, made by the client described by `who`. */
  async function holds(n: number, who: Partial<typeof reservations.$inferInsert>) {
    for (let i = 0; i < n; i++) {
      const cabin = await insertCabin(db())
      await insertReservation(db(), {
        cabinId: cabin.id,
        checkIn: '2026-08-01',
        status: 'pending',
        paymentStatus: 'PENDING',
        ...who,
      })
    }
  }

  async function expectTooManyHolds(body: ReturnType<typeof chargeBody>, cabinId: string) {
    const res = await charge(body)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ errorType: 'RATE_LIMITED', error: chargeMessages.tooManyHolds })
    expect(res.headers['retry-after']).toBe(String(settled))
    const held = await db().select().from(reservations).where(eq(reservations.cabinId, cabinId))
    expect(held).toEqual([])
  }

  it('refuses a fourth live hold from one IP address, and counts only live ones', async () => {
    await holds(3, { holdIp: ip() })
    const cabin = await insertCabin(db())
    await expectTooManyHolds(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay), cabin.id)
    nextClient()
    await holds(2, { holdIp: ip() })
    await holds(3, { holdIp: ip(), status: 'cancelled', paymentStatus: 'FAILED' })
    await holds(3, { holdIp: ip(), status: 'active', paymentStatus: 'PAID' })
    expect((await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))).statusCode).toBe(
      200,
    )
  })

  it('refuses a third live hold for one guest e-mail, from any address', async () => {
    await holds(2, { guestEmail: 'sofia@ejemplo.mx' })
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await tokenFor('4111111111111111'), cabin.id, stay, {
      email: 'Sofia@Ejemplo.mx',
    })
    await expectTooManyHolds(body, cabin.id)
  })

  it('refuses a third live hold for one device session', async () => {
    await holds(2, { holdDeviceSessionId: 'DeviceOfOneBrowser0000000000001' })
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await tokenFor('4111111111111111'), cabin.id, stay, {
      deviceSessionId: 'DeviceOfOneBrowser0000000000001',
    })
    await expectTooManyHolds(body, cabin.id)
  })

  it('lets only three of six simultaneous unanswered charges from one address hold nights', async () => {
    const cabins = await Promise.all(Array.from({ length: 6 }, () => insertCabin(db())))
    const tokens = await Promise.all(cabins.map(() => tokenFor('4111111111111111')))
    await sandbox().setFault({ mode: 'timeout', times: 6 })
    try {
      const statuses = await Promise.all(
        cabins.map((cabin, i) =>
          charge(chargeBody(must(tokens[i], 'tokens[i]'), cabin.id, stay)).then((r) => r.statusCode),
        ),
      )
      expect(statuses.filter((s) => s === 202)).toHaveLength(3)
      expect(statuses.filter((s) => s === 429)).toHaveLength(3)
    } finally {
      await sandbox().clearFaults()
    }
  })
})

describe('charge attempts per address', () => {
  it('refuses the eleventh attempt in ten minutes from one address with a Spanish 429', async () => {
    const missing = chargeBody('k0000000000000000001', '00000000-0000-4000-8000-000000000000', stay)
    for (let i = 0; i < 10; i++) expect((await charge(missing)).statusCode).toBe(404)
    const refused = await charge(missing)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ errorType: 'RATE_LIMITED', error: chargeMessages.tooManyCharges })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    nextClient()
    expect((await charge(missing)).statusCode).toBe(404)
  })
})
