import { afterRefund, isRefundedOnCancellation } from '@cabanas/domain/reservations'
import type { Database } from '../../db/client.ts'
import {
  enqueueDelayed,
  findRefundState,
  transitionReservation,
} from '../reservations/reservations.queries.ts'
import { PaymentProviderError } from './payment-gateway.ts'
import type { ReconcileDeps } from './reconcile.ts'

/** Outbox kind of a refund the cancelling request could not complete: retried with backoff. */
export const REFUND_OUTBOX_KIND = 'refund:cancelled-reservation'

/** When the outbox first retries a refund: long after the cancelling request's own attempt. */
const REFUND_RETRY_AFTER_SECONDS = 60

/**
 * Queues the refund of a cancelled reservation, in the cancellation's transaction: if the request
 * that cancels cannot refund at once (provider down, process killed), the outbox does it later.
 */
export function scheduleRefund(tx: Database, reservationId: string) {
  return enqueueDelayed(
    tx,
    { kind: REFUND_OUTBOX_KIND, payload: { reservationId } },
    REFUND_RETRY_AFTER_SECONDS,
  )
}

export type RefundResult = 'refunded' | 'nothing-to-refund'

/**
 * Gives back the payment of a cancelled reservation whose cabin cancels for free: the whole charge
 * is refunded at the provider, then the reservation becomes REFUNDED. Safe to repeat and to race: a
 * reservation already refunded (or not refundable) is left alone, and a refund the provider already
 * made (a concurrent attempt) is recognised by reading the charge again. Throws when the provider
 * did not refund, so that the outbox retries.
 */
export async function refundCancelledReservation(
  { db, gateway, log }: ReconcileDeps,
  reservationId: string,
): Promise<RefundResult> {
  const row = await findRefundState(db, reservationId)
  if (
    row?.status !== 'cancelled' ||
    !row.chargeId ||
    !isRefundedOnCancellation(row.cancellationPolicy, row)
  ) {
    return 'nothing-to-refund'
  }
  let status: string
  try {
    status = (await gateway.refundCharge(row.chargeId, { description: 'Cancelación de la reserva' })).status
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    // Refused: perhaps because another attempt refunded it a moment ago.
    status = (await gateway.getCharge(row.chargeId)).status
    if (status !== 'refunded') throw error
  }
  if (status !== 'refunded') {
    throw Object.assign(new Error('refund not completed'), { code: 'REFUND_NOT_COMPLETED' })
  }
  const next = afterRefund(row)
  if (next && (await transitionReservation(db, row.id, row, next))) {
    log.info({ reservationId: row.id, chargeId: row.chargeId }, 'cancelled reservation refunded')
  }
  return 'refunded'
}
