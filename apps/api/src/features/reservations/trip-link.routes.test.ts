import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { tripLinkMessages } from '@cabanas/domain/reservations'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, reservationAccessTokens } from '../../db/schema.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'
import { hashAccessToken } from './reservation-access.queries.ts'

// Issue 20: the trip page opened where the browser has no link (another device, a lost mail) is not a
// dead end: the guest asks for a new link with the address they booked with. The answer never says
// whether the address or the reservation matched; the link goes only to the reservation's address.
const PUBLIC_URL = 'https://cabanas.example'
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-trip-link-'))
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01', env: { PUBLIC_URL, MAIL_OUTBOX_DIR: mailDir } })
})
afterAll(async () => {
  await sandbox.ctx.close()
  rmSync(mailDir, { recursive: true, force: true })
})

const app = () => sandbox.ctx.app
const db = () => sandbox.ctx.db

let guests = 0
const newEmail = () => {
  guests += 1
  return `viajera.${guests}@ejemplo.mx`
}

let nights = 0
async function pay(email: string) {
  const cabin = await insertCabin(db())
  nights += 1
  const stay = { checkIn: `2026-09-${String(nights).padStart(2, '0')}`, checkOut: '2026-09-28' }
  const token = await sandbox.tokenFor('4111111111111111')
  const res = await sandbox.charge(chargeRequestBody(token, cabin.id, stay, { email }), { ip: newClientIp() })
  expect(res.statusCode, res.body).toBe(200)
  return ChargeResponseSchema.parse(res.json()).data
}

const askForLink = (id: string, email: string, ip = newClientIp()) =>
  app().inject({ method: 'POST', url: `/api/bookings/${id}/link`, payload: { email }, remoteAddress: ip })

/** Runs the queued work twice: the request's row queues the mail, which the next run sends. */
async function runOutbox() {
  await app().runJobOnce(app().outboxJob)
  await app().runJobOnce(app().outboxJob)
}

const linkMails = async (to: string) =>
  (await readOutboxMails(mailDir, to)).filter((mail) =>
    mail.subject?.startsWith('Tu enlace para ver la reserva'),
  )

const tripStatus = async (id: string, token: string) =>
  (await app().inject({ url: `/api/bookings/${id}`, headers: { 'x-reservation-token': token } })).statusCode

const extraSecrets = async () =>
  must(
    (await db().select({ n: count() }).from(reservationAccessTokens))[0],
    '(await db().select({ n: count() }).from(reservationAccessTokens))[0]',
  ).n

describe('asking for a new trip link', () => {
  it('mails a link that opens the trip to the reservation’s address; the earlier links keep working', async () => {
    const email = newEmail()
    const paid = await pay(email)
    const res = await askForLink(paid.reservationId, email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: tripLinkMessages.requested })
    await runOutbox()

    const [mail, ...more] = await linkMails(email)
    expect(more).toEqual([])
    const link = /Ver mi reserva:\s+(\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reserva/${paid.reservationId}#token=[\\w-]{32}$`))
    const token = new URL(link).hash.slice('#token='.length)
    expect(token).not.toBe(paid.accessToken)
    expect(await tripStatus(paid.reservationId, token)).toBe(200)
    expect(await tripStatus(paid.reservationId, must(paid.accessToken, 'paid.accessToken'))).toBe(200)

    // Only its hash is kept, and the mail's row is emptied once sent.
    const rows = await db()
      .select({ tokenHash: reservationAccessTokens.tokenHash })
      .from(reservationAccessTokens)
      .where(eq(reservationAccessTokens.reservationId, paid.reservationId))
    expect(rows).toEqual([{ tokenHash: hashAccessToken(token) }])
    const queued = await db().select({ payload: outbox.payload }).from(outbox)
    expect(JSON.stringify(queued)).not.toContain(token)

    // A guest who cancels with the new link gets it back in the cancellation mail.
    const cancel = await app().inject({
      method: 'POST',
      url: `/api/bookings/${paid.reservationId}/cancel`,
      headers: { 'x-reservation-token': token },
    })
    expect(cancel.statusCode).toBe(200)
    await runOutbox()
    const cancelled = (await readOutboxMails(mailDir, email)).find((m) =>
      m.subject?.startsWith('Reserva cancelada'),
    )
    expect(cancelled?.text).toContain(`/reserva/${paid.reservationId}#token=${token}`)
  })

  it('answers the same, and mails nobody, for another address or a reservation that does not exist', async () => {
    const email = newEmail()
    const paid = await pay(email)
    const before = await extraSecrets()
    const stranger = 'curioso@ejemplo.mx'
    const answers = [
      await askForLink(paid.reservationId, stranger),
      await askForLink('00000000-0000-4000-8000-000000000000', email),
      await askForLink('no-es-un-id', email),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: tripLinkMessages.requested })
    }
    await runOutbox()
    expect(await readOutboxMails(mailDir, stranger)).toEqual([])
    expect(await linkMails(email)).toEqual([])
    expect(await extraSecrets()).toBe(before)
  })

  it('takes 10 requests an hour from one address, then a Spanish 429; mails 3 an hour per recipient from it', async () => {
    const email = newEmail()
    const paid = await pay(email)
    const ip = newClientIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await askForLink(paid.reservationId, email, ip)).statusCode)
    expect(statuses).toEqual([...Array(10).fill(200), 429])
    const refused = await askForLink(paid.reservationId, email, ip)
    expect(refused.json().error).toBe(tripLinkMessages.tooMany)
    await runOutbox()
    expect(await linkMails(email)).toHaveLength(3)
  })
})
