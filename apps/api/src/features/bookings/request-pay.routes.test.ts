/**
 * Issue 22: paying an accepted request to book through its pay link (POST /payments/charge with
 * `bookingRequest`): the price the host accepted, the request paid with its reservation in the same
 * transaction, and each misuse answered clearly without a charge.
 */

import { hostRequestMessages } from '@cabanas/domain/bookings'
import { findSandboxCharge } from '@cabanas/openpay-sandbox/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingRequests, reservations } from '../../db/schema.ts'
import { insertClient, insertReservation } from '../../test/factories.ts'
import { injectApi, sessionFor } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import {
  insertHostWithCabin,
  insertPendingRequest,
  requestMails,
  requestStatus,
} from '../../test/request-test-kit.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
})
afterAll(() => sandbox.ctx.close())

const db = () => sandbox.ctx.db
const HOUR = 3_600_000
const now = () => sandbox.ctx.clock.now()
const session = (clientId: string) => sessionFor(sandbox.ctx.app.sessionKey, clientId, now())

/** A request accepted by its host through the API; its pay link's secret as the guest's mail carries it. */
async function acceptedRequest({ clientId = null as string | null } = {}) {
  const { host, cabinId } = await insertHostWithCabin(db(), { weekdayRate: 1_000_00, weekendRate: 1_000_00 })
  const request = await insertPendingRequest(db(), {
    cabinId,
    checkIn: '2026-07-06',
    checkOut: '2026-07-08',
    // The host accepted this price; the cabin costs $2,240 for those nights today.
    totalPrice: 3_360_00,
    serviceCommission: 360_00,
    clientId,
    createdAt: new Date(now().getTime() - HOUR),
  })
  const res = await injectApi(sandbox.ctx.app)({
    method: 'POST',
    url: `/api/hosts/me/requests/${request.id}/accept`,
    token: await session(host.id),
  })
  expect(res.status, res.body).toBe(200)
  const mail = (await requestMails(db(), request.id)).find((m) => m.event === 'guest-accepted')
  return { cabinId, request, token: must(must(mail, 'mail').token, 'mail!.token') }
}

async function pay(
  { cabinId, request }: { cabinId: string; request: { id: string } },
  link: { token?: string },
  { auth, card = '4111111111111111' }: { auth?: string; card?: string } = {},
) {
  const tokenId = await sandbox.tokenFor(card)
  // The browser's stay is ignored: the request's is charged.
  const body = {
    ...chargeRequestBody(tokenId, cabinId, { checkIn: '2026-07-20', checkOut: '2026-07-21' }),
    bookingRequest: { id: request.id, ...link },
  }
  return sandbox.charge(body, { ip: newClientIp(), headers: auth ? { authorization: `Bearer ${auth}` } : {} })
}

describe('paying an accepted request', () => {
  it("charges the accepted price for the request's stay; the request is paid with its reservation and the host is told", async () => {
    const world = await acceptedRequest()
    const res = await pay(world, { token: world.token })
    expect(res.statusCode, res.body).toBe(200)
    const { reservationId, paymentId, totalAmount } = res.json().data
    expect(totalAmount).toBe(3_360_00)
    expect((await findSandboxCharge(db(), sandbox.merchantId, paymentId))?.amount).toBe(3_360_00)
    const [reservation] = await db().select().from(reservations).where(eq(reservations.id, reservationId))
    expect(reservation).toMatchObject({
      status: 'active',
      paymentStatus: 'PAID',
      checkIn: '2026-07-06',
      checkOut: '2026-07-08',
      totalPrice: 3_360_00,
      serviceCommission: 360_00,
      bookingRequestId: world.request.id,
    })
    expect(await requestStatus(db(), world.request.id)).toMatchObject({ status: 'paid', reservationId })
    expect((await requestMails(db(), world.request.id)).map((m) => m.event)).toContain('host-paid')

    // Used twice: refused, pointing to the reservation, and nothing charged.
    const again = await pay(world, { token: world.token })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(hostRequestMessages.alreadyPaid)
    const live = await db()
      .select()
      .from(reservations)
      .where(eq(reservations.bookingRequestId, world.request.id))
    expect(live).toHaveLength(1)
  })

  it('refuses a wrong secret, and a signed-in account that is not the request’s', async () => {
    const owner = await insertClient(db())
    const world = await acceptedRequest({ clientId: owner.id })
    const wrong = await pay(world, { token: 'x'.repeat(32) })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe(hostRequestMessages.payLinkInvalid)
    const stranger = await insertClient(db())
    const other = await pay(world, { token: world.token }, { auth: await session(stranger.id) })
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe(hostRequestMessages.otherAccount)
    // The request's own account pays without the link's secret (Mis Reservas' 'Pagar').
    const mine = await pay(world, {}, { auth: await session(owner.id) })
    expect(mine.statusCode, mine.body).toBe(200)
  })

  it("after the link's 24 hours: 'El enlace de pago venció', nothing charged", async () => {
    const world = await acceptedRequest()
    await db()
      .update(bookingRequests)
      .set({ answeredAt: new Date(now().getTime() - 24 * HOUR) })
      .where(eq(bookingRequests.id, world.request.id))
    const res = await pay(world, { token: world.token })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(hostRequestMessages.payLinkExpired)
    expect(await db().select().from(reservations).where(eq(reservations.cabinId, world.cabinId))).toEqual([])
  })

  it('when the nights were taken meanwhile: told so, nothing charged, the request still payable', async () => {
    const world = await acceptedRequest()
    await insertReservation(db(), { cabinId: world.cabinId, checkIn: '2026-07-07', checkOut: '2026-07-09' })
    const res = await pay(world, { token: world.token })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      errorType: 'NOT_AVAILABLE',
      message: hostRequestMessages.nightsTakenAtPay,
    })
    expect(await requestStatus(db(), world.request.id)).toMatchObject({
      status: 'accepted',
      reservationId: null,
    })
  })

  it('a declined card leaves the request payable again; a second live reservation for it fails in the database', async () => {
    const world = await acceptedRequest()
    const declined = await pay(world, { token: world.token }, { card: '4222222222222220' })
    expect(declined.statusCode).toBe(402)
    expect(await requestStatus(db(), world.request.id)).toMatchObject({
      status: 'accepted',
      reservationId: null,
    })
    // The database refuses two live reservations paying one request, whatever path writes them.
    await insertReservation(db(), {
      cabinId: world.cabinId,
      checkIn: '2026-08-01',
      checkOut: '2026-08-03',
      bookingRequestId: world.request.id,
    })
    await expect(
      insertReservation(db(), {
        cabinId: world.cabinId,
        checkIn: '2026-09-01',
        checkOut: '2026-09-03',
        bookingRequestId: world.request.id,
      }),
    ).rejects.toThrow()
  })
})
