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
 * The guest cancels a confirmed stay. Bookings are non-refundable (spec §9): the nights are
 * released, the payment stays as it was. A stay whose payment is still being settled cannot be
 * cancelled until it is (a cancelled hold with a charge in flight would leave a paid guest without
 * nights and nothing to reconcile).
 */
export function afterGuestCancellation(current: ReservationState): ReservationState | null {
  return current.status === 'active' ? { status: 'cancelled', paymentStatus: current.paymentStatus } : null
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
