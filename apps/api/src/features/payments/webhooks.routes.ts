import { timingSafeEqual } from 'node:crypto'
import { inputMessages, messages, textSchema, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { sendError } from '../../plugins/errors.ts'
import { OPENPAY_WEBHOOK } from '../../plugins/openapi.ts'
import { type GatewayCharge, PaymentOutcomeUnknownError, PaymentProviderError } from './payment-gateway.ts'
import { applyChargeToReservation } from './reconcile.ts'
import { isWebhookEventSeen, markWebhookEventSeen } from './webhooks.queries.ts'

/** Openpay's webhook payload: `{ type, event_date, transaction }`; unknown fields are ignored. */
const webhookText = (label: string, pattern: RegExp, max: number) =>
  textSchema(label).max(max, inputMessages.invalid(label)).regex(pattern, inputMessages.invalid(label))

/**
 * Openpay's webhook payload: `{ type, event_date, transaction }`; unknown fields are ignored. Ids,
 * types and statuses have Openpay's alphabets: anything else is a 400 before it reaches a query.
 */
const WebhookEventSchema = z.looseObject({
  type: webhookText('type', /^[a-z][a-z0-9._]*$/, 100),
  event_date: textSchema('event_date').max(100).optional(),
  verification_code: webhookText('verification_code', /^[A-Za-z0-9]+$/, 100).optional(),
  transaction: z
    .looseObject({
      id: webhookText('transaction.id', /^[A-Za-z0-9_-]+$/, 100),
      status: webhookText('transaction.status', /^[a-z_]*$/, 50).optional(),
    })
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
  // Never open to empty credentials (the sandbox's are filled in by buildApp).
  const configured = webhookUser !== '' && webhookPassword !== ''

  const webhookSchema = {
    summary: 'Avisos de Openpay sobre cargos (los llama Openpay, no la web)',
    description:
      'El cargo se vuelve a leer de Openpay antes de cambiar nada; un aviso repetido o de un cargo ' +
      'desconocido responde 200 sin efecto, y un 503 hace que Openpay lo reintente.',
    security: OPENPAY_WEBHOOK,
    body: WebhookEventSchema,
    response: {
      200: z.object({
        received: z.boolean(),
        ignored: z.boolean().optional(),
        duplicate: z.boolean().optional(),
        result: z.string().optional().describe('Lo que cambió en la reserva'),
      }),
      ...errorResponses([
        invalidInput(WebhookEventSchema, {}),
        refusal('UNAUTHORIZED', messages.unauthorized),
        refusal('SERVICE_UNAVAILABLE', messages.overloaded),
      ]),
    },
  }
  app.post('/webhooks/openpay', { schema: webhookSchema }, async (request, reply) => {
    if (!configured || !safeEqual(request.headers.authorization ?? '', expected)) {
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
    let charge: GatewayCharge
    try {
      charge = await app.paymentGateway.getCharge(event.transaction.id)
    } catch (error) {
      if (error instanceof PaymentProviderError && error.errorCode === 1005) {
        // The provider does not know this charge (1005): a forged or misdirected event. Answered 2xx
        // so that Openpay does not retry it forever; nothing changes.
        request.log.warn(
          { type: event.type, errorCode: error.errorCode },
          'openpay webhook for a charge the provider does not know; ignored',
        )
        return { received: true, ignored: true }
      }
      if (error instanceof PaymentOutcomeUnknownError) {
        // The provider did not answer: a 503 makes Openpay deliver the event again later.
        request.log.warn({ type: event.type, err: error }, 'openpay webhook: charge lookup failed')
        return sendError(reply, 'SERVICE_UNAVAILABLE', messages.overloaded)
      }
      throw error
    }
    const result = await applyChargeToReservation(
      { db: app.db, gateway: app.paymentGateway, log: request.log },
      charge,
    )
    // Marked only once applied: a delivery that failed half-way is retried by Openpay and redone.
    await markWebhookEventSeen(app.db, { id: eventId, type: event.type, transactionId: charge.id })
    request.log.info({ type: event.type, chargeId: charge.id, result }, 'openpay webhook handled')
    return { received: true, result }
  })
}
