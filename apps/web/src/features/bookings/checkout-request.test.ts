import { ChargeRequestSchema } from '@cabanas/domain/bookings'
import { describe, expect, it } from 'vitest'
import { buildSummary } from '../../test/checkout-fixtures'
import { buildChargeRequest } from './checkout-request'
import type { CheckoutFormValues } from './checkout-rules'

const summary = buildSummary({
  cabinId: 'cabin-1',
  cabinName: 'Cabaña del Bosque',
  cabinImage: '/media/cabins/1.webp',
})

const values: CheckoutFormValues = {
  firstName: ' Ana ',
  lastName: 'López',
  guestEmail: '',
  guestPhone: '',
  cardNumber: '4111 1111 1111 1111',
  holderName: 'ANA LOPEZ',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '987',
  email: 'pagos@ejemplo.mx',
  phone: '3312345678',
}

describe('buildChargeRequest', () => {
  it("carries the accepted request being paid (its id and the pay link's secret), valid for the API", () => {
    const bookingRequest = { id: '7a1b2c3d-0000-4000-8000-000000000001', token: 'secreto-del-enlace' }
    const request = buildChargeRequest({
      summary,
      values,
      tokenId: 'tok_1',
      deviceSessionId: 'dev_1',
      bookingRequest,
    })
    expect(ChargeRequestSchema.parse(request).bookingRequest).toEqual(bookingRequest)
    const bySession = buildChargeRequest({
      summary,
      values,
      tokenId: 'tok_1',
      deviceSessionId: 'dev_1',
      bookingRequest: { id: bookingRequest.id },
    })
    expect(bySession.bookingRequest).toEqual({ id: bookingRequest.id })
    expect(
      buildChargeRequest({ summary, values, tokenId: 'tok_1', deviceSessionId: 'dev_1' }),
    ).not.toHaveProperty('bookingRequest')
  })

  it('builds a valid spec §3 request with the token, never the card', () => {
    const request = buildChargeRequest({
      summary,
      values,
      tokenId: 'tok_1',
      deviceSessionId: 'dev_1',
      clientId: 'client-9',
    })
    expect(ChargeRequestSchema.safeParse(request).success).toBe(true)
    expect(request).toMatchObject({
      reservationId: 'cabin-1',
      method: 'card',
      token_id: 'tok_1',
      device_session_id: 'dev_1',
      customerData: {
        name: 'Ana',
        last_name: 'López',
        phone_number: '3312345678',
        email: 'pagos@ejemplo.mx',
      },
      clienteWebId: 'client-9',
    })
    const text = JSON.stringify(request)
    expect(text).not.toContain('4111')
    expect(text).not.toContain('987')
  })

  it('falls back to the billing email and phone for an empty guest contact', () => {
    const { guestInfo } = buildChargeRequest({
      summary,
      values,
      tokenId: 't',
      deviceSessionId: 'd',
    }).reservationData
    expect(guestInfo).toEqual({
      firstName: 'Ana',
      lastName: 'López',
      email: 'pagos@ejemplo.mx',
      phone: '3312345678',
      specialRequests: '',
    })
  })

  it('leaves clienteWebId out for a visitor', () => {
    expect(buildChargeRequest({ summary, values, tokenId: 't', deviceSessionId: 'd' })).not.toHaveProperty(
      'clienteWebId',
    )
  })
})
