import type { AddressInfo } from 'node:net'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_OPENPAY } from '../../config.ts'
import { openpaySandboxCharges } from '../../db/sandbox-schema.ts'
import { reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'
import { reconcilePendingReservations } from '../bookings/reconcile.ts'
import { findSandboxCharge } from './sandbox/sandbox-charges.ts'
import { buildSandboxChargeEvent } from './sandbox/sandbox-transaction.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let sandboxUrl: string
beforeAll(async () => {
  ctx = await buildTestApp({
    today: '2026-06-01',
    env: { OPENPAY_SANDBOX_FAULTS: 'true', OPENPAY_TIMEOUT_MS: '800' },
  })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  sandboxUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/sandbox/openpay`
})
afterAll(() => ctx.close())

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`

/** What Openpay.js does in the browser: the card goes to the provider, only the token to us. */
async function tokenFor(cardNumber: string) {
  const res = await fetch(`${sandboxUrl}/v1/${SANDBOX_OPENPAY.merchantId}/tokens`, {
    method: 'POST',
    headers: { authorization: basic(SANDBOX_OPENPAY.publicKey), 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: cardNumber,
      holder_name: 'ANA RODRIGUEZ',
      expiration_month: '12',
      expiration_year: '35',
      cvv2: '123',
    }),
  })
  return String(((await res.json()) as { id: string }).id)
}

async function setFault(mode: string) {
  await fetch(`${sandboxUrl}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, times: 1 }),
  })
}

function chargeBody(
  tokenId: string,
  cabinId: string,
  stay: { checkIn: string; checkOut: string },
  totalPrice = 1,
) {
  return {
    reservationId: cabinId,
    method: 'card',
    token_id: tokenId,
    device_session_id: 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
    customerData: {
      name: 'Ana',
      last_name: 'Rodríguez',
      phone_number: '5512345678',
      email: 'ana@ejemplo.mx',
    },
    reservationData: {
      cabinId,
      cabinName: 'Cabaña',
      ...stay,
      guests: 2,
      nights: 2,
      pricing: {
        basePrice: totalPrice,
        totalPrice,
        cleaningFee: 0,
        serviceFee: 0,
        comisionServicio: 0,
        taxes: 0,
      },
      guestInfo: {
        firstName: 'Ana',
        lastName: 'Rodríguez',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
        specialRequests: '',
      },
    },
  }
}

const charge = (body: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/payments/charge', payload: body, headers })

async function reservationOf(id: string) {
  const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, id))
  return row!
}

const stay = { checkIn: '2026-07-06', checkOut: '2026-07-08' }

describe('POST /payments/charge', () => {
  it('charges the server price (not the client’s), confirms and takes the dates', async () => {
    const cabin = await insertCabin(ctx.db, { weekdayRate: 1_000_00, weekendRate: 1_000_00 })
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
    })
    const sandboxCharge = await findSandboxCharge(ctx.db, SANDBOX_OPENPAY.merchantId, body.data.paymentId!)
    expect(sandboxCharge?.amount).toBe(2_240_00)
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, ...stay, guests: 2 },
    })
    expect(quote.json().errorType).toBe('NOT_AVAILABLE')
  })

  it('equals the search card total and the quote total', async () => {
    const cabin = await insertCabin(ctx.db, {
      population: 'Cuetzalan',
      state: 'Puebla',
      weekdayRate: 1_333_33,
      weekendRate: 1_777_77,
    })
    const checkIn = '2026-07-09'
    const checkOut = '2026-07-13'
    const search = await ctx.app.inject({
      url: `/cotizar/search?location=cuetzalan&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    })
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, checkIn, checkOut, guests: 2 },
    })
    const res = await charge(chargeBody(await tokenFor('5555555555554444'), cabin.id, { checkIn, checkOut }))
    const charged = ChargeResponseSchema.parse(res.json()).data
    const sandboxCharge = await findSandboxCharge(ctx.db, SANDBOX_OPENPAY.merchantId, charged.paymentId!)
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
    const cabin = await insertCabin(ctx.db)
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
    const cabin = await insertCabin(ctx.db)
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
    const cabin = await insertCabin(ctx.db)
    const body = chargeBody(await tokenFor('4111111111111111'), cabin.id, stay)
    const headers = { 'idempotency-key': 'pago-0001-abcdef' }
    const first = await charge(body, headers)
    const second = await charge(body, headers)
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    const ids = (
      await ctx.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.cabinId, cabin.id))
    ).map((r) => r.id)
    const [charges] = await ctx.db
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

describe('unknown outcomes', () => {
  it('leaves a timed-out charge pending, then the sweeper finds the charge and confirms it', async () => {
    const cabin = await insertCabin(ctx.db)
    await setFault('timeout')
    const res = await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'pending', paymentStatus: 'PENDING' })
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    const report = await reconcilePendingReservations(
      { db: ctx.db, gateway: ctx.app.paymentGateway, log: ctx.app.log },
      { graceSeconds: 0 },
    )
    expect(report.settled).toBeGreaterThanOrEqual(1)
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
  })

  it('confirms a charge whose response was lost when the webhook arrives, once however often it is replayed', async () => {
    const cabin = await insertCabin(ctx.db)
    await setFault('lose-response')
    const res = await charge(chargeBody(await tokenFor('4111111111111111'), cabin.id, stay))
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    const [sandboxCharge] = await ctx.db
      .select()
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.orderId, reservationId))
    const event = buildSandboxChargeEvent(sandboxCharge!, 'charge.succeeded')
    const auth = `Basic ${Buffer.from(`${SANDBOX_OPENPAY.webhookUser}:${SANDBOX_OPENPAY.webhookPassword}`).toString('base64')}`
    const results = []
    for (let i = 0; i < 3; i++) {
      const hook = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/openpay',
        payload: event,
        headers: { authorization: auth },
      })
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
      chargeId: sandboxCharge!.id,
    })
  })

  it('refuses a webhook without the right credentials', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/openpay',
      payload: { type: 'charge.succeeded', transaction: { id: 'tr' } },
    })
    expect(res.statusCode).toBe(401)
  })

  it('releases an expired hold that has no charge', async () => {
    const cabin = await insertCabin(ctx.db)
    const [row] = await ctx.db
      .insert(reservations)
      .values({
        cabinId: cabin.id,
        checkIn: '2026-09-01',
        checkOut: '2026-09-03',
        guests: 2,
        nights: 2,
        totalPrice: 1,
        serviceCommission: 0,
        guestFirstName: 'A',
        guestLastName: 'B',
        guestEmail: 'a@b.mx',
        guestPhone: '5512345678',
        status: 'pending',
        paymentStatus: 'PENDING',
        holdExpiresAt: new Date('2020-01-01T00:00:00Z'),
        createdAt: new Date('2020-01-01T00:00:00Z'),
      })
      .returning()
    await reconcilePendingReservations(
      { db: ctx.db, gateway: ctx.app.paymentGateway, log: ctx.app.log },
      { graceSeconds: 60 },
    )
    const [after] = await ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.id, row!.id)))
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
  })
})
