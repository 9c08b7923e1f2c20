import {
  checkStayDates,
  QuoteRequestSchema,
  type QuoteResponse,
  QuoteResponseSchema,
  quoteMessages,
  quoteStay,
} from '@cabanas/domain/quotes'
import { searchMessages } from '@cabanas/domain/search'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { sendError } from '../../plugins/errors.ts'

export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reservas/cotizar',
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
      // The handler builds a typed QuoteResponse and the route tests parse its answers with the schema;
      // checking it again with zod on each of thousands of quotes a second cost a tenth of the server.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const { habitacionId, checkIn, checkOut, guests } = request.body
      try {
        const today = app.clock.today()
        const now = app.clock.now()
        // Dates first: they decide whether the stay can even be looked up (an arrival today closes at 15:00).
        checkStayDates({ checkIn, checkOut, today, now })
        // A quote reads the same read model as search (at most SEARCH_INDEX_MAX_STALENESS_MS old):
        // it is advice. The charge checks the database, whose exclusion constraint has the last word.
        await app.searchIndex.ensureFresh()
        const { index } = app.searchIndex
        const cabin = index.findCabin(habitacionId)
        if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
        const price = quoteStay({
          cabin,
          checkIn,
          checkOut,
          guests,
          today,
          now,
          isBooked: !index.isFree(cabin.id, checkIn, checkOut),
        })
        const quote: QuoteResponse = {
          success: true,
          available: true,
          habitacionId,
          checkIn,
          checkOut,
          guests,
          nights: price.nights,
          pricing: {
            totalPrice: price.totalPrice,
            pricePerNight: price.pricePerNight,
            basePrice: price.lodging,
          },
          precioCalculado: { comisionServicio: price.serviceCommission },
          breakdown: price.breakdown,
          currency: 'MXN',
        }
        return quote
      } catch (error) {
        // Quote errors carry `available: false`, as the booking widget reads it (spec §3, §8).
        if (error instanceof DomainError)
          return sendError(reply, error.code, error.message, undefined, { available: false })
        throw error
      }
    },
  )
}
