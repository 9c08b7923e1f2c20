import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, describe, expect, it } from 'vitest'
import { executeRows } from '../../db/client.ts'
import { insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import {
  closedPort,
  outboxRows,
  PUBLIC_URL,
  startMailApp,
  startSmtpServer,
  useSmtpMail,
} from '../../test/mail-test-kit.ts'
import { must } from '../../test/must.ts'
import { enqueueMail, type MailJob } from './mail-jobs.ts'
import { recipientsOf } from './mail-testing.ts'

// Account mails, and how mail is delivered: the same Message-ID when sent again, nothing for what no
// longer exists, retries while the SMTP server is down, .eml files without SMTP.
describe('account mails and delivery through SMTP', () => {
  const kit = useSmtpMail()
  const { send, expectNoSecretInLogs } = kit

  it('confirma tu correo: the verification link, and why; sent even with every notification off', async () => {
    const client = await insertClient(kit.ctx.db, {
      firstName: 'Sofía',
      email: 'sofia.verifica@correo.mx',
      notifyEmail: false,
      newsletter: false,
    })
    const token = `verificar-${randomUUID()}`
    const [mail] = await send({ template: 'verify-email', clientId: client.id, token })
    expect(must(mail, 'mail').subject).toBe('Confirma tu correo en Cabañas MX')
    expect(recipientsOf(must(mail, 'mail'))).toEqual(['sofia.verifica@correo.mx'])
    expect(must(mail, 'mail').text).toContain('Hola Sofía')
    expect(must(mail, 'mail').text).toContain(`\n${PUBLIC_URL}/verificar-correo#token=${token}\n`)
    expect(must(mail, 'mail').text).toContain('se unirán a tu cuenta')
    expect(String(must(mail, 'mail').html)).toContain(`href="${PUBLIC_URL}/verificar-correo#token=${token}"`)
    expect(
      must(
        (await outboxRows(kit.ctx.db, 'mail:verify-email'))[0],
        "(await outboxRows(kit.ctx.db, 'mail:verify-email'))[0]",
      ).payload,
    ).toEqual({})
    expectNoSecretInLogs(token, 'sofia.verifica@correo.mx')
  })

  it('a reservation confirmed for a client who turned every notification off is mailed all the same', async () => {
    const client = await insertClient(kit.ctx.db, { notifyEmail: false, notifySms: false, newsletter: false })
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
      checkIn: '2027-08-01',
      clientId: client.id,
      guestEmail: client.email,
    })
    const [mail] = await send({ template: 'reservation-confirmed', reservationId: reservation.id })
    expect(must(mail, 'mail').subject).toBe('Reserva confirmada: Cabaña El Pinar')
    expect(recipientsOf(must(mail, 'mail'))).toEqual([client.email])
  })

  it('restablece tu contraseña: the forgot-password mail goes through the same mailer', async () => {
    const email = 'olvido.smtp@correo.mx'
    await insertClient(kit.ctx.db, { firstName: 'Olga', email })
    const res = await kit.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })
    expect(res.statusCode).toBe(200)
    expect(await kit.app.runJobOnce(kit.app.outboxJob)).toBe(true)
    const [mail, ...others] = await Promise.all(kit.smtp.received.map((message) => simpleParser(message.raw)))
    expect(others).toEqual([])
    expect(must(mail, 'mail').subject).toBe('Restablece tu contraseña de Cabañas MX')
    expect(recipientsOf(must(mail, 'mail'))).toEqual([email])
    expect(must(mail, 'mail').from?.value[0]?.address).toBe('reservas@cabanas.example')
    const link = /^(https:\/\/\S+)$/m.exec(
      (must(mail, 'mail').text ?? '').split('Elegir una nueva contraseña:')[1] ?? '',
    )?.[1]
    expect(link).toMatch(/^https:\/\/cabanas\.example\/forgot-password#token=[\w-]{40,}$/)
    expect(must(mail, 'mail').text).toContain('Hola Olga')
    expect(must(mail, 'mail').text).toContain('30 minutos')
    expect(String(must(mail, 'mail').html)).toContain(`href="${link}"`)
    expectNoSecretInLogs(
      must(
        new URLSearchParams(new URL(must(link, 'link')).hash.slice(1)).get('token'),
        "new URLSearchParams(new URL(link!).hash.slice(1)).get('token')",
      ),
      email,
    )
  })

  it('a mail sent again (its process died before recording it) keeps its Message-ID; another mail has its own', async () => {
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
      checkIn: '2027-11-01',
      checkOut: '2027-11-03',
      guestEmail: 'repetido@correo.mx',
    })
    const [first] = await send({ template: 'reservation-cancelled', reservationId: reservation.id })
    // What a SIGKILL after the server's 250 and before `markDone` leaves: the row pending, as queued.
    await kit.ctx.db.execute(
      sql`update outbox set status = 'pending', run_after = now(), done_at = null,
            payload = ${JSON.stringify({ reservationId: reservation.id })}::jsonb
          where kind = 'mail:reservation-cancelled' and status = 'done' and done_at = (
            select max(done_at) from outbox where kind = 'mail:reservation-cancelled')`,
    )
    kit.smtp.received.length = 0
    const mails = await send({
      template: 'payment-settled',
      reservationId: reservation.id,
      outcome: 'failed',
    })
    expect(mails).toHaveLength(2)
    const repeat = mails.find((mail) => mail.subject?.startsWith('Reserva cancelada'))
    const settled = mails.find((mail) => mail !== repeat)
    const outboxId = /^<outbox\.[0-9a-f-]{36}@cabanas\.example>$/
    expect(must(first, 'first').messageId).toMatch(outboxId)
    expect(must(repeat, 'repeat').messageId).toBe(must(first, 'first').messageId)
    expect(must(settled, 'settled').messageId).toMatch(outboxId)
    expect(must(settled, 'settled').messageId).not.toBe(must(first, 'first').messageId)
  })

  it('sends nothing, and is done, when the reservation or request no longer exists', async () => {
    const gone = randomUUID()
    for (const job of [
      { template: 'reservation-confirmed', reservationId: gone, accessToken: 'secreto-perdido' },
      { template: 'payment-pending', reservationId: gone },
      { template: 'payment-settled', reservationId: gone, outcome: 'failed' },
      { template: 'reservation-cancelled', reservationId: gone },
      { template: 'booking-request-received', bookingRequestId: gone },
      { template: 'verify-email', clientId: gone, token: 'secreto-perdido' },
    ] satisfies MailJob[]) {
      await enqueueMail(kit.ctx.db, job)
    }
    expect(await kit.app.runJobOnce(kit.app.outboxJob)).toBe(true)
    expect(kit.smtp.received).toEqual([])
    const rows = await executeRows<{ status: string; payload: unknown }>(
      kit.ctx.db,
      sql`select status, payload from outbox where payload::text like ${`%${gone}%`} or status <> 'done'`,
    )
    expect(rows).toEqual([])
  })
})

describe('mail when the SMTP server is down', () => {
  it('keeps the row and retries it with backoff; it goes out once the server answers', async () => {
    const port = await closedPort()
    const ctx = await startMailApp({ SMTP_URL: `smtp://127.0.0.1:${port}` })
    try {
      const cabin = await insertCabin(ctx.db)
      const reservation = await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2027-09-01' })
      const accessToken = `acceso-${randomUUID()}`
      await enqueueMail(ctx.db, {
        template: 'reservation-confirmed',
        reservationId: reservation.id,
        accessToken,
      })

      expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
      const [row] = await outboxRows(ctx.db, 'mail:reservation-confirmed')
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error_code: 'ESOCKET' })
      // Waiting for the retry, the token stays sealed (lib/secret-box.ts), never in clear.
      expect(must(row, 'row').payload).toEqual({
        reservationId: reservation.id,
        accessToken: expect.stringMatching(/^s1\./),
      })
      expect(JSON.stringify(row)).not.toContain(accessToken)
      const [due] = await executeRows<{ seconds: number }>(
        ctx.db,
        sql`select extract(epoch from run_after - now())::int as seconds from outbox where kind = 'mail:reservation-confirmed'`,
      )
      expect(must(due, 'due').seconds).toBeGreaterThanOrEqual(25)
      expect(must(due, 'due').seconds).toBeLessThanOrEqual(30)

      // The server comes back on that port and the retry is due: the mail goes out.
      const smtp = await startSmtpServer(port)
      try {
        await ctx.db.execute(
          sql`update outbox set run_after = now() where kind = 'mail:reservation-confirmed'`,
        )
        expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
        expect(smtp.received).toHaveLength(1)
        const mail = await simpleParser(must(smtp.received[0], 'smtp.received[0]').raw)
        expect(mail.text).toContain(`#token=${accessToken}`)
        expect(await outboxRows(ctx.db, 'mail:reservation-confirmed')).toEqual([
          { status: 'done', payload: {}, attempts: 2, last_error_code: null },
        ])
      } finally {
        await smtp.close()
      }
      expect(ctx.logLines.join('')).toContain('outbox item failed, will retry')
      expect(ctx.logLines.join('')).not.toContain(accessToken)
    } finally {
      await ctx.close()
    }
  })
})

describe('mail as .eml files (no SMTP_URL)', () => {
  const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'cabanas-eml-')), 'no-existe-aun')
  afterAll(() => rmSync(path.dirname(outboxDir), { recursive: true, force: true }))

  it('writes one standard message per mail into MAIL_OUTBOX_DIR, named without any address', async () => {
    const ctx = await startMailApp({ MAIL_OUTBOX_DIR: outboxDir })
    try {
      const cabin = await insertCabin(ctx.db, { name: 'Cabaña Archivo' })
      const reservation = await insertReservation(ctx.db, {
        cabinId: cabin.id,
        checkIn: '2027-10-01',
        guestFirstName: 'Úrsula',
        guestEmail: 'ursula.archivo@correo.mx',
      })
      await enqueueMail(ctx.db, { template: 'reservation-confirmed', reservationId: reservation.id })
      expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)

      const names = readdirSync(outboxDir)
      expect(names).toHaveLength(1)
      expect(names[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.eml$/)
      expect(names[0]).not.toMatch(/@|ursula|archivo|correo/i)
      const raw = readFileSync(path.join(outboxDir, must(names[0], 'names[0]')))
      expect(raw.toString('latin1')).toMatch(/\r\n\r\n/)
      expect(raw.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/\n/)
      const mail = await simpleParser(raw)
      expect(mail.subject).toBe('Reserva confirmada: Cabaña Archivo')
      expect(recipientsOf(mail)).toEqual(['ursula.archivo@correo.mx'])
      expect(mail.from?.value).toEqual([{ name: 'Cabañas MX', address: 'reservas@cabanas.example' }])
      expect(mail.text).toContain('Hola Úrsula')
      expect(mail.text).toContain('Llegada: viernes, 1 de octubre de 2027')
      expect(mail.attachments.map((file) => file.filename)).toEqual([
        `reserva-${reservation.id.slice(0, 8)}.ics`,
      ])
      expect(mail.messageId).toMatch(/^<.+@.+>$/)
    } finally {
      await ctx.close()
    }
  })
})
