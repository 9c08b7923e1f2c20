import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { refundCancelledReservation } from '../payments/refunds.ts'

/**
 * Refunds a reservation the host or the operator just cancelled, at once; when the provider fails, the
 * outbox row queued with the cancellation retries. True when the money went back now.
 */
export async function refundNow(
  app: Pick<FastifyInstance, 'db' | 'paymentGateway'>,
  log: FastifyBaseLogger,
  reservationId: string,
  amount: number,
): Promise<boolean> {
  try {
    const deps = { db: app.db, gateway: app.paymentGateway, log }
    return (await refundCancelledReservation(deps, reservationId, amount)) === 'refunded'
  } catch (error) {
    log.warn({ reservationId, err: error }, 'refund failed; the outbox retries it')
    return false
  }
}
