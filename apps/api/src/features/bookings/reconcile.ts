import { afterChargeOutcome, afterHoldExpired, type SettledChargeStatus } from '@cabanas/domain/reservations'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { GatewayCharge, PaymentGateway } from '../payments/payment-gateway.ts'
import { findReservationState, listPendingOlderThan, transitionReservation } from './reservations.queries.ts'

const SETTLED: ReadonlySet<string> = new Set<SettledChargeStatus>([
  'completed',
  'failed',
  'cancelled',
  'refunded',
])

/**
 * Applies what the provider says about a charge to the reservation whose id is the charge's
 * order id. Safe to repeat: a second application finds the reservation already settled.
 */
export async function applyChargeToReservation(
  db: Database,
  charge: GatewayCharge,
  log: FastifyBaseLogger,
): Promise<'changed' | 'unchanged' | 'unknown-reservation'> {
  if (!charge.orderId || !SETTLED.has(charge.status)) return 'unchanged'
  const reservation = await findReservationState(db, charge.orderId)
  if (!reservation) return 'unknown-reservation'
  const next = afterChargeOutcome(reservation, charge.status as SettledChargeStatus)
  if (!next) return 'unchanged'
  const changed = await transitionReservation(db, reservation.id, reservation, next, { chargeId: charge.id })
  if (changed) {
    log.info(
      { reservationId: reservation.id, chargeId: charge.id, status: next.status },
      'reservation settled from charge',
    )
  }
  return changed ? 'changed' : 'unchanged'
}

export type ReconcileReport = { checked: number; settled: number; released: number; failedLookups: number }

/**
 * The sweeper: pending reservations older than `graceSeconds` (no charge request for them can still
 * be running) are settled from the charge found by order id, or released when their hold expired
 * and the provider has no charge for them.
 */
export async function reconcilePendingReservations(
  { db, gateway, log }: { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger },
  { graceSeconds, batch = 50 }: { graceSeconds: number; batch?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, settled: 0, released: 0, failedLookups: 0 }
  for (const reservation of await listPendingOlderThan(db, graceSeconds, batch)) {
    report.checked += 1
    let charge: GatewayCharge | null
    try {
      charge = await gateway.findChargeByOrderId(reservation.id)
    } catch (error) {
      report.failedLookups += 1
      log.warn({ reservationId: reservation.id, err: error }, 'reconciliation lookup failed')
      continue
    }
    if (charge) {
      if ((await applyChargeToReservation(db, charge, log)) === 'changed') report.settled += 1
      continue
    }
    if (reservation.holdExpired) {
      const next = afterHoldExpired(reservation)
      if (next && (await transitionReservation(db, reservation.id, reservation, next))) {
        report.released += 1
        log.info({ reservationId: reservation.id }, 'expired hold released')
      }
    }
  }
  return report
}
