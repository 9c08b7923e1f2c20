import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { type Database, executeRows } from '../../db/client.ts'
import { fixedClock } from '../../plugins/clock.ts'
import { openTestDatabase } from '../../test/build-test-app.ts'
import { insertBookingRequest, insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { enqueueMail, type MailJob } from './mail-jobs.ts'
import { recipientsOf } from './mail-testing.ts'

const PUBLIC_URL = 'https://cabanas.example'
const MAIL_FROM = 'Cabañas MX <reservas@cabanas.example>'

/** A real SMTP server in this process: every message it accepts, with its envelope. */
type Received = { envelopeTo: string[]; raw: Buffer }
async function startSmtpServer(port = 0) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The mailer keeps its pooled connection open: closing cuts it instead of waiting 30 s.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The app on a fresh database, logging everything (level trace) into `logLines`. */
async function startApp(env: Record<string, string>) {
  const logLines: string[] = []
  const database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    SEARCH_INDEX_MAX_STALENESS_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_INTERVAL_MS: '0',
    PUBLIC_URL,
    MAIL_FROM,
    ...env,
  })
  const app = await buildApp({
    config,
    clock: fixedClock('2026-11-23'),
    database,
    logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
  })
  await app.ready()
  return {
    app,
    db: database.db,
    logLines,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** A TCP port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')
const icsProperty = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1)

/** CRLF line ends only, and no physical line over 75 octets (RFC 5545 §3.1). */
function expectFoldedCrlf(ics: string) {
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
}

type OutboxRow = {
  status: string
  payload: Record<string, unknown>
  attempts: number
  last_error_code: string | null
}
async function outboxRows(db: Database, kind: string) {
  return executeRows<OutboxRow>(
    db,
    sql`select status, payload, attempts, last_error_code from outbox where kind = ${kind} order by created_at`,
  )
}

describe('mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let ctx: Awaited<ReturnType<typeof startApp>>
  let app: FastifyInstance
  let cabin: Awaited<ReturnType<typeof insertCabin>>

  beforeAll(async () => {
    smtp = await startSmtpServer()
    ctx = await startApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    app = ctx.app
    cabin = await insertCabin(ctx.db, {
      name: 'Cabaña El Pinar',
      population: 'Mazamitla',
      state: 'Jalisco',
      latitude: 19.9156,
      longitude: -103.0197,
      images: [
        {
          url: '/media/cabins/el-pinar/1.webp',
          preview: '/media/cabins/el-pinar/1-card.webp',
          alt: 'Fachada',
        },
      ],
    })
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.close()
  })
  afterEach(() => {
    smtp.received.length = 0
  })

  /** Queues `job`, runs the outbox once and returns what the SMTP server received, parsed. */
  async function send(job: MailJob): Promise<ParsedMail[]> {
    await enqueueMail(ctx.db, job)
    expect(await app.runJobOnce(app.outboxJob)).toBe(true)
    return Promise.all(smtp.received.map((message) => simpleParser(message.raw)))
  }

  function expectNoSecretInLogs(...secrets: string[]) {
    const log = ctx.logLines.join('')
    expect(log).toContain('mail sent')
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 10)}…`).not.toContain(secret)
  }

  it('reserva confirmada: To, From, Spanish details, map and trip links, and an .ics that parses back', async () => {
    const accessToken = `acceso-${randomUUID()}`
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-01-01',
      checkOut: '2027-01-03',
      guests: 3,
      totalPrice: 7_616_00,
      guestFirstName: 'Ximena',
      guestEmail: 'ximena.confirmada@correo.mx',
    })
    const [mail, ...others] = await send({
      template: 'reservation-confirmed',
      reservationId: reservation.id,
      accessToken,
    })
    expect(others).toEqual([])
    expect(must(smtp.received[0], 'smtp.received[0]').envelopeTo).toEqual(['ximena.confirmada@correo.mx'])
    expect(must(mail, 'mail').subject).toBe('Reserva confirmada: Cabaña El Pinar')
    expect(recipientsOf(must(mail, 'mail'))).toEqual(['ximena.confirmada@correo.mx'])
    expect(must(mail, 'mail').from?.value).toEqual([
      { name: 'Cabañas MX', address: 'reservas@cabanas.example' },
    ])

    const trip = `${PUBLIC_URL}/reserva/${reservation.id}#token=${accessToken}`
    const directions = 'https://www.google.com/maps/dir/?api=1&destination=19.9156,-103.0197'
    const text = must(mail, 'mail').text ?? ''
    for (const expected of [
      '¡Reserva confirmada!',
      'Hola Ximena',
      'Alojamiento: Cabaña El Pinar',
      'Ubicación: Mazamitla, Jalisco',
      'Llegada: viernes, 1 de enero de 2027, desde las 15:00',
      'Salida: domingo, 3 de enero de 2027, antes de las 12:00',
      'Huéspedes: 3 huéspedes',
      'Noches: 2 noches',
      'Total pagado: $7,616 MXN (IVA incluido)',
      `ID de reserva: ${reservation.id}`,
      `\n${trip}\n`,
      `\n${directions}\n`,
      'La entrada es a partir de las 15:00 y la salida antes de las 12:00',
      'Política de cancelación: No reembolsable.',
    ]) {
      expect(text).toContain(expected)
    }
    const html = String(must(mail, 'mail').html)
    expect(html).toContain(`href="${trip}"`)
    expect(html).toContain(`href="${directions.replace('&', '&amp;')}"`)
    expect(html).toContain(`src="${PUBLIC_URL}/media/cabins/el-pinar/1-card.webp"`)
    expect(html).toContain('alt="Cabaña El Pinar: Fachada"')
    expect(html).toContain('viernes, 1 de enero de 2027')
    expect(html).toContain('$7,616 MXN (IVA incluido)')

    expect(must(mail, 'mail').attachments).toHaveLength(1)
    const ics = must(must(mail, 'mail').attachments[0], 'mail!.attachments[0]')
    expect(ics.filename).toBe(`reserva-${reservation.id.slice(0, 8)}.ics`)
    expect(ics.contentType).toBe('text/calendar')
    expect(ics.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } })
    const calendar = ics.content.toString('utf8')
    expectFoldedCrlf(calendar)
    expect(icsProperty(calendar, 'METHOD')).toBe('REQUEST')
    expect(icsProperty(calendar, 'UID')).toBe(`${reservation.id}@cabanas.mx`)
    expect(icsProperty(calendar, 'SEQUENCE')).toBe('0')
    expect(icsProperty(calendar, 'STATUS')).toBe('CONFIRMED')
    // A timed stay: check-in 15:00 to check-out 12:00, Mexico City, whose zone travels in the file.
    expect(icsProperty(calendar, 'DTSTART;TZID=America/Mexico_City')).toBe('20270101T150000')
    expect(icsProperty(calendar, 'DTEND;TZID=America/Mexico_City')).toBe('20270103T120000')
    expect(unfold(calendar)).toContain(
      '\r\nBEGIN:VTIMEZONE\r\nTZID:America/Mexico_City\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0600\r\nTZNAME:CST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n',
    )
    expect(unfold(calendar)).not.toContain('VALUE=DATE')
    // From the mail's From (MAIL_FROM) to its recipient: calendars trust an organizer that sent it.
    expect(icsProperty(calendar, 'ORGANIZER;CN="Cabañas MX"')).toBe('mailto:reservas@cabanas.example')
    expect(icsProperty(calendar, 'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE')).toBe(
      'mailto:ximena.confirmada@correo.mx',
    )
    expect(icsProperty(calendar, 'DTSTAMP')).toBe('20261123T180000Z')
    expect(icsProperty(calendar, 'SUMMARY')).toBe('Estancia en Cabaña El Pinar')
    expect(icsProperty(calendar, 'LOCATION')).toBe('Mazamitla\\, Jalisco')
    expect(icsProperty(calendar, 'GEO')).toBe('19.9156;-103.0197')
    // The calendar file carries the trip page without the secret: calendars get shared.
    expect(icsProperty(calendar, 'URL')).toBe(`${PUBLIC_URL}/reserva/${reservation.id}`)
    expect(calendar).not.toContain(accessToken)

    // Sent: the row is done and keeps nothing (the access token is gone from the database).
    expect(await outboxRows(ctx.db, 'mail:reservation-confirmed')).toEqual([
      { status: 'done', payload: {}, attempts: 1, last_error_code: null },
    ])
    expectNoSecretInLogs(accessToken, 'ximena.confirmada@correo.mx', 'Ximena')
  })

  it('links the trip page without a token when the job carries none (a signed-in owner)', async () => {
    const reservation = await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2027-02-01' })
    const [mail] = await send({ template: 'reservation-confirmed', reservationId: reservation.id })
    expect(must(mail, 'mail').text).toContain(`\n${PUBLIC_URL}/reserva/${reservation.id}\n`)
    expect(must(mail, 'mail').text).not.toContain('token=')
  })

  it('pago en verificación: do not pay again, we will write, with the trip link and no .ics', async () => {
    const accessToken = `acceso-${randomUUID()}`
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-03-05',
      status: 'pending',
      paymentStatus: 'PENDING',
      guestEmail: 'pendiente@correo.mx',
    })
    const [mail] = await send({ template: 'payment-pending', reservationId: reservation.id, accessToken })
    expect(must(mail, 'mail').subject).toBe('Estamos verificando tu pago: Cabaña El Pinar')
    expect(recipientsOf(must(mail, 'mail'))).toEqual(['pendiente@correo.mx'])
    expect(must(mail, 'mail').text).toContain('Pago en verificación')
    expect(must(mail, 'mail').text).toContain('No vuelvas a pagar')
    expect(must(mail, 'mail').text).toContain('Te escribiremos en cuanto lo sepamos')
    expect(must(mail, 'mail').text).toContain('Llegada: viernes, 5 de marzo de 2027')
    expect(must(mail, 'mail').text).toContain(
      `\n${PUBLIC_URL}/reserva/${reservation.id}#token=${accessToken}\n`,
    )
    expect(must(mail, 'mail').attachments).toEqual([])
    expect(
      must(
        (await outboxRows(ctx.db, 'mail:payment-pending'))[0],
        "(await outboxRows(ctx.db, 'mail:payment-pending'))[0]",
      ).payload,
    ).toEqual({})
    expectNoSecretInLogs(accessToken, 'pendiente@correo.mx')
  })

  it('pago confirmado after verification: details and the .ics', async () => {
    const reservation = await insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2027-04-10' })
    const [mail] = await send({
      template: 'payment-settled',
      reservationId: reservation.id,
      outcome: 'confirmed',
    })
    expect(must(mail, 'mail').subject).toBe('Tu pago se confirmó: Cabaña El Pinar')
    expect(must(mail, 'mail').text).toContain('¡Tu pago se confirmó!')
    expect(must(mail, 'mail').text).toContain('Llegada: sábado, 10 de abril de 2027, desde las 15:00')
    expect(must(mail, 'mail').text).toContain(`ID de reserva: ${reservation.id}`)
    expect(must(mail, 'mail').text).toContain(`\n${PUBLIC_URL}/reserva/${reservation.id}\n`)
    expect(must(mail, 'mail').attachments.map((file) => file.filename)).toEqual([
      `reserva-${reservation.id.slice(0, 8)}.ics`,
    ])
  })

  it('pago no completado: no charge, the dates were freed, back to the cabin', async () => {
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-05-01',
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    const [mail] = await send({
      template: 'payment-settled',
      reservationId: reservation.id,
      outcome: 'failed',
    })
    expect(must(mail, 'mail').subject).toBe('Tu pago no se completó: Cabaña El Pinar')
    expect(must(mail, 'mail').text).toContain('No se realizó ningún cargo')
    expect(must(mail, 'mail').text).toContain('Las fechas se liberaron')
    expect(must(mail, 'mail').text).toContain(
      `\n${PUBLIC_URL}/cabin/${cabin.id}?checkIn=2027-05-01&checkOut=2027-05-03&guests=2\n`,
    )
    expect(must(mail, 'mail').attachments).toEqual([])
  })

  it.each([
    [
      'non_refundable',
      'No reembolsable',
      'no se reembolsa ningún monto',
      'Como indica la política, el pago de $3,360 MXN no se reembolsa.',
    ],
    [
      'free',
      'Cancelación gratuita',
      'se te reembolsa el total pagado',
      'Te reembolsaremos $3,360 MXN a la tarjeta con la que pagaste',
    ],
  ] as const)(
    'reserva cancelada states the cabin’s own policy (%s), what it means for the payment, and that the dates are free',
    async (policy, label, summary, payment) => {
      const policyCabin = await insertCabin(ctx.db, { name: `Cabaña ${label}`, cancellationPolicy: policy })
      const reservation = await insertReservation(ctx.db, {
        cabinId: policyCabin.id,
        checkIn: '2027-06-04',
        status: 'cancelled',
      })
      const [mail] = await send({ template: 'reservation-cancelled', reservationId: reservation.id })
      expect(must(mail, 'mail').subject).toBe(`Reserva cancelada: Cabaña ${label}`)
      expect(must(mail, 'mail').text).toContain(`Política de cancelación: ${label}`)
      expect(must(mail, 'mail').text).toContain(summary)
      expect(must(mail, 'mail').text).toContain(payment)
      expect(must(mail, 'mail').text).toContain(
        'las fechas del viernes, 4 de junio de 2027 al domingo, 6 de junio de 2027 quedaron libres.',
      )
      expect(must(mail, 'mail').text).toContain(`ID de reserva: ${reservation.id}`)
    },
  )

  it('reserva cancelada carries a CANCEL of the confirmation’s calendar event: same UID, higher SEQUENCE', async () => {
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-08-06',
      guestEmail: 'cancela@correo.mx',
    })
    const [confirmed] = await send({ template: 'reservation-confirmed', reservationId: reservation.id })
    smtp.received.length = 0
    await ctx.db.execute(sql`update reservations set status = 'cancelled' where id = ${reservation.id}`)
    const [cancelled] = await send({ template: 'reservation-cancelled', reservationId: reservation.id })

    const file = `reserva-${reservation.id.slice(0, 8)}.ics`
    expect(must(cancelled, 'cancelled').subject).toBe('Reserva cancelada: Cabaña El Pinar')
    expect(must(cancelled, 'cancelled').text).toContain(
      `Si guardaste la estancia en tu calendario, abre el archivo adjunto ${file} para quitarla.`,
    )
    expect(must(cancelled, 'cancelled').attachments.map((attachment) => attachment.filename)).toEqual([file])
    const ics = must(must(cancelled, 'cancelled').attachments[0], 'cancelled!.attachments[0]')
    expect(ics.contentType).toBe('text/calendar')
    expect(ics.headers.get('content-type')).toMatchObject({ params: { method: 'CANCEL' } })
    const calendar = ics.content.toString('utf8')
    const confirmation = must(
      must(confirmed, 'confirmed').attachments[0],
      'confirmed!.attachments[0]',
    ).content.toString('utf8')
    expectFoldedCrlf(calendar)
    expect(icsProperty(calendar, 'METHOD')).toBe('CANCEL')
    expect(icsProperty(calendar, 'STATUS')).toBe('CANCELLED')
    expect(icsProperty(calendar, 'UID')).toBe(`${reservation.id}@cabanas.mx`)
    expect(icsProperty(calendar, 'UID')).toBe(icsProperty(confirmation, 'UID'))
    expect(Number(icsProperty(calendar, 'SEQUENCE'))).toBeGreaterThan(
      Number(icsProperty(confirmation, 'SEQUENCE')),
    )
    // The same organizer and attendee as the REQUEST it cancels, and the same times.
    for (const name of [
      'ORGANIZER;CN="Cabañas MX"',
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE',
      'DTSTART;TZID=America/Mexico_City',
      'DTEND;TZID=America/Mexico_City',
    ]) {
      expect(icsProperty(calendar, name), name).toBeDefined()
      expect(icsProperty(calendar, name), name).toBe(icsProperty(confirmation, name))
    }
    expect(icsProperty(calendar, 'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE')).toBe(
      'mailto:cancela@correo.mx',
    )
    expect(icsProperty(calendar, 'DTSTART;TZID=America/Mexico_City')).toBe('20270806T150000')
  })

  it.each(['PENDING', 'FAILED'] as const)(
    'reserva cancelada before any payment (%s) attaches no calendar file: none was mailed',
    async (paymentStatus) => {
      const reservation = await insertReservation(ctx.db, {
        cabinId: cabin.id,
        checkIn: '2027-09-03',
        status: 'cancelled',
        paymentStatus,
      })
      const [mail] = await send({ template: 'reservation-cancelled', reservationId: reservation.id })
      expect(must(mail, 'mail').subject).toBe('Reserva cancelada: Cabaña El Pinar')
      expect(must(mail, 'mail').attachments).toEqual([])
      expect(must(mail, 'mail').text).not.toContain('.ics')
    },
  )

  it('solicitud recibida: stored, not confirmed until the host accepts, with its summary', async () => {
    const request = await insertBookingRequest(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-07-02',
      checkOut: '2027-07-05',
      guests: 4,
      totalPrice: 5_400_00,
      fullName: 'Rita Reyes',
      email: 'rita.solicitud@correo.mx',
    })
    const [mail] = await send({ template: 'booking-request-received', bookingRequestId: request.id })
    expect(must(mail, 'mail').subject).toBe('Recibimos tu solicitud de reserva: Cabaña El Pinar')
    expect(recipientsOf(must(mail, 'mail'))).toEqual(['rita.solicitud@correo.mx'])
    const text = must(mail, 'mail').text ?? ''
    expect(text).toContain('Hola Rita Reyes')
    expect(text).toContain('Tu reserva no está confirmada hasta que el anfitrión acepte la solicitud')
    expect(text).toContain('No se hizo ningún cargo')
    expect(text).toContain('Llegada: viernes, 2 de julio de 2027')
    expect(text).toContain('Noches: 3 noches')
    expect(text).toContain('Huéspedes: 4 huéspedes')
    expect(text).toContain('Total estimado: $5,400 MXN (IVA incluido)')
    expect(text).toContain(`ID de solicitud: ${request.id}`)
    expectNoSecretInLogs('rita.solicitud@correo.mx', 'Rita Reyes')
  })

  it('confirma tu correo: the verification link, and why; sent even with every notification off', async () => {
    const client = await insertClient(ctx.db, {
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
        (await outboxRows(ctx.db, 'mail:verify-email'))[0],
        "(await outboxRows(ctx.db, 'mail:verify-email'))[0]",
      ).payload,
    ).toEqual({})
    expectNoSecretInLogs(token, 'sofia.verifica@correo.mx')
  })

  it('a reservation confirmed for a client who turned every notification off is mailed all the same', async () => {
    const client = await insertClient(ctx.db, { notifyEmail: false, notifySms: false, newsletter: false })
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
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
    await insertClient(ctx.db, { firstName: 'Olga', email })
    const res = await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })
    expect(res.statusCode).toBe(200)
    expect(await app.runJobOnce(app.outboxJob)).toBe(true)
    const [mail, ...others] = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)))
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
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2027-11-01',
      checkOut: '2027-11-03',
      guestEmail: 'repetido@correo.mx',
    })
    const [first] = await send({ template: 'reservation-cancelled', reservationId: reservation.id })
    // What a SIGKILL after the server's 250 and before `markDone` leaves: the row pending, as queued.
    await ctx.db.execute(
      sql`update outbox set status = 'pending', run_after = now(), done_at = null,
            payload = ${JSON.stringify({ reservationId: reservation.id })}::jsonb
          where kind = 'mail:reservation-cancelled' and status = 'done' and done_at = (
            select max(done_at) from outbox where kind = 'mail:reservation-cancelled')`,
    )
    smtp.received.length = 0
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
      await enqueueMail(ctx.db, job)
    }
    expect(await app.runJobOnce(app.outboxJob)).toBe(true)
    expect(smtp.received).toEqual([])
    const rows = await executeRows<{ status: string; payload: unknown }>(
      ctx.db,
      sql`select status, payload from outbox where payload::text like ${`%${gone}%`} or status <> 'done'`,
    )
    expect(rows).toEqual([])
  })
})

describe('mail when the SMTP server is down', () => {
  it('keeps the row and retries it with backoff; it goes out once the server answers', async () => {
    const port = await closedPort()
    const ctx = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}` })
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
    const ctx = await startApp({ MAIL_OUTBOX_DIR: outboxDir })
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
