import { ChargeRequestSchema, chargeMessages } from '@cabanas/domain/bookings'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendError, statusOf } from '../../plugins/errors.ts'
import { chargeReservation } from '../bookings/bookings.service.ts'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequestBody,
  releaseIdempotencyKey,
} from './idempotency.queries.ts'

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Spec §3 charge: hold the nights, charge the card through the gateway, confirm. With an
   * Idempotency-Key header, a repeated request gets the first response and charges nothing.
   */
  app.post('/payments/charge', { schema: { body: ChargeRequestSchema } }, async (request, reply) => {
    const header = request.headers['idempotency-key']
    const key = typeof header === 'string' ? header : undefined
    if (header !== undefined && (!key || !IDEMPOTENCY_KEY.test(key))) {
      return sendError(reply, 'VALIDATION_ERROR', chargeMessages.badIdempotencyKey)
    }
    if (key) {
      const claim = await claimIdempotencyKey(app.db, key, hashRequestBody(request.body))
      if (claim.kind === 'mismatch')
        return sendError(reply, 'IDEMPOTENCY_MISMATCH', chargeMessages.idempotencyMismatch)
      if (claim.kind === 'in-progress') {
        return sendError(reply, 'IDEMPOTENCY_IN_PROGRESS', chargeMessages.idempotencyInProgress)
      }
      if (claim.kind === 'replay') {
        request.log.info({ idempotencyKey: key }, 'charge replayed from idempotency key')
        return reply.status(claim.statusCode).header('idempotent-replayed', 'true').send(claim.response)
      }
    }

    try {
      const outcome = await chargeReservation(
        { db: app.db, gateway: app.paymentGateway, today: app.clock.today(), log: request.log },
        request.body,
        { clientIp: request.ip, clientId: request.clientId },
      )
      if (key) {
        await completeIdempotencyKey(app.db, key, {
          statusCode: outcome.statusCode,
          response: outcome.body,
          reservationId: outcome.body.data.reservationId,
        })
      }
      return reply.status(outcome.statusCode).send(outcome.body)
    } catch (error) {
      if (key) {
        if (error instanceof DomainError) {
          // A refusal (dates, capacity, taken nights) is final for this request: remember it.
          await completeIdempotencyKey(app.db, key, {
            statusCode: statusOf(error.code),
            response: { success: false, error: error.message, errorType: error.code, message: error.message },
          })
        } else {
          await releaseIdempotencyKey(app.db, key)
        }
      }
      throw error
    }
  })
}
