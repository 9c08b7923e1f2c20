import { quoteMessages } from '@cabanas/domain/quotes'
import {
  parseSearchQuery,
  type RawSearchQuery,
  SEARCH_RESULT_LIMIT,
  SearchParamsSchema,
  SearchResponseSchema,
  searchMessages,
} from '@cabanas/domain/search'
import { inputMessages } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, refusal } from '../../plugins/error-responses.ts'
import { renderSearchResponse } from './search-index.ts'

/**
 * The body of GET /cotizar/search (JSON bytes) for a raw query string; throws the domain's 400 for an
 * invalid one. The server-rendered results page (features/pages) answers from the same function.
 */
export async function searchResponse(app: FastifyInstance, raw: RawSearchQuery): Promise<Buffer> {
  const query = parseSearchQuery(raw, { today: app.clock.today(), now: app.clock.now() })
  await app.searchIndex.ensureFresh()
  const hits = app.searchIndex.index.search(query, SEARCH_RESULT_LIMIT)
  return renderSearchResponse(hits, query.nights)
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The hottest path of the product. The query string (always strings or lists of strings) is parsed
  // by the domain's parseSearchQuery, which owns every rule and Spanish message; the response
  // (SearchResponseSchema) is rendered from pre-serialized cards, and the tests parse it with the schema.
  app.get<{ Querystring: RawSearchQuery; Reply: Buffer }>(
    '/cotizar/search',
    {
      // For the OpenAPI document only: the query is checked by parseSearchQuery (the validator below
      // passes it through) and the bytes sent are never serialized again.
      schema: {
        summary: 'Cabañas libres en un destino para unas fechas y huéspedes, con el precio de la estancia',
        querystring: SearchParamsSchema,
        response: {
          200: SearchResponseSchema,
          ...errorResponses([
            refusal('VALIDATION_ERROR', searchMessages.missing),
            refusal('VALIDATION_ERROR', searchMessages.invalidGuests),
            refusal('VALIDATION_ERROR', searchMessages.repeated('guests')),
            refusal('VALIDATION_ERROR', searchMessages.unknownAmenity('sauna')),
            refusal('VALIDATION_ERROR', inputMessages.controlCharacters('destino')),
            refusal('INVALID_DATE', searchMessages.invalidCheckIn),
            refusal('INVALID_DATE', quoteMessages.pastArrival),
            refusal('INVALID_DATE', quoteMessages.checkInTimePassed),
            refusal('INVALID_DATE_RANGE', quoteMessages.dateOrder),
            refusal('INVALID_DATE_RANGE', quoteMessages.stayTooLong),
            refusal('SERVICE_UNAVAILABLE', searchMessages.unavailable),
          ]),
        },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request, reply) => {
      return reply.type('application/json; charset=utf-8').send(await searchResponse(app, request.query))
    },
  )
}
