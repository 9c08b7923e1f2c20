import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import {
  afterChargeOutcome,
  afterGuestCancellation,
  afterHoldExpired,
  afterRefund,
  isCancellableByGuest,
  type ReservationState,
} from './transitions.ts'

const pending: ReservationState = { status: 'pending', paymentStatus: 'PENDING' }
const active: ReservationState = { status: 'active', paymentStatus: 'PAID' }
const failed: ReservationState = { status: 'cancelled', paymentStatus: 'FAILED' }

describe('afterChargeOutcome', () => {
  it.each([
    [pending, 'completed', active],
    [pending, 'failed', failed],
    [pending, 'cancelled', failed],
    [active, 'completed', null],
    [active, 'failed', null],
    [failed, 'completed', null],
    [active, 'refunded', { status: 'active', paymentStatus: 'REFUNDED' }],
    [pending, 'refunded', null],
  ] as const)('%o + %s → %o', (current, charge, next) => {
    expect(afterChargeOutcome(current, charge)).toEqual(next)
  })
  it('is idempotent', () => {
    const once = must(afterChargeOutcome(pending, 'completed'), "afterChargeOutcome(pending, 'completed')")
    expect(afterChargeOutcome(once, 'completed')).toBeNull()
  })
})

describe('afterHoldExpired / afterGuestCancellation', () => {
  it('releases only pending holds', () => {
    expect(afterHoldExpired(pending)).toEqual(failed)
    expect(afterHoldExpired(active)).toBeNull()
  })
  it('keeps the payment of a cancelled paid stay (non-refundable)', () => {
    expect(afterGuestCancellation(active)).toEqual({ status: 'cancelled', paymentStatus: 'PAID' })
    expect(afterGuestCancellation(failed)).toBeNull()
  })
  it('does not cancel a stay whose payment is still being verified, nor a finished one', () => {
    expect(afterGuestCancellation(pending)).toBeNull()
    expect(afterGuestCancellation({ status: 'completed', paymentStatus: 'PAID' })).toBeNull()
    const before = { phase: 'free' } as const
    const states = [pending, active, failed].map((state) => ({ ...state, cancellation: before }))
    expect(states.map(isCancellableByGuest)).toEqual([false, true, false])
  })
  it('offers no cancellation from the web once the stay has started', () => {
    expect(isCancellableByGuest({ ...active, cancellation: { phase: 'penalty' } })).toBe(true)
    expect(isCancellableByGuest({ ...active, cancellation: { phase: 'started' } })).toBe(false)
  })
})

describe('refunds on cancellation', () => {
  it('marks a paid reservation refunded, once', () => {
    const cancelledPaid: ReservationState = { status: 'cancelled', paymentStatus: 'PAID' }
    const refunded = afterRefund(cancelledPaid)
    expect(refunded).toEqual({ status: 'cancelled', paymentStatus: 'REFUNDED' })
    expect(afterRefund(must(refunded, 'refunded'))).toBeNull()
  })
})
