/** Shared by the checkout page tests: a summary, a fake Openpay.js, charge answers, form filling. */

import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import type { CheckoutSummary } from '@cabanas/domain/bookings'
import { fireEvent, screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { mockFetch } from './fetch-mock'
import { must } from './must'
import { renderApp } from './render-app'

export function buildSummary(overrides: Partial<CheckoutSummary> = {}): CheckoutSummary {
  return {
    cabinId: 'cabin-42',
    cabinName: 'Cabaña Los Encinos',
    cabinImage: '/media/cabins/los-encinos/1-card.webp',
    checkIn: '2026-07-01',
    checkOut: '2026-07-03',
    guests: 2,
    nights: 2,
    pricing: {
      basePrice: 150_000,
      totalPrice: 336_000,
      cleaningFee: 0,
      serviceFee: 0,
      comisionServicio: 36_000,
      taxes: 0,
    },
    location: 'Mazamitla, Jalisco',
    maxOccupancy: 4,
    amenities: [],
    ...overrides,
  }
}

export function openCheckout(summary = buildSummary()) {
  sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(summary))
  return renderApp('/checkout')
}

/** A stand-in for Openpay.js: records what it is given and answers with a token. */
export function fakeOpenpay({ failWith }: { failWith?: unknown } = {}) {
  const openpay = {
    setId: vi.fn(),
    setApiKey: vi.fn(),
    setSandboxMode: vi.fn(),
    deviceData: {
      setup: vi.fn((formId: string, field: string) => {
        const input = document.createElement('input')
        Object.assign(input, { type: 'hidden', id: field, name: field, value: 'device-session-1' })
        document.getElementById(formId)?.append(input)
        return 'device-session-1'
      }),
    },
    token: {
      create: vi.fn((_card: unknown, onSuccess: (r: unknown) => void, onError: (e: unknown) => void) => {
        setTimeout(() => (failWith ? onError(failWith) : onSuccess({ status: 200, data: { id: 'tok_123' } })))
      }),
    },
  }
  vi.stubGlobal('OpenPay', openpay)
  return openpay
}

export const confirmed = {
  success: true,
  data: {
    reservationId: 'res-7f3a',
    paymentId: 'tr_9k2m',
    status: 'succeeded',
    charge: { status: 'completed', error_message: null },
    ok: true,
    message: 'Pago confirmado. ¡Tu reserva está lista!',
    totalAmount: 336_000,
    accessToken: 'guest-secret',
  },
}

export const declineMessage = 'Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.'
export const declined = {
  success: false,
  error: declineMessage,
  errorType: 'PAYMENT_DECLINED',
  error_code: 3001,
  data: {
    reservationId: 'res-1',
    paymentId: null,
    status: 'failed',
    charge: { status: 'failed', error_message: declineMessage },
    ok: false,
    message: declineMessage,
    totalAmount: 336_000,
  },
}

// fireEvent (type, submit): fillForm and submit also run under fake timers (checkout-payment's first test), where
// user-event hangs; the synchronous helpers serve the seven checkout files, not converted yet.
export function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

export async function fillForm(card = '4111 1111 1111 1111') {
  await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
  type('Nombre', 'Ana')
  type('Apellido', 'López')
  type('Email', 'ana@ejemplo.mx')
  type('Teléfono', '5512345678')
  type('Número de tarjeta', card)
  type('Nombre del titular', 'ana lopez')
  type('Mes', '12')
  type('Año', '30')
  type('CVV', '123')
  type('Email de facturación', 'pagos@ejemplo.mx')
  type('Teléfono de facturación', '3312345678')
}

export const submit = () =>
  fireEvent.submit(must(document.getElementById('payment-form'), "document.getElementById('payment-form')"))
export const chargeCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/payments/charge'))
