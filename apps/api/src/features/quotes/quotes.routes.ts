import { QuoteRequestSchema, QuoteResponseSchema, quoteMessages } from '@cabanas/domain/quotes'
import { searchMessages } from '@cabanas/domain/search'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { answerQuote } from './quote-answer.ts'

/** The quote: a POST that writes nothing (app.ts does not count it as a write). */
export const QUOTE_ROUTE = '/reservas/cotizar'

export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    QUOTE_ROUTE,
    {
      schema: {
        summary: 'Cotiza una estancia: precio por noche, total y tarifa de servicio',
        body: QuoteRequestSchema,
        response: {
          200: QuoteResponseSchema,
          // The refusals of the stay carry `available: false` (below); a malformed request does not.
          ...errorResponses([
            invalidInput(QuoteRequestSchema, {}),
            ...(
              [
                ['INVALID_DATE', quoteMessages.pastArrival],
                ['INVALID_DATE', quoteMessages.checkInTimePassed],
                ['INVALID_DATE', quoteMessages.tooFarAhead],
                ['INVALID_DATE_RANGE', quoteMessages.dateOrder],
                ['INVALID_DATE_RANGE', quoteMessages.stayTooLong],
                ['CAPACITY_EXCEEDED', quoteMessages.CAPACITY_EXCEEDED],
                ['CAPACITY_INSUFFICIENT', quoteMessages.CAPACITY_INSUFFICIENT],
                ['NOCHES_MINIMAS', quoteMessages.NOCHES_MINIMAS],
                ['CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND],
                ['NOT_AVAILABLE', quoteMessages.NOT_AVAILABLE],
                ['SERVICE_UNAVAILABLE', searchMessages.unavailable],
              ] as const
            ).map(([code, message]) => refusal(code, message, { available: false })),
          ]),
        },
      },
    },
    async (request, reply) => {
      const answer = await answerQuote(app, request.body)
      if (answer.ok) return answer.body
      // A refusal's body is built by answerQuote (errorBody, as sendError builds it).
      const refusal: FastifyReply = reply
      return refusal.status(answer.status).type('application/json; charset=utf-8').send(answer.body)
    },
  )
}
