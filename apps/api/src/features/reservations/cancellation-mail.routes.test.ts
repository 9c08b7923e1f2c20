import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SessionResponseSchema } from '@cabanas/domain/auth'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { ReservationDetailsResponseSchema } from '@cabanas/domain/reservations'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../db/schema.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

// Issue 20: the 'reserva cancelada' mail's 'Ver la reserva' must open the trip page for a guest
// without an account, as the confirmation's link does: the secret they cancelled with comes back in
// the link's fragment, sealed while the mail waits in the outbox.
const PUBLIC_URL = 'https://cabanas.example'
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-cancel-mail-'))
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
  return `huesped.${guests}@ejemplo.mx`
}

async function pay(cabinId: string, email: string, headers: Record<string, string> = {}) {
  const token = await sandbox.tokenFor('4111111111111111')
  const body = chargeRequestBody(token, cabinId, { checkIn: '2026-08-01', checkOut: '2026-08-03' }, { email })
  const res = await sandbox.charge(body, { ip: newClientIp(), headers })
  expect(res.statusCode, res.body).toBe(200)
  return ChargeResponseSchema.parse(res.json()).data
}

async function signIn(email: string) {
  const res = await app().inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: newClientIp(),
    payload: {
      firstName: 'Luis',
      lastName: 'Pérez',
      email,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  const { token } = SessionResponseSchema.parse(res.json()).data
  return { authorization: `Bearer ${token}` }
}

const cancel = (id: string, headers: Record<string, string>) =>
  app().inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers })

/** The 'Ver la reserva' link of the cancellation mail sent to `email` (its plain text). */
async function cancellationLink(email: string): Promise<string> {
  await app().runJobOnce(app().outboxJob)
  const mail = (await readOutboxMails(mailDir, email)).find((m) => m.subject?.startsWith('Reserva cancelada'))
  if (!mail) throw new Error(`no cancellation mail to ${email}`)
  const link = /Ver la reserva:\s+(\S+)/.exec(mail.text ?? '')?.[1]
  if (!link) throw new Error('no "Ver la reserva" link')
  return link
}

/** Opens the trip page's API the way the web app does with a link: the fragment's token as a header. */
const openWithLink = (link: string) => {
  const url = new URL(link)
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? ''
  return app().inject({
    url: `/api/bookings${url.pathname.slice('/reserva'.length)}`,
    headers: { 'x-reservation-token': token },
  })
}

describe("the cancellation mail's 'Ver la reserva'", () => {
  it('opens the cancelled trip for a guest without an account who cancelled with the link', async () => {
    const cabin = await insertCabin(db())
    const email = newEmail()
    const paid = await pay(cabin.id, email)
    expect(
      (
        await cancel(paid.reservationId, {
          'x-reservation-token': must(paid.accessToken, 'paid.accessToken'),
        })
      ).statusCode,
    ).toBe(200)

    // While the mail waits, the secret is sealed: never in clear in the database.
    const [queued] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        sql`${outbox.kind} = 'mail:reservation-cancelled' and ${outbox.payload}->>'reservationId' = ${paid.reservationId}`,
      )
    expect(JSON.stringify(queued?.payload)).not.toContain(paid.accessToken)
    expect(queued?.payload).toMatchObject({ accessToken: expect.stringMatching(/^s1\./) })

    const link = await cancellationLink(email)
    expect(link).toBe(`${PUBLIC_URL}/reserva/${paid.reservationId}#token=${paid.accessToken}`)
    const res = await openWithLink(link)
    expect(res.statusCode).toBe(200)
    expect(ReservationDetailsResponseSchema.parse(res.json()).data).toMatchObject({
      _id: paid.reservationId,
      status: 'cancelled',
    })
    // Once sent, the row keeps nothing of the secret.
    const [done] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        sql`${outbox.kind} = 'mail:reservation-cancelled' and ${outbox.payload}->>'reservationId' = ${paid.reservationId}`,
      )
    expect(done).toBeUndefined()
  })

  it('links the bare trip page when the signed-in owner cancelled (their session opens it)', async () => {
    const cabin = await insertCabin(db())
    const email = newEmail()
    const owner = await signIn(email)
    const paid = await pay(cabin.id, email, owner)
    expect((await cancel(paid.reservationId, owner)).statusCode).toBe(200)

    const link = await cancellationLink(email)
    expect(link).toBe(`${PUBLIC_URL}/reserva/${paid.reservationId}`)
    const res = await app().inject({ url: `/api/bookings/${paid.reservationId}`, headers: owner })
    expect(res.statusCode).toBe(200)
  })

  it('never mails a secret that did not open the reservation', async () => {
    const cabin = await insertCabin(db())
    const email = newEmail()
    const owner = await signIn(email)
    const paid = await pay(cabin.id, email, owner)
    const wrong = 'secreto-equivocado-de-prueba'
    const res = await cancel(paid.reservationId, { ...owner, 'x-reservation-token': wrong })
    expect(res.statusCode).toBe(200)

    const link = await cancellationLink(email)
    expect(link).toBe(`${PUBLIC_URL}/reserva/${paid.reservationId}`)
    expect(link).not.toContain(wrong)
  })
})
