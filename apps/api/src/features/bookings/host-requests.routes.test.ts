/**
 * Issue 22: the host's requests to book: the inbox, a request, accept and decline (idempotent, guarded in
 * SQL), and the host's mail when a request arrives.
 */

import {
  HostRequestResponseSchema,
  HostRequestsResponseSchema,
  hostRequestMessages,
} from '@cabanas/domain/bookings'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBlock, insertClient } from '../../test/factories.ts'
import { injectApi, sessionFor } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import {
  insertHostWithCabin,
  insertPendingRequest,
  requestMails,
  requestStatus,
} from '../../test/request-test-kit.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let api: ReturnType<typeof injectApi>
const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())
const HOUR = 3_600_000
const hoursAgo = (hours: number) => new Date(ctx.clock.now().getTime() - hours * HOUR)

beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
  api = injectApi(ctx.app)
})
afterAll(() => ctx.close())

async function world() {
  const { host, cabinId } = await insertHostWithCabin(ctx.db, { name: 'Cabaña El Ocote' })
  const token = await session(host.id)
  const request = await insertPendingRequest(ctx.db, {
    cabinId,
    checkIn: '2026-07-10',
    checkOut: '2026-07-12',
    fullName: 'Ana María Rodríguez',
    email: 'ana.privada@ejemplo.mx',
    phone: '5599887766',
    totalPrice: 3_360_00,
    createdAt: hoursAgo(2),
  })
  const accept = () => api({ method: 'POST', url: `/api/hosts/me/requests/${request.id}/accept`, token })
  const decline = (body: object = {}) =>
    api({ method: 'POST', url: `/api/hosts/me/requests/${request.id}/decline`, token, body })
  return { host, token, cabinId, request, accept, decline }
}

describe('the host inbox', () => {
  it("lists the host's requests newest first with the guest's first name only, what the host receives and the time to answer", async () => {
    const { token, cabinId, request } = await world()
    const older = await insertPendingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-08-01',
      createdAt: hoursAgo(5),
    })
    // Another host's request never shows.
    const other = await insertHostWithCabin(ctx.db)
    await insertPendingRequest(ctx.db, {
      cabinId: other.cabinId,
      checkIn: '2026-07-10',
      createdAt: hoursAgo(1),
    })

    const res = await api({ url: '/api/hosts/me/requests', token })
    expect(res.status, res.body).toBe(200)
    const { requests } = HostRequestsResponseSchema.parse(res.json()).data
    expect(requests.map((r) => r.requestId)).toEqual([request.id, older.id])
    expect(requests[0]).toMatchObject({
      guestFirstName: 'Ana',
      cabinName: 'Cabaña El Ocote',
      nights: 2,
      guests: 2,
      totalPrice: 3_360_00,
      hostAmount: 3_000_00,
      status: 'pending',
      answerBy: new Date(hoursAgo(2).getTime() + 24 * HOUR).toISOString(),
    })
    expect(res.body).not.toContain('ana.privada@ejemplo.mx')
    expect(res.body).not.toContain('5599887766')
    expect(res.body).not.toContain('Rodríguez')
  })

  it('filters by state; a pending request past its 24 hours is listed as expired', async () => {
    const { token, cabinId, request } = await world()
    const late = await insertPendingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-08-01',
      createdAt: hoursAgo(25),
    })
    const list = async (status: string) => {
      const res = await api({ url: `/api/hosts/me/requests?status=${status}`, token })
      expect(res.status, res.body).toBe(200)
      return HostRequestsResponseSchema.parse(res.json()).data.requests.map((r) => r.requestId)
    }
    expect(await list('pending')).toEqual([request.id])
    expect(await list('expired')).toEqual([late.id])
    const bad = await api({ url: '/api/hosts/me/requests?status=otro', token })
    expect(bad.status).toBe(400)
    expect(bad.json().message).toMatch(/Estado de solicitud no válido/)
  })

  it("answers 404 for another host's request, and to a client who is not a host 403", async () => {
    const { request } = await world()
    const other = await insertHostWithCabin(ctx.db)
    const res = await api({
      url: `/api/hosts/me/requests/${request.id}`,
      token: await session(other.host.id),
    })
    expect(res.status).toBe(404)
    expect(res.json().message).toBe(hostRequestMessages.notFound)
    const accept = await api({
      method: 'POST',
      url: `/api/hosts/me/requests/${request.id}/accept`,
      token: await session(other.host.id),
    })
    expect(accept.status).toBe(404)
    expect((await requestStatus(ctx.db, request.id)).status).toBe('pending')
    const guest = await insertClient(ctx.db)
    expect((await api({ url: '/api/hosts/me/requests', token: await session(guest.id) })).status).toBe(403)
  })
})

describe('accepting', () => {
  it('accepts once: a double click gets the same answer and the guest ONE mail with the pay link', async () => {
    const { request, accept, decline } = await world()
    const [first, second] = await Promise.all([accept(), accept()])
    expect(must(first, 'first').status, must(first, 'first').body).toBe(200)
    expect(must(second, 'second').status, must(second, 'second').body).toBe(200)
    const data = HostRequestResponseSchema.parse(must(first, 'first').json()).data
    expect(data.status).toBe('accepted')
    expect(data.payBy).toBe(new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString())
    expect(HostRequestResponseSchema.parse(must(second, 'second').json()).data).toEqual(data)
    const again = await accept()
    expect(again.status).toBe(200)
    const mails = await requestMails(ctx.db, request.id)
    expect(mails.filter((m) => m.event === 'guest-accepted')).toHaveLength(1)
    expect(mails.find((m) => m.event === 'guest-accepted')?.token).toMatch(/^[\w-]{20,}$/)
    // Declining an accepted request is refused.
    const refused = await decline({ message: 'tarde' })
    expect(refused.status).toBe(409)
    expect(refused.json().message).toBe(hostRequestMessages.alreadyAccepted)
  })

  it('refuses to accept when the nights are no longer free, in Spanish, and nothing changes', async () => {
    const { request, cabinId, accept } = await world()
    await insertBlock(ctx.db, { cabinId, startsOn: '2026-07-11', endsOn: '2026-07-13' })
    const res = await accept()
    expect(res.status).toBe(409)
    expect(res.json().message).toBe(hostRequestMessages.nightsTaken)
    expect((await requestStatus(ctx.db, request.id)).status).toBe('pending')
    expect((await requestMails(ctx.db, request.id)).map((m) => m.event)).not.toContain('guest-accepted')
  })

  it('refuses to accept a request past its 24 hours, even before the clock job has run', async () => {
    const { cabinId, token } = await world()
    const late = await insertPendingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-08-01',
      createdAt: hoursAgo(24),
    })
    const res = await api({ method: 'POST', url: `/api/hosts/me/requests/${late.id}/accept`, token })
    expect(res.status).toBe(409)
    expect(res.json().message).toBe(hostRequestMessages.expired)
    expect((await requestStatus(ctx.db, late.id)).status).toBe('pending')
  })
})

describe('declining', () => {
  it('declines with an optional message, once; accepting it afterwards is refused', async () => {
    const { request, accept, decline } = await world()
    const [first, second] = await Promise.all([
      decline({ message: '  Lo siento, esas fechas tenemos mantenimiento.  ' }),
      decline({ message: 'otro' }),
    ])
    expect(must(first, 'first').status, must(first, 'first').body).toBe(200)
    expect(must(second, 'second').status, must(second, 'second').body).toBe(200)
    const data = HostRequestResponseSchema.parse(must(first, 'first').json()).data
    expect(data.status).toBe('declined')
    expect(HostRequestResponseSchema.parse(must(second, 'second').json()).data.declineMessage).toBe(
      data.declineMessage,
    )
    expect(['Lo siento, esas fechas tenemos mantenimiento.', 'otro']).toContain(data.declineMessage)
    expect((await requestMails(ctx.db, request.id)).filter((m) => m.event === 'guest-declined')).toHaveLength(
      1,
    )
    const acceptAfter = await accept()
    expect(acceptAfter.status).toBe(409)
    expect(acceptAfter.json().message).toBe(hostRequestMessages.alreadyDeclined)
  })

  it('refuses a message over 500 characters or with control characters, in Spanish', async () => {
    const { request, decline } = await world()
    const long = await decline({ message: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(long.json().message).toBe(hostRequestMessages.messageTooLong)
    const control = await decline({ message: 'hola\u0000' })
    expect(control.status).toBe(400)
    expect((await requestStatus(ctx.db, request.id)).status).toBe('pending')
    const none = await decline()
    expect(none.status).toBe(200)
    expect(HostRequestResponseSchema.parse(none.json()).data.declineMessage).toBeNull()
  })
})

describe("the host's mail when a request arrives", () => {
  it("queues 'nueva solicitud' for the cabin's host", async () => {
    const { cabinId } = await insertHostWithCabin(ctx.db)
    const res = await api({
      method: 'POST',
      url: '/api/bookings',
      body: {
        cabinId,
        checkIn: '2026-07-20',
        checkOut: '2026-07-22',
        guests: 2,
        fullName: 'Ana Rodríguez',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
      },
    })
    expect(res.status, res.body).toBe(201)
    const { requestId } = res.json().data
    expect((await requestMails(ctx.db, requestId)).map((m) => m.event)).toEqual(['host-new'])
  })
})
