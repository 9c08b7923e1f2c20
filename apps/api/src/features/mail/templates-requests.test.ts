import { describe, expect, it } from 'vitest'
import { must } from '../../test/must.ts'
import { REQUEST_MAIL_EVENTS } from './mail-jobs.ts'
import { type RequestMailView, requestMail } from './templates-requests.ts'

const ctx = {
  publicUrl: 'https://cabanas.mx',
  now: new Date('2026-06-01T18:00:00Z'),
  from: 'Cabañas MX <hola@cabanas.mx>',
}

const view: RequestMailView = {
  bookingRequestId: '7a1b2c3d-0000-4000-8000-000000000001',
  fullName: 'Ana María Rodríguez',
  guestEmail: 'ana@ejemplo.mx',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  guests: 2,
  nights: 2,
  totalPrice: 3_360_00,
  hostAmount: 3_000_00,
  declineMessage: null,
  answerBy: new Date('2026-06-02T18:00:00Z'),
  payBy: new Date('2026-06-02T20:30:00Z'),
  host: { firstName: 'Lupe', email: 'lupe@ejemplo.mx' },
  cabin: {
    id: '8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
    name: 'Cabaña El Ocote',
    population: 'Mazamitla',
    state: 'Jalisco',
    latitude: 19.9,
    longitude: -103,
    cancellationPolicy: 'free',
    cover: null,
  },
}

describe('the mails of a request to book', () => {
  it('the accepted mail carries the pay link from PUBLIC_URL with its secret in the fragment, the amount and the Mexico City deadline', () => {
    const built = must(
      requestMail(ctx, view, 'guest-accepted', 'secreto-del-enlace-123456'),
      "requestMail(ctx, view, 'guest-accepted', 'secreto-del-enlace-123456')",
    )
    expect(built.to).toBe('ana@ejemplo.mx')
    expect(built.mail.text).toContain(
      'https://cabanas.mx/checkout?cabin=8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678&checkIn=2026-07-10&checkOut=2026-07-12&guests=2&solicitud=7a1b2c3d-0000-4000-8000-000000000001#pago=secreto-del-enlace-123456',
    )
    expect(built.mail.text).toContain('$3,360')
    // 20:30 UTC is 14:30 in Mexico City.
    expect(built.mail.text).toContain('martes, 2 de junio, 14:30 (hora de la Ciudad de México)')
    // Without its secret there is no pay mail to send.
    expect(requestMail(ctx, view, 'guest-accepted')).toBeNull()
  })

  it("host mails go to the host's account, with the guest's first name only and what the host receives", () => {
    for (const event of [
      'host-new',
      'host-reminder',
      'host-expired',
      'host-pay-expired',
      'host-paid',
    ] as const) {
      const built = must(requestMail(ctx, view, event), 'requestMail(ctx, view, event)')
      expect(built.to).toBe('lupe@ejemplo.mx')
      expect(built.mail.text).not.toContain('ana@ejemplo.mx')
      expect(built.mail.text).not.toContain('Rodríguez')
      expect(built.mail.text).toContain('$3,000')
    }
    expect(
      must(requestMail(ctx, view, 'host-new'), "requestMail(ctx, view, 'host-new')").mail.text,
    ).toContain('https://cabanas.mx/anfitrion/solicitudes/')
    // A cabin without a host (the demo catalogue) has nobody to tell.
    expect(requestMail(ctx, { ...view, host: null }, 'host-new')).toBeNull()
  })

  it("the declined mail quotes the host's message when there is one", () => {
    const without = must(requestMail(ctx, view, 'guest-declined'), "requestMail(ctx, view, 'guest-declined')")
    expect(without.mail.text).not.toContain('Mensaje del anfitrión')
    const withMessage = must(
      requestMail(ctx, { ...view, declineMessage: 'Esas fechas hay mantenimiento.' }, 'guest-declined'),
      "requestMail( ctx, { ...view, declineMessage: 'Esas fechas hay mante...",
    )
    expect(withMessage.mail.text).toContain('Esas fechas hay mantenimiento.')
  })

  it.each(REQUEST_MAIL_EVENTS.filter((event) => event !== 'guest-accepted'))(
    '%s renders a Spanish subject',
    (event) => {
      const built = must(requestMail(ctx, view, event), 'requestMail(ctx, view, event)')
      expect(built.mail.subject).toMatch(/solicitud|pagó|venció|recordatorio|no pagó|reserva/i)
      expect(built.mail.html).toContain('Cabaña El Ocote')
    },
  )
})
