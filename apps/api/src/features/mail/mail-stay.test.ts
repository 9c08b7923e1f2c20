import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertBookingRequest, insertCabin, insertReservation } from '../../test/factories.ts'
import {
  expectFoldedCrlf,
  icsProperty,
  outboxRows,
  PUBLIC_URL,
  unfold,
  useSmtpMail,
} from '../../test/mail-test-kit.ts'
import { must } from '../../test/must.ts'
import { recipientsOf } from './mail-testing.ts'

// A stay's mails as they leave through SMTP: confirmed, payment pending, paid after verification, not
// completed, cancelled (with the calendar event's CANCEL), a booking request received.
describe('a stay’s mails through SMTP', () => {
  const kit = useSmtpMail()
  const { send, expectNoSecretInLogs } = kit

  it('reserva confirmada: To, From, Spanish details, map and trip links, and an .ics that parses back', async () => {
    const accessToken = `acceso-${randomUUID()}`
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
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
    expect(must(kit.smtp.received[0], 'kit.smtp.received[0]').envelopeTo).toEqual([
      'ximena.confirmada@correo.mx',
    ])
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
    expect(await outboxRows(kit.ctx.db, 'mail:reservation-confirmed')).toEqual([
      { status: 'done', payload: {}, attempts: 1, last_error_code: null },
    ])
    expectNoSecretInLogs(accessToken, 'ximena.confirmada@correo.mx', 'Ximena')
  })

  it('links the trip page without a token when the job carries none (a signed-in owner)', async () => {
    const reservation = await insertReservation(kit.ctx.db, { cabinId: kit.cabin.id, checkIn: '2027-02-01' })
    const [mail] = await send({ template: 'reservation-confirmed', reservationId: reservation.id })
    expect(must(mail, 'mail').text).toContain(`\n${PUBLIC_URL}/reserva/${reservation.id}\n`)
    expect(must(mail, 'mail').text).not.toContain('token=')
  })

  it('pago en verificación: do not pay again, we will write, with the trip link and no .ics', async () => {
    const accessToken = `acceso-${randomUUID()}`
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
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
        (await outboxRows(kit.ctx.db, 'mail:payment-pending'))[0],
        "(await outboxRows(kit.ctx.db, 'mail:payment-pending'))[0]",
      ).payload,
    ).toEqual({})
    expectNoSecretInLogs(accessToken, 'pendiente@correo.mx')
  })

  it('pago confirmado after verification: details and the .ics', async () => {
    const reservation = await insertReservation(kit.ctx.db, { cabinId: kit.cabin.id, checkIn: '2027-04-10' })
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
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
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
      `\n${PUBLIC_URL}/cabin/${kit.cabin.id}?checkIn=2027-05-01&checkOut=2027-05-03&guests=2\n`,
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
      const policyCabin = await insertCabin(kit.ctx.db, {
        name: `Cabaña ${label}`,
        cancellationPolicy: policy,
      })
      const reservation = await insertReservation(kit.ctx.db, {
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
    const reservation = await insertReservation(kit.ctx.db, {
      cabinId: kit.cabin.id,
      checkIn: '2027-08-06',
      guestEmail: 'cancela@correo.mx',
    })
    const [confirmed] = await send({ template: 'reservation-confirmed', reservationId: reservation.id })
    kit.smtp.received.length = 0
    await kit.ctx.db.execute(sql`update reservations set status = 'cancelled' where id = ${reservation.id}`)
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
      const reservation = await insertReservation(kit.ctx.db, {
        cabinId: kit.cabin.id,
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
    const request = await insertBookingRequest(kit.ctx.db, {
      cabinId: kit.cabin.id,
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
})
