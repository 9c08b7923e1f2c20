import { describe, expect, it } from 'vitest'
import type { MailContext, StayMailView } from './templates.ts'
import { reservationCancelledMail, reservationConfirmedMail } from './templates-stay.ts'

// The policy lines of the stay mails (issue 19): a free cancellation's deadline as a date and hour in
// Mexico City, and what the cancellation decided about the money.
const ctx: MailContext = {
  publicUrl: 'https://cabanas.example',
  now: new Date('2026-12-01T18:00:00Z'),
  from: 'Cabañas MX <reservas@cabanas.example>',
}
const view = (policy: 'free' | 'non_refundable', overrides: Partial<StayMailView> = {}): StayMailView => ({
  reservationId: '5f0c8a52-8a0e-4d8e-9a53-0d5d3c1c2b11',
  status: 'active',
  paymentStatus: 'PAID',
  guestFirstName: 'Ana',
  guestEmail: 'ana@correo.mx',
  checkIn: '2026-12-17',
  checkOut: '2026-12-19',
  guests: 2,
  nights: 2,
  totalPrice: 345_000,
  cabin: {
    id: '0b7f1f9e-1d7c-4a43-8f38-2d3f6c1e9a10',
    name: 'Cabaña El Ocote',
    population: 'Mazamitla',
    state: 'Jalisco',
    latitude: 19.9,
    longitude: -103,
    cancellationPolicy: policy,
    cover: null,
  },
  ...overrides,
})
const deadline = 'Cancelación gratuita hasta el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México)'

describe('policy lines in the stay mails', () => {
  it('states the free-cancellation deadline in the confirmation', () => {
    const mail = reservationConfirmedMail(ctx, view('free'), {})
    expect(mail.text).toContain(deadline)
    expect(mail.text).toContain('ya no se puede cancelar desde la web')
  })

  it('says a cancellation before the deadline gives everything back', () => {
    const mail = reservationCancelledMail(ctx, view('free', { status: 'cancelled' }), { refund: 345_000 })
    expect(mail.text).toContain(deadline)
    expect(mail.text).toContain('Te reembolsaremos $3,450 MXN')
  })

  it('says a cancellation after the deadline keeps the payment, and why', () => {
    const mail = reservationCancelledMail(ctx, view('free', { status: 'cancelled' }), { refund: 0 })
    expect(mail.text).toContain(
      'Cancelaste después del plazo de cancelación gratuita, que terminó el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México), así que, como indica la política, el pago de $3,450 MXN no se reembolsa.',
    )
    expect(mail.text).not.toContain('Te reembolsaremos')
  })

  it('keeps the old meaning for mails queued before deadlines (no refund in the job)', () => {
    expect(reservationCancelledMail(ctx, view('free', { status: 'cancelled' })).text).toContain(
      'Te reembolsaremos $3,450 MXN',
    )
    expect(reservationCancelledMail(ctx, view('non_refundable', { status: 'cancelled' })).text).toContain(
      'Como indica la política, el pago de $3,450 MXN no se reembolsa.',
    )
  })
})
