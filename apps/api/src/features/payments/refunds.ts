import { cancellationPolicyRules } from '@cabanas/domain/catalog'
import { afterRefund } from '@cabanas/domain/reservations'
import type { Centavos } from '@cabanas/domain/shared'
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
 * that cancels cannot refund at once (provider down, process killed), the outbox does it later. The
 * amount is the one decided when the guest cancelled (`cancellationTerms`), so a retry after the
 * deadline still gives back what was promised.
 */
export function scheduleRefund(tx: Database, reservationId: string, amount: Centavos) {
  return enqueueDelayed(
    tx,
    { kind: REFUND_OUTBOX_KIND, payload: { reservationId, amount } },
    REFUND_RETRY_AFTER_SECONDS,
  )
}

export type RefundResult = 'refunded' | 'nothing-to-refund'

/**
 * Gives back what the cancellation decided (`amount`, centavos) of a cancelled, paid reservation: the
 * charge is refunded at the provider (in full, or the amount when it is less), then the reservation
 * becomes REFUNDED. Without an amount (an outbox row queued before cancellation had deadlines) a free
 * cancellation gives back everything. Safe to repeat and to race: a reservation already refunded (or
 * with nothing to give back) is left alone, and a refund the provider already made (a concurrent
 * attempt) is recognised by reading the charge again. Throws when the provider did not refund, so
 * that the outbox retries.
 */
export async function refundCancelledReservation(
  { db, gateway, log }: ReconcileDeps,
  reservationId: string,
  amount?: Centavos,
): Promise<RefundResult> {
  const row = await findRefundState(db, reservationId)
  if (row?.status !== 'cancelled' || row.paymentStatus !== 'PAID' || !row.chargeId) return 'nothing-to-refund'
  const refund =
    amount ??
    (cancellationPolicyRules[row.cancellationPolicy].freeCancellationHours !== null ? row.totalPrice : 0)
  if (refund <= 0) return 'nothing-to-refund'
  const partial = refund < row.totalPrice ? { amount: refund } : {}
  let status: string
  try {
    status = (
      await gateway.refundCharge(row.chargeId, { ...partial, description: 'Cancelación de la reserva' })
    ).status
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
    log.info({ reservationId: row.id, chargeId: row.chargeId, refund }, 'cancelled reservation refunded')
  }
  return 'refunded'
}
