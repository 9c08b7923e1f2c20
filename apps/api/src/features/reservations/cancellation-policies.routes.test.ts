import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { type CancellationPolicyKey, cancellationPolicyText } from '@cabanas/domain/catalog'
import {
  ReservationCancelResponseSchema,
  ReservationDetailsResponseSchema,
  reservationMessages,
} from '@cabanas/domain/reservations'
import { formatMxn } from '@cabanas/domain/shared'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../config.ts'
import { reservations } from '../../db/schema.ts'
import { completeListing, plantPhotos } from '../../test/listing-fixtures.ts'
import {
  type Api,
  injectApi,
  insertHost,
  insertOperator,
  publishListing,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'
import { createPhotoStorage } from '../photos/photo-storage.ts'

// Issue 21: a host picks the cancellation policy in the listing editor; once the listing is published,
// that policy alone decides what a guest who cancels gets back. For each policy a host publishes a cabin
// through the listing API, a guest pays through the sandbox charge path, and cancels once inside the free
// window and once outside it (each on a cabin of its own, so the tests stand alone). What the
// trip page reads before cancelling, the answer, the reservation, the gateway's charge and both mails
// must all tell the same story.
//
// The stay: Monday 6 to Wednesday 8 July 2026; it starts on the 6th at 15:00 Mexico City (21:00 UTC).
// The app's clock says 2026-06-01 at noon in Mexico City; each cancellation moves `now`.
const STAY = { checkIn: '2026-07-06', checkOut: '2026-07-08' }
const BOOKED_AT = '2026-06-01T18:00:00.000Z'

type PolicyCase = {
  policy: CancellationPolicyKey
  /** What the trip page states before cancelling: the free window's deadline, else the label. */
  tripWords: string
  deadline: string | null
  /** An instant inside the free window (for non-refundable, as early as the others). */
  inside: string
  /** An instant after the deadline and before the stay starts. */
  outside: string
}

const CASES: PolicyCase[] = [
  {
    policy: 'free',
    tripWords: 'Cancelación gratuita hasta el 5 de julio de 2026, 15:00 (hora de la Ciudad de México)',
    deadline: '2026-07-05T21:00:00.000Z',
    inside: '2026-07-05T20:59:00.000Z',
    outside: '2026-07-06T09:00:00.000Z',
  },
  {
    policy: 'moderate',
    tripWords: 'Cancelación gratuita hasta el 1 de julio de 2026, 15:00 (hora de la Ciudad de México)',
    deadline: '2026-07-01T21:00:00.000Z',
    inside: '2026-06-29T18:00:00.000Z',
    // Three days before: flexible would still refund everything, moderate gives nothing back.
    outside: '2026-07-03T18:00:00.000Z',
  },
  {
    policy: 'non_refundable',
    tripWords: 'No reembolsable',
    deadline: null,
    inside: '2026-06-29T18:00:00.000Z',
    outside: '2026-07-06T09:00:00.000Z',
  },
]

let sandbox: Awaited<ReturnType<typeof startSandbox>>
let api: Api
let dataDir: string
let mailDir: string
type Moment = 'inside' | 'outside'
/** The cabins each policy's published listings became: one per test that books them. */
const cabins = new Map<`${CancellationPolicyKey}:${Moment}`, string>()
const cabinOf = (policy: CancellationPolicyKey, moment: Moment) =>
  must(cabins.get(`${policy}:${moment}`), 'the cabin of a policy and moment')

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cancellation-policies-'))
  mailDir = path.join(dataDir, 'mail')
  sandbox = await startSandbox({
    today: '2026-06-01',
    env: { DATA_DIR: dataDir, MAIL_OUTBOX_DIR: mailDir, PUBLIC_URL: 'https://cabanas.example' },
  })
  const { app, db, clock } = sandbox.ctx
  api = injectApi(app)
  const session = (clientId: string) => sessionFor(app.sessionKey, clientId, clock.now())
  const storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
  const operator = await insertOperator(db, session)
  for (const { policy } of CASES) {
    const host = await insertHost(db, api, session)
    const photos = await plantPhotos(storage, host.client.id, 5)
    const draft = { ...completeListing(photos), cancellation: { policy } }
    for (const moment of ['inside', 'outside'] as const) {
      const listing = await publishListing(api, { host: host.token, operator: operator.token }, draft)
      cabins.set(`${policy}:${moment}`, listing.cabinId)
    }
  }
})
afterAll(async () => {
  await sandbox?.ctx.close()
  await rm(dataDir, { recursive: true, force: true })
})
afterEach(() => vi.restoreAllMocks())

const app = () => sandbox.ctx.app
const setNow = (iso: string) => vi.spyOn(app().clock, 'now').mockReturnValue(new Date(iso))
const bySecret = (secret: string) => ({ 'x-reservation-token': secret })

let guests = 0
/** A guest with an address of their own pays the stay through the sandbox (POST /payments/charge). */
async function payStay(cabinId: string) {
  guests += 1
  const email = `huesped.politica.${guests}@ejemplo.mx`
  setNow(BOOKED_AT)
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabinId, STAY, { email }), { ip: newClientIp() })
  expect(res.statusCode, res.body).toBe(200)
  const paid = ChargeResponseSchema.parse(res.json()).data
  expect(paid.accessToken).toBeTruthy()
  expect(paid.paymentId).toBeTruthy()
  return {
    ...paid,
    accessToken: must(paid.accessToken, 'paid.accessToken'),
    chargeId: must(paid.paymentId, 'paid.paymentId'),
    email,
  }
}

const tripOf = async (id: string, secret: string) => {
  const res = await app().inject({ url: `/api/bookings/${id}`, headers: bySecret(secret) })
  expect(res.statusCode, res.body).toBe(200)
  return ReservationDetailsResponseSchema.parse(res.json()).data
}

/** The charge as the gateway (the sandbox, over HTTP with the private key) keeps it. */
async function gatewayCharge(chargeId: string) {
  const res = await fetch(`${sandbox.baseUrl}/v1/${sandbox.merchantId}/charges/${chargeId}`, {
    headers: { authorization: sandbox.basic(sandbox.openpay.privateKey) },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { status: string; amount: number; refund?: { amount: number } }
}

/** The plain text of the mail to `email` whose subject starts so, once the outbox has sent it. */
async function mailText(email: string, subject: string): Promise<string> {
  await app().runJobOnce(app().outboxJob)
  const mail = (await readOutboxMails(mailDir, email)).find((m) => m.subject?.startsWith(subject))
  if (!mail) throw new Error(`no mail '${subject}' to ${email}`)
  return (mail.text ?? '').replace(/\s+/g, ' ')
}

const pesos = (centavos: number) => `${formatMxn(centavos)} MXN`

describe.each(CASES)('a cabin published with the $policy policy', (policyCase) => {
  const { policy, tripWords, deadline } = policyCase

  it('is shown to guests with the policy its host chose', async () => {
    for (const moment of ['inside', 'outside'] as const) {
      const res = await api({ url: `/habitaciones/${cabinOf(policy, moment)}` })
      expect(res.status, res.body).toBe(200)
      expect(res.json().cancellationPolicy).toBe(policy)
    }
  })

  it('refunds everything at the gateway when cancelled inside the free window (none for non-refundable)', async () => {
    const paid = await payStay(cabinOf(policy, 'inside'))
    setNow(policyCase.inside)
    const before = await tripOf(paid.reservationId, paid.accessToken)
    const total = before.total
    expect(total).toBeGreaterThan(0)
    const refunds = policy !== 'non_refundable'

    // What the trip page reads and says before cancelling.
    expect(before).toMatchObject({ status: 'active', paymentStatus: 'PAID', cancellationPolicy: policy })
    expect(before.cancellation).toMatchObject({
      phase: refunds ? 'free' : 'penalty',
      deadline,
      startsAt: '2026-07-06T21:00:00.000Z',
      refund: refunds ? total : 0,
    })
    const words = cancellationPolicyText(before.cancellationPolicy, before.arrivalDate)
    expect(words.deadline ?? words.label).toBe(tripWords)
    // The confirmation mail promised the same.
    expect(await mailText(paid.email, 'Reserva confirmada')).toContain(
      `Política de cancelación: ${tripWords}.`,
    )

    const res = await app().inject({
      method: 'POST',
      url: `/api/bookings/${paid.reservationId}/cancel`,
      headers: bySecret(paid.accessToken),
    })
    expect(res.statusCode, res.body).toBe(200)
    const answer = ReservationCancelResponseSchema.parse(res.json())
    expect(answer.message).toBe(
      refunds ? reservationMessages.cancelledRefunded : reservationMessages.cancelled,
    )
    expect(answer.data).toMatchObject({ status: 'cancelled', paymentStatus: refunds ? 'REFUNDED' : 'PAID' })

    const charge = await gatewayCharge(paid.chargeId)
    if (refunds) {
      expect(charge.status).toBe('refunded')
      expect(Math.round(must(charge.refund, 'charge.refund').amount * 100)).toBe(total)
    } else {
      expect(charge.status).toBe('completed')
      expect(charge.refund).toBeUndefined()
    }
    const [row] = await sandbox.ctx.db
      .select({ status: reservations.status, paymentStatus: reservations.paymentStatus })
      .from(reservations)
      .where(eq(reservations.id, paid.reservationId))
    expect(row).toEqual({ status: 'cancelled', paymentStatus: refunds ? 'REFUNDED' : 'PAID' })

    const mail = await mailText(paid.email, 'Reserva cancelada')
    expect(mail).toContain(
      refunds
        ? `Te reembolsamos ${pesos(total)}; puede tardar unos días en verse en tu estado de cuenta.`
        : `Como indica la política, el pago de ${pesos(total)} no se reembolsa.`,
    )
  })

  it('keeps the payment when cancelled after the deadline and before the stay starts', async () => {
    const paid = await payStay(cabinOf(policy, 'outside'))
    setNow(policyCase.outside)
    const before = await tripOf(paid.reservationId, paid.accessToken)
    const total = before.total
    expect(before.cancellation).toMatchObject({ phase: 'penalty', deadline, refund: 0 })
    const words = cancellationPolicyText(before.cancellationPolicy, before.arrivalDate)
    expect(words.deadline ?? words.label).toBe(tripWords)
    const refundSpy = vi.spyOn(app().paymentGateway, 'refundCharge')

    const res = await app().inject({
      method: 'POST',
      url: `/api/bookings/${paid.reservationId}/cancel`,
      headers: bySecret(paid.accessToken),
    })
    expect(res.statusCode, res.body).toBe(200)
    const answer = ReservationCancelResponseSchema.parse(res.json())
    expect(answer.message).toBe(
      deadline ? reservationMessages.cancelledAfterDeadline : reservationMessages.cancelled,
    )
    expect(answer.data).toMatchObject({ status: 'cancelled', paymentStatus: 'PAID' })
    expect(refundSpy).not.toHaveBeenCalled()
    const charge = await gatewayCharge(paid.chargeId)
    expect(charge.status).toBe('completed')
    expect(charge.refund).toBeUndefined()

    const mail = await mailText(paid.email, 'Reserva cancelada')
    expect(mail).toContain(
      deadline
        ? `Cancelaste después del plazo de cancelación gratuita, que terminó ${tripWords.replace(/^Cancelación gratuita hasta /, '')}, así que, como indica la política, el pago de ${pesos(total)} no se reembolsa.`
        : `Como indica la política, el pago de ${pesos(total)} no se reembolsa.`,
    )
  })
})
