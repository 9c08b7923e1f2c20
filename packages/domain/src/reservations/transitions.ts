import type { CancellationPhase } from './cancellation-terms.ts'

/** A reservation's lifecycle (spec §4), changed only by the named transitions below. */
export type ReservationStatus = 'pending' | 'active' | 'cancelled' | 'completed'
export type PaymentStatus = 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED'
export type ReservationState = { status: ReservationStatus; paymentStatus: PaymentStatus }

/** The provider's charge statuses that settle a pending reservation. */
export type SettledChargeStatus = 'completed' | 'failed' | 'cancelled' | 'refunded'

/**
 * What a charge outcome does to a reservation, or null when it changes nothing (already settled,
 * or a late, stale event). Idempotent: applying the same outcome twice gives null the second time.
 */
export function afterChargeOutcome(
  current: ReservationState,
  charge: SettledChargeStatus,
): ReservationState | null {
  if (charge === 'completed') {
    if (current.status === 'pending') return { status: 'active', paymentStatus: 'PAID' }
    return null
  }
  if (charge === 'refunded') {
    if (current.paymentStatus === 'PAID') return { status: current.status, paymentStatus: 'REFUNDED' }
    return null
  }
  // failed or cancelled
  if (current.status === 'pending') return { status: 'cancelled', paymentStatus: 'FAILED' }
  return null
}

/** A pending reservation whose hold expired with no charge at the provider releases its nights. */
export function afterHoldExpired(current: ReservationState): ReservationState | null {
  return current.status === 'pending' ? { status: 'cancelled', paymentStatus: 'FAILED' } : null
}

/**
 * The guest cancels a confirmed stay: the nights are released at once; the payment stays as it was
 * (a refund, when the cabin's policy gives one, is its own step: see `afterRefund`). A reservation
 * whose payment is still being verified cannot be cancelled: its charge may yet complete.
 */
export function afterGuestCancellation(current: ReservationState): ReservationState | null {
  return current.status === 'active' ? { status: 'cancelled', paymentStatus: current.paymentStatus } : null
}

/**
 * Whether the guest may cancel this reservation from the web now (what the trip page offers): a
 * confirmed stay that has not started (`cancellationTerms`); once it has, they write to us.
 */
export function isCancellableByGuest(current: {
  status: string
  cancellation: { phase: CancellationPhase }
}): boolean {
  return current.status === 'active' && current.cancellation.phase !== 'started'
}

/** The payment of a paid reservation was given back. */
export function afterRefund(current: ReservationState): ReservationState | null {
  return current.paymentStatus === 'PAID' ? { status: current.status, paymentStatus: 'REFUNDED' } : null
}

export const reservationStatusLabels: Record<ReservationStatus, string> = {
  active: 'Activa',
  cancelled: 'Cancelada',
  completed: 'Completada',
  pending: 'Pendiente',
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  PAID: 'Pagado',
  PENDING: 'Pendiente',
  FAILED: 'Fallido',
  REFUNDED: 'Reembolsado',
}
