import { ChargeRequestSchema, ChargeResponseSchema, chargeMessages } from '@cabanas/domain/bookings'
import { paymentErrorMessage } from '@cabanas/domain/payments'
import { quoteMessages } from '@cabanas/domain/quotes'
import { DomainError, type z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, exampleResponse, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { type IdempotencyOptions, withIdempotencyKey } from '../../plugins/idempotency.ts'
import { OPTIONAL_SESSION } from '../../plugins/openapi.ts'
import type { LimitRule } from '../../plugins/rate-limits.ts'
import { answerAbandonedCharge, chargeReservation } from './payments.service.ts'
import { chargeSettledAfterSeconds } from './reconcile.ts'
import { REFUND_OUTBOX_KIND, refundCancelledReservation } from './refunds.ts'
import { sealStoredAccessTokens } from './stored-charge.queries.ts'
import { openChargeResponse, sealChargeResponse } from './stored-charge.ts'

/**
 * Charge attempts per client IP, shared by every API process: a guest retrying a declined card a few
 * times stays far below; a script spending stolen tokens or holding nights does not.
 */
function chargeLimits(ip: string): LimitRule[] {
  const key = `charge:ip:${ip}`
  return [
    { key, limit: 10, windowSeconds: 10 * 60 },
    { key, limit: 30, windowSeconds: 60 * 60 },
  ]
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settledAfterSeconds = chargeSettledAfterSeconds(app.config.openpay.timeoutMs)
  app.addHook('onReady', async () => {
    const sealed = await sealStoredAccessTokens(app.db)
    if (sealed > 0) app.log.info({ sealed }, 'charge answers stored before sealing: their tokens sealed')
  })

  // A cancellation's refund that its request could not complete (the guest's or the host's) is retried
  // from the outbox, for the amount decided when it was cancelled (rows queued before deadlines carry
  // none: see refunds.ts).
  app.handleOutbox(REFUND_OUTBOX_KIND, async (payload) => {
    const reservationId = String(payload.reservationId)
    const amount = typeof payload.amount === 'number' ? payload.amount : undefined
    await refundCancelledReservation(
      { db: app.db, gateway: app.paymentGateway, log: app.log },
      reservationId,
      amount,
    )
    return { reservationId }
  })

  /**
   * Spec §3 charge: hold the nights, charge the card through the gateway, confirm. With an
   * Idempotency-Key header, a repeated request gets the first response and charges nothing; a key
   * whose request died mid-charge is answered from its reservation, or runs again if none was held.
   */
  const declined = paymentErrorMessage(3001)
  const chargeSchema = {
    summary: 'Cobra la estancia con tarjeta: aparta las noches, cobra con Openpay y confirma',
    description:
      'Con el encabezado `Idempotency-Key` (8 a 100 caracteres `A-Za-z0-9_.:-`), repetir la misma ' +
      'solicitud devuelve la primera respuesta (`Idempotent-Replayed: true`) sin cobrar otra vez.',
    security: OPTIONAL_SESSION,
    body: ChargeRequestSchema,
    // Typed as any status and body: an idempotent replay answers the stored ones.
    response: <Record<number, z.ZodType>>{
      200: ChargeResponseSchema.describe('Pago confirmado: la reserva está lista'),
      202: ChargeResponseSchema.describe(
        'El banco no confirmó aún: se verifica en unos minutos; no pagues de nuevo',
      ),
      402: exampleResponse(ChargeResponseSchema, 'Pago rechazado (error_code de Openpay)', {
        PAYMENT_DECLINED: {
          summary: declined,
          value: {
            success: false,
            error: declined,
            errorType: 'PAYMENT_DECLINED',
            error_code: 3001,
            data: {
              reservationId: '0f8a3c3e-5d6b-4f53-9a8e-3b1f2a7c9d10',
              totalAmount: 448000,
              paymentId: null,
              status: 'failed',
              charge: { status: 'failed', error_message: declined },
              ok: false,
              message: declined,
            },
          },
        },
      }),
      ...errorResponses([
        invalidInput(ChargeRequestSchema, {}),
        refusal('VALIDATION_ERROR', chargeMessages.badIdempotencyKey),
        refusal('INVALID_DATE', quoteMessages.pastArrival),
        refusal('INVALID_DATE', quoteMessages.checkInTimePassed),
        refusal('INVALID_DATE_RANGE', quoteMessages.dateOrder),
        refusal('CAPACITY_EXCEEDED', quoteMessages.CAPACITY_EXCEEDED),
        refusal('NOCHES_MINIMAS', quoteMessages.NOCHES_MINIMAS),
        refusal('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND),
        refusal('NOT_AVAILABLE', quoteMessages.NOT_AVAILABLE),
        refusal('NOT_AVAILABLE', chargeMessages.releasedBeforePayment),
        refusal('IDEMPOTENCY_IN_PROGRESS', chargeMessages.idempotencyInProgress),
        refusal('IDEMPOTENCY_MISMATCH', chargeMessages.idempotencyMismatch),
        refusal('RATE_LIMITED', chargeMessages.tooManyCharges),
        refusal('RATE_LIMITED', chargeMessages.tooManyHolds),
      ]),
    },
  }
  app.post('/payments/charge', { schema: chargeSchema }, async (request, reply) => {
    const deps = {
      db: app.db,
      gateway: app.paymentGateway,
      today: app.clock.today(),
      now: app.clock.now(),
      log: request.log,
      settledAfterSeconds,
    }
    const idempotency: IdempotencyOptions = {
      db: app.db,
      messages: {
        badKey: chargeMessages.badIdempotencyKey,
        mismatch: chargeMessages.idempotencyMismatch,
        inProgress: chargeMessages.idempotencyInProgress,
      },
      abandonedAfterSeconds: settledAfterSeconds,
      // The key keeps the guest's access token only sealed (stored-charge.ts).
      store: sealChargeResponse,
      replay: (stored, key) => {
        request.log.info('charge replayed from idempotency key')
        return openChargeResponse(stored, key, () =>
          request.log.warn('replayed charge answer without its access token: no configured key opens it'),
        )
      },
      // The request that held these nights died mid-charge: answer from the reservation, or (nothing
      // was charged and the nights are free again) run anew.
      resume: async (reservationId) => {
        request.log.warn({ reservationId }, 'abandoned charge request taken over')
        return answerAbandonedCharge(deps, reservationId)
      },
    }
    return withIdempotencyKey(request, reply, idempotency, async (run) => {
      // Only a request that may hold nights and reach the provider spends the client's budget: a
      // replayed or still-running key answers from what is stored.
      await app.enforceLimits(reply, chargeLimits(request.clientAddress), chargeMessages.tooManyCharges)
      try {
        const outcome = await chargeReservation(deps, request.body, {
          clientIp: request.ip,
          clientAddress: request.clientAddress,
          clientId: request.clientId,
          // Once nights are held the key is linked to them: if this request dies, the retry that takes
          // the key over answers from the reservation instead of charging again with a used card token.
          ...(run.key ? { onHeld: (tx, reservationId) => run.link(tx, reservationId) } : {}),
        })
        return { ...outcome, linkedId: outcome.body.data.reservationId }
      } catch (error) {
        // Too many live holds: a moment later the same request may go through (the key is released).
        if (error instanceof DomainError && error.code === 'RATE_LIMITED') {
          reply.header('retry-after', String(settledAfterSeconds))
        }
        throw error
      }
    })
  })
}
