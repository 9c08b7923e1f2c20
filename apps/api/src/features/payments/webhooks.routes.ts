import { timingSafeEqual } from 'node:crypto'
import { messages, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendError } from '../../plugins/errors.ts'
import { applyChargeToReservation } from '../bookings/reconcile.ts'
import { isWebhookEventSeen, markWebhookEventSeen } from './webhooks.queries.ts'

/** Openpay's webhook payload: `{ type, event_date, transaction }`; unknown fields are ignored. */
const WebhookEventSchema = z.looseObject({
  type: z.string().min(1).max(100),
  event_date: z.string().max(100).optional(),
  verification_code: z.string().max(100).optional(),
  transaction: z
    .looseObject({ id: z.string().min(1).max(100), status: z.string().max(50).optional() })
    .optional(),
})

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookUser, webhookPassword } = app.config.openpay
  const expected = `Basic ${Buffer.from(`${webhookUser}:${webhookPassword}`).toString('base64')}`

  app.post('/webhooks/openpay', { schema: { body: WebhookEventSchema } }, async (request, reply) => {
    if (!safeEqual(request.headers.authorization ?? '', expected)) {
      return sendError(reply, 'UNAUTHORIZED', messages.unauthorized)
    }
    const event = request.body
    if (event.type === 'verification') {
      request.log.info({ verificationCode: event.verification_code }, 'openpay webhook verification received')
      return { received: true }
    }
    if (!event.transaction) return { received: true, ignored: true }

    const eventId = `${event.transaction.id}:${event.type}:${event.transaction.status ?? ''}`
    if (await isWebhookEventSeen(app.db, eventId)) return { received: true, duplicate: true }
    // Never trust the payload: the charge is read again from the provider before anything changes.
    const charge = await app.paymentGateway.getCharge(event.transaction.id)
    const result = await applyChargeToReservation(app.db, charge, request.log)
    // Marked only once applied: a delivery that failed half-way is retried by Openpay and redone.
    await markWebhookEventSeen(app.db, { id: eventId, type: event.type, transactionId: charge.id })
    request.log.info({ type: event.type, chargeId: charge.id, result }, 'openpay webhook handled')
    return { received: true, result }
  })
}
