import { describe, expect, it } from 'vitest'
import { ReservationDetailsSchema, reservationPricing } from './reservation-view.ts'

describe('reservationPricing', () => {
  it.each([
    // total, commission, nights → IVA inside the total is total × 16/116
    [7_616_00, 816_00, 2, 1_050_48],
    [3_360_00, 360_00, 2, 463_45],
    [1_00, 0, 1, 14],
  ])('splits %i centavos (commission %i, %i nights)', (total, commission, nights, iva) => {
    const pricing = reservationPricing({ totalPrice: total, serviceCommission: commission, nights })
    expect(pricing).toMatchObject({ total, serviceCommission: commission, nights, iva })
    expect(pricing.subtotal + pricing.iva).toBe(total)
    // The same average per night as the cards, the cabin page and the checkout: whole pesos of the total.
    expect(pricing.nightlyPrice).toBe(Math.round(total / nights / 100) * 100)
  })
})

describe('ReservationDetailsSchema', () => {
  it('accepts only the known cancellation policies', () => {
    const details = {
      _id: 'r',
      resourceId: 'c',
      resourceName: 'Cabaña',
      location: 'Mazamitla, Jalisco',
      chaletImage: null,
      status: 'active',
      paymentStatus: 'PAID',
      arrivalDate: '2026-07-01',
      departureDate: '2026-07-03',
      pax: 2,
      nNights: 2,
      maxOccupation: 4,
      total: 3_360_00,
      currency: 'MXN',
      balanceDue: 0,
      url: '/reserva/r',
      guest: { firstName: 'A', lastName: 'B', email: 'a@b.mx', phone: '5512345678', specialRequests: '' },
      paymentId: null,
      createdAt: '2026-06-01T00:00:00.000Z',
      cabin: { image: null, address: 'Mazamitla, Jalisco', latitude: 19.9, longitude: -103 },
      cancellationPolicy: 'non_refundable',
      cancellation: { phase: 'penalty', deadline: null, startsAt: '2026-06-10T21:00:00.000Z', refund: 0 },
      pricing: reservationPricing({ totalPrice: 3_360_00, serviceCommission: 360_00, nights: 2 }),
    }
    expect(ReservationDetailsSchema.safeParse(details).success).toBe(true)
    expect(ReservationDetailsSchema.safeParse({ ...details, cancellationPolicy: 'flexible' }).success).toBe(
      false,
    )
  })
})
