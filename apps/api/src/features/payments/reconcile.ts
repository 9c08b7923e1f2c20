import {
  afterChargeOutcome,
  afterHoldExpired,
  type ReservationState,
  type SettledChargeStatus,
} from '@cabanas/domain/reservations'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { PeriodicJob } from '../../plugins/jobs.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import {
  findReservationState,
  listPendingDueForLookup,
  postponeLookup,
  transitionReservation,
} from '../reservations/reservations.queries.ts'
import type { GatewayCharge, PaymentGateway } from './payment-gateway.ts'

const SETTLED: ReadonlySet<string> = new Set<SettledChargeStatus>([
  'completed',
  'failed',
  'cancelled',
  'refunded',
])

/**
 * Seconds after a hold is made when no charge request for it can still be running: the gateway
 * call has timed out (`timeoutMs`), plus a margin for the request to leave and for a slow process.
 * The first lookup of an unknown outcome happens then; a crashed request's Idempotency-Key is
 * taken over then.
 */
export function chargeSettledAfterSeconds(gatewayTimeoutMs: number): number {
  return Math.ceil(gatewayTimeoutMs / 1000) + 10
}

export type ReconcileDeps = { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger }

export type ApplyChargeResult = 'changed' | 'unchanged' | 'unknown-reservation' | 'refunded-late-charge'

/**
 * Applies what the provider says about a charge to the reservation whose id is the charge's
 * order id. Safe to repeat: a second application finds the reservation already settled. A completed
 * charge that arrives after its hold was released (the reservation failed without a charge) is
 * refunded: the guest is never charged for nights they do not have.
 */
export async function applyChargeToReservation(
  { db, gateway, log }: ReconcileDeps,
  charge: GatewayCharge,
): Promise<ApplyChargeResult> {
  if (!charge.orderId || !SETTLED.has(charge.status)) return 'unchanged'
  const reservation = await findReservationState(db, charge.orderId)
  if (!reservation) return 'unknown-reservation'
  if (
    charge.status === 'completed' &&
    reservation.status === 'cancelled' &&
    reservation.paymentStatus === 'FAILED'
  ) {
    await gateway.refundCharge(charge.id, { description: 'Reserva liberada antes de confirmar el pago' })
    log.warn(
      { reservationId: reservation.id, chargeId: charge.id },
      'late charge of a released hold refunded',
    )
    return 'refunded-late-charge'
  }
  const next = afterChargeOutcome(reservation, charge.status as SettledChargeStatus)
  if (!next) return 'unchanged'
  const changed = await transitionReservation(
    db,
    reservation.id,
    reservation,
    next,
    { chargeId: charge.id },
    reservation.status === 'pending' ? settledMail(reservation.id, next) : undefined,
  )
  if (changed) {
    log.info(
      { reservationId: reservation.id, chargeId: charge.id, status: next.status },
      'reservation settled from charge',
    )
  }
  return changed ? 'changed' : 'unchanged'
}

/**
 * The mail of a pending payment's outcome ('pago en verificación' was sent): written in the
 * settling transaction, so one settlement, one mail, whichever process or webhook wins the race.
 */
function settledMail(reservationId: string, next: ReservationState) {
  const outcome = next.status === 'active' ? 'confirmed' : 'failed'
  return (tx: Database) => enqueueMail(tx, { template: 'payment-settled', reservationId, outcome })
}

export type LookupResult = 'settled' | 'released' | 'still-pending' | 'lookup-failed'

/**
 * Asks the provider about one pending reservation whose charge request cannot be in flight any
 * more: settles it from the charge found by order id, or releases its nights when there is none.
 */
export async function settlePendingReservation(deps: ReconcileDeps, id: string): Promise<LookupResult> {
  const { db, gateway, log } = deps
  let charge: GatewayCharge | null
  try {
    charge = await gateway.findChargeByOrderId(id)
  } catch (error) {
    log.warn({ reservationId: id, err: error }, 'reconciliation lookup failed')
    return 'lookup-failed'
  }
  if (charge) {
    const result = await applyChargeToReservation(deps, charge)
    return result === 'changed' ? 'settled' : 'still-pending'
  }
  const reservation = await findReservationState(db, id)
  const next = reservation && afterHoldExpired(reservation)
  if (
    reservation &&
    next &&
    (await transitionReservation(db, id, reservation, next, {}, settledMail(id, next)))
  ) {
    log.info({ reservationId: id }, 'hold without a charge released')
    return 'released'
  }
  return 'still-pending'
}

export type ReconcileReport = { checked: number; settled: number; released: number; failedLookups: number }

/**
 * The sweeper: pending reservations due for a lookup (first `settledAfterSeconds` after the hold,
 * then backing off: see postponeLookup) are settled from the charge found by order id, or released
 * when the provider has no charge for them. Those it cannot settle yet are looked at again later.
 */
export async function reconcilePendingReservations(
  deps: ReconcileDeps,
  { settledAfterSeconds, batch = 50 }: { settledAfterSeconds: number; batch?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, settled: 0, released: 0, failedLookups: 0 }
  for (const reservation of await listPendingDueForLookup(deps.db, settledAfterSeconds, batch)) {
    report.checked += 1
    const result = await settlePendingReservation(deps, reservation.id)
    if (result === 'settled') report.settled += 1
    else if (result === 'released') report.released += 1
    else {
      if (result === 'lookup-failed') report.failedLookups += 1
      await postponeLookup(deps.db, reservation.id, settledAfterSeconds)
    }
  }
  return report
}

/** The reconciliation job, run every `intervalMs` by one process at a time (plugins/jobs.ts). */
export function reconciliationJob(
  deps: () => ReconcileDeps,
  { intervalMs, gatewayTimeoutMs }: { intervalMs: number; gatewayTimeoutMs: number },
): PeriodicJob {
  const settledAfterSeconds = chargeSettledAfterSeconds(gatewayTimeoutMs)
  return {
    name: 'reconcile-payments',
    intervalMs,
    run: () => reconcilePendingReservations(deps(), { settledAfterSeconds }),
  }
}
