import type { Client } from '@cabanas/domain/auth'
import type { HostReservationSummary, ReservationView } from '@cabanas/domain/reservations'
import { screen } from '@testing-library/react'
import { vi } from 'vitest'

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** A JWT-shaped token (unsigned: only the server checks signatures) expiring `expiresInSeconds` from now. */
export function buildToken(expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'client-1', exp })}.firma`
}

export function buildClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 'c0a8e2f4-5b6d-4e1f-9a7b-1234567890ab',
    firstName: 'Ana',
    lastName: 'Rodríguez',
    email: 'ana@ejemplo.mx',
    phone: null,
    lastLogin: '2026-07-14T17:30:00.000Z',
    registrationMethod: 'email',
    isEmailVerified: false,
    oauthProviders: { google: false, facebook: false },
    preferences: { notifications: { email: true, sms: false }, newsletter: false },
    roles: [],
    ...overrides,
  }
}

/** What local storage holds for a signed-in client (spec §4). */
export function storeSession(client: Client = buildClient(), token: string = buildToken()) {
  localStorage.setItem('auth_token', token)
  localStorage.setItem('auth_user', JSON.stringify(client))
  return { client, token }
}

export function checkResponse(client: Client) {
  return { success: true, data: { isAuthenticated: true, client } }
}

export function sessionResponse(client: Client, token = buildToken(), message = 'Sesión iniciada') {
  return { success: true, message, data: { token, client } }
}

let sequence = 0

export function buildReservation(overrides: Partial<ReservationView> = {}): ReservationView {
  sequence += 1
  return {
    _id: `5f3c1a2b-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    resourceId: '8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
    resourceName: 'Cabaña del Bosque',
    location: 'Mazamitla, Jalisco',
    chaletImage: '/media/cabins/cabana-1/1-card.webp',
    status: 'active',
    paymentStatus: 'PAID',
    arrivalDate: '2026-08-07',
    departureDate: '2026-08-09',
    pax: 2,
    nNights: 2,
    maxOccupation: 4,
    total: 345_000,
    currency: 'MXN',
    balanceDue: 0,
    guest: {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '5512345678',
      specialRequests: '',
    },
    paymentId: 'tr_123',
    createdAt: '2026-07-15T18:00:00.000Z',
    ...overrides,
  }
}

/**
 * Mounts the toaster at once (it normally waits for the browser to be idle) and waits for it, so the
 * toasts a test triggers afterwards are shown.
 */
export function readyToaster() {
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    callback()
    return 1
  })
  vi.stubGlobal('cancelIdleCallback', () => {})
}

/** The toaster region, once mounted. */
export function findToaster() {
  return screen.findByRole('region', { name: /^Notificaciones alt/i }, { timeout: 3000 })
}

/** A paid, active stay as the host's reservation list (and, with more, the operator's) shows it. */
export function buildHostReservationSummary(
  overrides: Partial<HostReservationSummary> = {},
): HostReservationSummary {
  return {
    id: '6f1c2a9e-2b7d-4a43-9d0e-1f2a3b4c5d6e',
    cabinId: 'c1',
    cabinName: 'Cabaña del Bosque',
    checkIn: '2026-12-11',
    checkOut: '2026-12-13',
    nights: 2,
    guests: 2,
    status: 'active',
    paymentStatus: 'PAID',
    guestFirstName: 'Ana',
    totalPrice: 4_480_00,
    hostAmount: 4_000_00,
    cancelledBy: null,
    createdAt: '2026-11-20T18:00:00.000Z',
    ...overrides,
  }
}
