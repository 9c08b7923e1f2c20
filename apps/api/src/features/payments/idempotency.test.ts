import { ChargeRequestSchema, ChargeResponseSchema } from '@cabanas/domain/bookings'
import { paymentErrorTexts } from '@cabanas/domain/payments'
import { openpaySandboxCharges } from '@cabanas/openpay-sandbox'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { idempotencyKeys, reservations } from '../../db/schema.ts'
import { hashRequestBody, pruneIdempotencyKeys } from '../../plugins/idempotency-keys.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'

// A process killed mid-charge leaves its Idempotency-Key "in progress" (status_code null). The gateway
// timeout here is the default 20 s, so such a key is abandoned after 30 s (reconcile.ts).
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
})
afterAll(() => sandbox.ctx.close())

let ip: string
let key: string
let counter = 0
beforeEach(() => {
  ip = newClientIp()
  counter += 1
  key = `checkout-${counter}-${Date.now()}`
})

const db = () => sandbox.ctx.db
const stay = { checkIn: '2026-07-06', checkOut: '2026-07-08' }
const charge = (body: object, headers: Record<string, string> = { 'idempotency-key': key }) =>
  sandbox.charge(body, { ip, headers })

/** What the killed process left behind: the key claimed `ageSeconds` ago, linked to its hold (if any). */
async function leaveKeyInProgress(body: object, reservationId: string | null, ageSeconds = 120) {
  const then = sql`now() - make_interval(secs => ${ageSeconds})`
  await db()
    .insert(idempotencyKeys)
    .values({
      key,
      requestHash: hashRequestBody(ChargeRequestSchema.parse(body)),
      reservationId,
      createdAt: then,
      updatedAt: then,
    })
}

async function keyRow() {
  const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
  return row
}

async function reservationOf(id: string) {
  const [row] = await db().select().from(reservations).where(eq(reservations.id, id))
  return must(row, 'row')
}

const reservationsOf = (cabinId: string) =>
  db().select().from(reservations).where(eq(reservations.cabinId, cabinId))

/** A hold the killed process made, as it left it. */
const holdOf = (cabinId: string, changes: Partial<typeof reservations.$inferInsert> = {}) =>
  insertReservation(db(), {
    cabinId,
    ...stay,
    status: 'pending',
    paymentStatus: 'PENDING',
    createdAt: new Date(Date.now() - 120_000),
    holdExpiresAt: new Date(Date.now() - 90_000),
    ...changes,
  })

describe('a retry after the process died mid-charge', () => {
  it('runs again when no hold was made, and is then replayed', async () => {
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay)
    await leaveKeyInProgress(body, null)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(200)
    const { data } = ChargeResponseSchema.parse(retry.json())
    expect(await reservationOf(data.reservationId)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
    expect(await keyRow()).toMatchObject({ statusCode: 200, reservationId: data.reservationId })
    const again = await charge(body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(retry.json())
  })

  it('still answers 409 while the first request may be running', async () => {
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay)
    await leaveKeyInProgress(body, null, 5)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(409)
    expect(retry.json().errorType).toBe('IDEMPOTENCY_IN_PROGRESS')
    expect(await reservationsOf(cabin.id)).toEqual([])
  })

  it('answers a paid reservation as confirmed, with a new secret that opens it, and charges nothing more', async () => {
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay)
    const paid = await holdOf(cabin.id, {
      status: 'active',
      paymentStatus: 'PAID',
      chargeId: 'trpaidbefore00000000',
    })
    await leaveKeyInProgress(body, paid.id)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(200)
    const { data } = ChargeResponseSchema.parse(retry.json())
    expect(data).toMatchObject({
      reservationId: paid.id,
      paymentId: 'trpaidbefore00000000',
      status: 'succeeded',
    })
    const opened = await sandbox.ctx.app.inject({
      url: `/api/bookings/${paid.id}`,
      headers: { 'x-reservation-token': must(data.accessToken, 'data.accessToken') },
    })
    expect(opened.statusCode).toBe(200)
    expect(await reservationsOf(cabin.id)).toHaveLength(1)
    expect(await keyRow()).toMatchObject({ statusCode: 200, reservationId: paid.id })
  })

  it('confirms a pending hold whose charge went through before the crash', async () => {
    const cabin = await insertCabin(db())
    const token = await sandbox.tokenFor('4111111111111111')
    const body = chargeRequestBody(token, cabin.id, stay)
    const held = await holdOf(cabin.id)
    const made = await sandbox.gateway().createCharge(sandbox.chargeInput(token, { orderId: held.id }))
    await leaveKeyInProgress(body, held.id)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(200)
    expect(ChargeResponseSchema.parse(retry.json()).data).toMatchObject({
      reservationId: held.id,
      paymentId: made.id,
    })
    expect(await reservationOf(held.id)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
  })

  it('releases a pending hold the provider has no charge for, and runs again', async () => {
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay)
    const held = await holdOf(cabin.id)
    await leaveKeyInProgress(body, held.id)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(200)
    const { data } = ChargeResponseSchema.parse(retry.json())
    expect(data.reservationId).not.toBe(held.id)
    expect(await reservationOf(held.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
    expect(await reservationOf(data.reservationId)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
  })

  it('runs again after a declined charge: the used token cannot charge twice', async () => {
    const cabin = await insertCabin(db())
    const token = await sandbox.tokenFor('4222222222222220')
    const body = chargeRequestBody(token, cabin.id, stay)
    const failed = await holdOf(cabin.id, { status: 'cancelled', paymentStatus: 'FAILED' })
    await sandbox
      .gateway()
      .createCharge(sandbox.chargeInput(token, { orderId: failed.id }))
      .catch(() => {})
    await leaveKeyInProgress(body, failed.id)
    const retry = await charge(body)
    expect(retry.statusCode).toBe(402)
    expect(retry.json()).toMatchObject({ error_code: 1003, error: paymentErrorTexts.notProcessed })
    const live = (await reservationsOf(cabin.id)).filter((r) => r.status !== 'cancelled')
    expect(live).toEqual([])
    const charges = await db()
      .select()
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.sourceId, token))
    expect(charges.map((c) => c.status)).toEqual(['failed'])
  })

  it('lets one of two simultaneous retries take the key over', async () => {
    const cabin = await insertCabin(db())
    const token = await sandbox.tokenFor('4111111111111111')
    const body = chargeRequestBody(token, cabin.id, stay)
    await leaveKeyInProgress(body, null)
    const answers = await Promise.all([charge(body), charge(body)])
    const statuses = answers.map((r) => r.statusCode).sort()
    if (statuses[1] === 200) {
      // The other retry read the key only once the first had finished (a busy machine runs them one
      // after the other): it gets the stored answer, the same booking, not a second charge.
      expect(statuses).toEqual([200, 200])
      expect(answers[1]?.json()).toEqual(answers[0]?.json())
    } else {
      expect(statuses).toEqual([200, 409])
    }
    expect(await reservationsOf(cabin.id)).toHaveLength(1)
    const charges = await db()
      .select()
      .from(openpaySandboxCharges)
      .where(eq(openpaySandboxCharges.sourceId, token))
    expect(charges).toHaveLength(1)
  })
})

describe('the key of a charge in flight', () => {
  it('links the hold as soon as it exists, before the charge is answered', async () => {
    const cabin = await insertCabin(db())
    const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay)
    await sandbox.setFault({ mode: 'delay', delayMs: 3_000 })
    const inFlight = charge(body)
    let linked: string | null | undefined
    for (let i = 0; i < 100 && !linked; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const [hold] = await reservationsOf(cabin.id)
      if (hold) linked = (await keyRow())?.reservationId === hold.id ? hold.id : null
    }
    expect(linked).toEqual(expect.any(String))
    expect(await keyRow()).toMatchObject({ statusCode: null })
    expect((await inFlight).statusCode).toBe(200)
  })
})

describe('pruning', () => {
  it('forgets keys after 24 hours', async () => {
    const body = chargeRequestBody('k0000000000000000001', crypto.randomUUID(), stay)
    await leaveKeyInProgress(body, null, 25 * 3600)
    const recent = `${key}-recent`
    await db().insert(idempotencyKeys).values({ key: recent, requestHash: 'x', statusCode: 200 })
    expect(await pruneIdempotencyKeys(db())).toBeGreaterThanOrEqual(1)
    expect(await keyRow()).toBeUndefined()
    const [kept] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, recent))
    expect(kept).toBeDefined()
  })
})
