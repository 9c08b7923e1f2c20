import { describe, expect, it } from 'vitest'
import {
  HostCancelRequestSchema,
  type HostReservationCsvRow,
  hostReservationMessages,
  hostReservationsCsv,
  isCancellableByHost,
  isConfirmedStay,
} from './host-reservations.ts'

const row: HostReservationCsvRow = {
  id: 'r1',
  cabinId: 'c1',
  cabinName: 'Cabaña',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  nights: 2,
  guests: 2,
  status: 'active',
  paymentStatus: 'PAID',
  guestFirstName: 'Ana',
  guestLastName: 'Ruiz',
  guestEmail: 'ana@ejemplo.mx',
  guestPhone: '5512345678',
  totalPrice: 100_05,
  hostAmount: -5,
  cancelledBy: null,
  createdAt: '2026-06-01T10:00:00.000Z',
}

describe('host reservations', () => {
  it('a confirmed stay is paid and not cancelled', () => {
    expect(isConfirmedStay(row)).toBe(true)
    expect(isConfirmedStay({ status: 'completed', paymentStatus: 'PAID' })).toBe(true)
    expect(isConfirmedStay({ status: 'cancelled', paymentStatus: 'PAID' })).toBe(false)
    expect(isConfirmedStay({ status: 'pending', paymentStatus: 'PENDING' })).toBe(false)
    expect(isConfirmedStay({ status: 'active', paymentStatus: 'REFUNDED' })).toBe(false)
  })

  it('the host may cancel an active, paid stay before its check-in day', () => {
    expect(isCancellableByHost(row, '2026-07-09')).toBe(true)
    expect(isCancellableByHost(row, '2026-07-10')).toBe(false)
    expect(isCancellableByHost({ ...row, status: 'pending', paymentStatus: 'PENDING' }, '2026-06-01')).toBe(
      false,
    )
  })

  it('the CSV writes pesos with 2 decimals and hides the contact of unconfirmed stays', () => {
    const csv = hostReservationsCsv([row, { ...row, status: 'cancelled', guestFirstName: '@Ana' }])
    const [, confirmed, cancelled] = csv.slice(1).split('\r\n')
    expect(confirmed).toContain('Ana Ruiz,ana@ejemplo.mx,5512345678,100.05,-0.05,2026-06-01')
    expect(cancelled).toContain(",'@Ana,,,100.05,")
  })

  it('the reason is optional and at most 500 characters', () => {
    expect(HostCancelRequestSchema.parse(undefined)).toEqual({})
    expect(HostCancelRequestSchema.parse({ reason: '  Goteras  ' })).toEqual({ reason: 'Goteras' })
    const long = HostCancelRequestSchema.safeParse({ reason: 'x'.repeat(501) })
    expect(long.success ? null : long.error.issues[0]?.message).toBe(hostReservationMessages.reason)
  })
})
