import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import {
  HostReservationDetailResponseSchema,
  HostReservationsResponseSchema,
  hostReservationMessages,
  OperatorBookingRequestsResponseSchema,
  OperatorRefundResponseSchema,
  OperatorReservationsResponseSchema,
} from '@cabanas/domain/reservations'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cabinBlocks, hostProfiles, operators, outbox, reservations } from '../../db/schema.ts'
import { insertBookingRequest, insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { sessionFor } from '../../test/session-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'
import { REFUND_OUTBOX_KIND } from '../payments/refunds.ts'

// Issue 22: the host's reservations and 'Cancelar reserva' with a full refund; the operator's
// reservations with 'Reembolsar' and its list of requests to book. The clock says 2026-06-01.
const PUBLIC_URL = 'https://cabanas.example'
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-host-reservations-'))
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01', env: { PUBLIC_URL, MAIL_OUTBOX_DIR: mailDir } })
})
afterAll(async () => {
  await sandbox.ctx.close()
  rmSync(mailDir, { recursive: true, force: true })
})
afterEach(() => vi.restoreAllMocks())

const app = () => sandbox.ctx.app
const db = () => sandbox.ctx.db

const tokenFor = (clientId: string) => sessionFor(app().sessionKey, clientId, sandbox.ctx.clock.now())

/** A host (profile written directly: the role is the row) with one cabin of theirs. */
async function insertHostWithCabin(name = 'Cabaña del Bosque') {
  const host = await insertClient(db(), { isEmailVerified: true })
  await db().insert(hostProfiles).values({
    clientId: host.id,
    displayName: 'Doña Lupe',
    phone: '+523398765432',
    clabeSealed: 'sealed',
    clabeBankCode: '072',
    clabeLast4: '4455',
  })
  const cabin = await insertCabin(db(), { hostId: host.id, name, cancellationPolicy: 'non_refundable' })
  return { host, cabin, auth: { authorization: `Bearer ${await tokenFor(host.id)}` } }
}

async function insertOperator() {
  const operator = await insertClient(db(), { isEmailVerified: true })
  await db().insert(operators).values({ clientId: operator.id, grantedBy: 'command' })
  return { operator, auth: { authorization: `Bearer ${await tokenFor(operator.id)}` } }
}

/** A stay paid through the sandbox, as a guest would. */
async function pay(cabinId: string, stay = { checkIn: '2026-06-10', checkOut: '2026-06-12' }) {
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabinId, stay), { ip: newClientIp() })
  expect(res.statusCode, res.body).toBe(200)
  return ChargeResponseSchema.parse(res.json()).data
}

const get = (url: string, headers: Record<string, string>) => app().inject({ url, headers })
const cancel = (id: string, headers: Record<string, string>, payload: unknown = {}) =>
  app().inject({
    method: 'POST',
    url: `/api/hosts/me/reservations/${id}/cancel`,
    headers,
    payload: payload as object,
    remoteAddress: newClientIp(),
  })
const outboxKinds = async (reservationId: string) =>
  (
    await db()
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(sql`${outbox.payload}->>'reservationId' = ${reservationId}`)
  )
    .map((row) => row.kind)
    .sort()
const detail = async (id: string, headers: Record<string, string>) =>
  HostReservationDetailResponseSchema.parse((await get(`/api/hosts/me/reservations/${id}`, headers)).json())
    .data.reservation

describe('the host’s reservations', () => {
  it('lists the upcoming stays by first name, and shows the contact only on a confirmed stay', async () => {
    const { cabin, auth } = await insertHostWithCabin()
    const paid = await pay(cabin.id)
    // A stay being paid shows in 'Próximas' too, without contact.
    const pending = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-07-01',
      status: 'pending',
      paymentStatus: 'PENDING',
      guestFirstName: 'Beto',
    })
    const past = await insertReservation(db(), { cabinId: cabin.id, checkIn: '2026-05-01' })

    const upcoming = HostReservationsResponseSchema.parse(
      (await get('/api/hosts/me/reservations?tab=upcoming', auth)).json(),
    ).data
    expect(upcoming.reservations.map((row) => row.id)).toEqual([paid.reservationId, pending.id])
    expect(upcoming.total).toBe(2)
    expect(JSON.stringify(upcoming)).not.toContain('@')
    const pastTab = HostReservationsResponseSchema.parse(
      (await get('/api/hosts/me/reservations?tab=past', auth)).json(),
    ).data
    expect(pastTab.reservations.map((row) => row.id)).toEqual([past.id])
    expect(pastTab.reservations[0]).toMatchObject({ totalPrice: 3_360_00, hostAmount: 3_000_00 })

    const confirmed = await detail(paid.reservationId, auth)
    expect(confirmed.contact).toMatchObject({ email: expect.stringContaining('@') })
    expect(confirmed.contact?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/52\d{10}$/)
    expect(confirmed.isCancellable).toBe(true)
    const unconfirmed = await detail(pending.id, auth)
    expect(unconfirmed).toMatchObject({ contact: null, guestFirstName: 'Beto', isCancellable: false })
    expect(JSON.stringify(unconfirmed)).not.toContain(pending.guestEmail)
    expect(JSON.stringify(unconfirmed)).not.toContain(pending.guestLastName)
  })

  it('filters by cabin, and never shows another host’s reservation', async () => {
    const { cabin, auth } = await insertHostWithCabin()
    const other = await insertHostWithCabin()
    const mine = await insertReservation(db(), { cabinId: cabin.id, checkIn: '2026-08-01' })
    const theirs = await insertReservation(db(), { cabinId: other.cabin.id, checkIn: '2026-08-01' })
    const list = HostReservationsResponseSchema.parse(
      (await get(`/api/hosts/me/reservations?cabinId=${cabin.id}`, auth)).json(),
    ).data
    expect(list.reservations.map((row) => row.id)).toEqual([mine.id])
    const none = HostReservationsResponseSchema.parse(
      (await get(`/api/hosts/me/reservations?cabinId=${other.cabin.id}`, auth)).json(),
    ).data
    expect(none.reservations).toEqual([])
    const res = await get(`/api/hosts/me/reservations/${theirs.id}`, auth)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe(hostReservationMessages.notFound)
    expect((await cancel(theirs.id, auth)).statusCode).toBe(404)
  })

  it('refuses bad filters and a long reason in Spanish', async () => {
    const { cabin, auth } = await insertHostWithCabin()
    const tab = await get('/api/hosts/me/reservations?tab=todas', auth)
    expect(tab.statusCode).toBe(400)
    expect(tab.json().error).toBe(hostReservationMessages.tab)
    const page = await get('/api/hosts/me/reservations?page=0', auth)
    expect(page.statusCode).toBe(400)
    const stay = await insertReservation(db(), { cabinId: cabin.id, checkIn: '2026-08-01' })
    const long = await cancel(stay.id, auth, { reason: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toBe(hostReservationMessages.reason)
    expect((await get('/api/hosts/me/reservations/nada', auth)).statusCode).toBe(400)
  })
})

describe('a host’s cancellation', () => {
  it('refunds everything, blocks the nights, counts on the record and mails both, once', async () => {
    const { host, cabin, auth } = await insertHostWithCabin('Refugio Doña Lupe')
    const paid = await pay(cabin.id)
    const refundSpy = vi.spyOn(app().paymentGateway, 'refundCharge')

    const res = await cancel(paid.reservationId, auth, { reason: 'Se rompió la tubería' })
    expect(res.statusCode, res.body).toBe(200)
    const body = HostReservationDetailResponseSchema.parse(res.json())
    expect(body.message).toBe(hostReservationMessages.cancelledRefunded)
    expect(body.data.reservation).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'REFUNDED',
      cancelledBy: 'host',
      cancellationReason: 'Se rompió la tubería',
      contact: null,
      isCancellable: false,
    })
    // Full refund whatever the policy (this cabin's is non-refundable).
    expect(refundSpy).toHaveBeenCalledTimes(1)
    expect(refundSpy.mock.calls[0]?.[1]).not.toHaveProperty('amount')
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'refunded',
    )

    const [row] = await db().select().from(reservations).where(eq(reservations.id, paid.reservationId))
    expect(row).toMatchObject({ cancelledByClientId: host.id, cancelledAt: expect.any(Date) })
    const blocks = await db().select().from(cabinBlocks).where(eq(cabinBlocks.cabinId, cabin.id))
    expect(blocks).toMatchObject([{ startsOn: '2026-06-10', endsOn: '2026-06-12', createdBy: host.id }])

    // Double click: the same answer, no second refund, no second mail.
    const again = await cancel(paid.reservationId, auth)
    expect(again.statusCode).toBe(200)
    expect(refundSpy).toHaveBeenCalledTimes(1)
    expect(await outboxKinds(paid.reservationId)).toEqual([
      'mail:reservation-confirmed',
      'mail:stay-cancelled-for-guest',
      'mail:stay-cancelled-for-host',
      REFUND_OUTBOX_KIND,
    ])

    // The mails, sent.
    await app().runJobOnce(app().outboxJob)
    const toGuest = (await readOutboxMails(mailDir, must(row, 'row').guestEmail)).find((mail) =>
      mail.subject?.includes('fue cancelada'),
    )
    expect(toGuest?.subject).toBe('Tu reserva en Refugio Doña Lupe fue cancelada')
    expect(toGuest?.text).toContain('Lamentamos mucho')
    expect(toGuest?.text).toContain('Te reembolsamos $3,360 MXN')
    expect(toGuest?.text).toContain(`${PUBLIC_URL}/`)
    expect(toGuest?.text).not.toContain('tubería')
    const toHost = await readOutboxMails(mailDir, host.email)
    expect(toHost.map((mail) => mail.subject)).toContain('Cancelaste la reserva en Refugio Doña Lupe')

    // Counted on the host's record, in the operator's hosts page.
    const { auth: operatorAuth } = await insertOperator()
    const hosts = (await get('/api/operator/hosts', operatorAuth)).json()
    const mine = hosts.data.hosts.find((entry: { clientId: string }) => entry.clientId === host.id)
    expect(mine?.hostCancellations).toBe(1)
  })

  it('retries a failed refund from the outbox, and never loses it', async () => {
    const { cabin, auth } = await insertHostWithCabin()
    const paid = await pay(cabin.id, { checkIn: '2026-06-20', checkOut: '2026-06-22' })
    vi.spyOn(app().paymentGateway, 'refundCharge').mockRejectedValueOnce(new Error('proveedor caído'))

    const res = await cancel(paid.reservationId, auth)
    expect(res.statusCode).toBe(200)
    const body = HostReservationDetailResponseSchema.parse(res.json())
    expect(body.message).toBe(hostReservationMessages.cancelledRefundPending)
    expect(body.data.reservation).toMatchObject({ status: 'cancelled', paymentStatus: 'PAID' })
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'completed',
    )

    await db()
      .update(outbox)
      .set({ runAfter: sql`now()` })
      .where(and(eq(outbox.kind, REFUND_OUTBOX_KIND), eq(outbox.status, 'pending')))
    await app().runJobOnce(app().outboxJob)
    expect((await detail(paid.reservationId, auth)).paymentStatus).toBe('REFUNDED')
    expect((await app().paymentGateway.getCharge(must(paid.paymentId, 'paid.paymentId'))).status).toBe(
      'refunded',
    )
  })

  it('refuses a stay being paid, one that starts today, and one already cancelled by the guest', async () => {
    const { cabin, auth } = await insertHostWithCabin()
    const pending = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-07-01',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    const today = await insertReservation(db(), { cabinId: cabin.id, checkIn: '2026-06-01' })
    const byGuest = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-07-10',
      status: 'cancelled',
      paymentStatus: 'REFUNDED',
    })
    for (const [id, message] of [
      [pending.id, hostReservationMessages.pendingPayment],
      [today.id, hostReservationMessages.stayStarted],
      [byGuest.id, hostReservationMessages.notCancellable],
    ] as const) {
      const res = await cancel(id, auth)
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toBe(message)
      expect(await outboxKinds(id)).toEqual([])
    }
  })
})

describe('the host’s CSV', () => {
  it('is UTF-8 with a BOM, in pesos, neutralised against formulas, without unconfirmed contacts', async () => {
    const { cabin, auth } = await insertHostWithCabin('=Cabaña "Pinos", Mazamitla')
    await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-08-01',
      guestFirstName: '=HYPERLINK("http://malo")',
      guestLastName: '+Ruiz',
      guestEmail: 'ana@ejemplo.mx',
      guestPhone: '-5512345678',
      totalPrice: 1_234_56,
      serviceCommission: 134_56,
    })
    await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-08-10',
      status: 'pending',
      paymentStatus: 'PENDING',
      guestFirstName: 'Beto',
      guestEmail: 'beto@ejemplo.mx',
    })
    const res = await get('/api/hosts/me/reservations/csv?tab=upcoming', auth)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="reservas-cabanas-mx-proximas.csv"')
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Reserva,Cabaña,Llegada,Salida,Noches,Huéspedes,Estado,Pago,Huésped,Correo,Teléfono,Pagado por el huésped (MXN),Para el anfitrión (MXN),Creada',
    )
    expect(lines[1]).toContain(`,"'=Cabaña ""Pinos"", Mazamitla",2026-08-01,2026-08-03,2,2,Activa,Pagado,`)
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://malo"") +Ruiz",ana@ejemplo.mx,'-5512345678,1234.56,1100.00,`,
    )
    expect(lines[2]).toContain(',Pendiente,Pendiente,Beto,,,3360.00,3000.00,')
    expect(res.body).not.toContain('beto@ejemplo.mx')
  })
})

describe('the operator console', () => {
  it('finds reservations by cabin name or id, and refunds one on the marketplace’s behalf', async () => {
    const { host, cabin } = await insertHostWithCabin('Cabaña Xochitl Única')
    const { operator, auth } = await insertOperator()
    const paid = await pay(cabin.id, { checkIn: '2026-06-25', checkOut: '2026-06-27' })

    const byName = OperatorReservationsResponseSchema.parse(
      (await get('/api/operator/reservations?q=xochitl%20%C3%BAnica', auth)).json(),
    ).data
    expect(byName.reservations).toMatchObject([
      { id: paid.reservationId, hostName: 'Doña Lupe', isRefundable: true },
    ])
    const byId = OperatorReservationsResponseSchema.parse(
      (await get(`/api/operator/reservations?q=${paid.reservationId}&status=active`, auth)).json(),
    ).data
    expect(byId.reservations.map((row) => row.id)).toEqual([paid.reservationId])
    expect((await get('/api/operator/reservations?status=todas', auth)).statusCode).toBe(400)

    const refund = () =>
      app().inject({
        method: 'POST',
        url: `/api/operator/reservations/${paid.reservationId}/refund`,
        headers: auth,
      })
    const res = await refund()
    expect(res.statusCode, res.body).toBe(200)
    const body = OperatorRefundResponseSchema.parse(res.json())
    expect(body.message).toBe(hostReservationMessages.refunded)
    expect(body.data.reservation).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'REFUNDED',
      cancelledBy: 'operator',
      isRefundable: false,
    })
    expect((await refund()).statusCode).toBe(200)
    expect(await outboxKinds(paid.reservationId)).toEqual([
      'mail:reservation-confirmed',
      'mail:stay-cancelled-for-guest',
      'mail:stay-cancelled-for-host',
      REFUND_OUTBOX_KIND,
    ])
    const [row] = await db().select().from(reservations).where(eq(reservations.id, paid.reservationId))
    expect(row?.cancelledByClientId).toBe(operator.id)
    // The nights are free again (the host did nothing wrong), and nothing counts on the host's record.
    expect(await db().select().from(cabinBlocks).where(eq(cabinBlocks.cabinId, cabin.id))).toEqual([])
    const hosts = (await get('/api/operator/hosts', auth)).json()
    expect(
      hosts.data.hosts.find((entry: { clientId: string }) => entry.clientId === host.id)?.hostCancellations,
    ).toBe(0)
  })

  it('lists requests to book, read-only', async () => {
    const { cabin } = await insertHostWithCabin('Cabaña de Solicitudes')
    const { auth } = await insertOperator()
    const request = await insertBookingRequest(db(), { cabinId: cabin.id, checkIn: '2026-09-01' })
    const res = await get('/api/operator/booking-requests', auth)
    expect(res.statusCode).toBe(200)
    const data = OperatorBookingRequestsResponseSchema.parse(res.json()).data
    expect(data.requests.find((row) => row.id === request.id)).toMatchObject({
      status: 'pending',
      cabinName: 'Cabaña de Solicitudes',
      checkIn: '2026-09-01',
      checkOut: '2026-09-03',
    })
    expect(res.body).not.toContain(request.email)
  })
})
