import { quoteMessages } from '@cabanas/domain/quotes'
import {
  parseSearchQuery,
  type RawSearchQuery,
  SEARCH_RESULT_LIMIT,
  SearchParamsSchema,
  type SearchQuery,
  type SearchResponse,
  SearchResponseSchema,
  searchMessages,
} from '@cabanas/domain/search'
import { inputMessages } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, refusal } from '../../plugins/error-responses.ts'
import { fastResponseSerializer } from '../../plugins/fast-serializer.ts'
import { searchResponseOf } from './search-results.ts'

/**
 * GET /cotizar/search for a search already read (the route's query string, or the results page's
 * address in the server renderer): the response body, or the domain's refusal (a DomainError).
 */
export async function searchResponse(app: FastifyInstance, query: SearchQuery): Promise<SearchResponse> {
  await app.searchIndex.ensureFresh()
  return searchResponseOf(app.searchIndex.index.search(query, SEARCH_RESULT_LIMIT), query.nights)
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The hottest path of the product. The query string (always strings or lists of strings) is parsed
  // by the domain's parseSearchQuery, which owns every rule and Spanish message; the response is an
  // object serialized by fast-json-stringify from SearchResponseSchema (plugins/fast-serializer.ts).
  app.get<{ Querystring: RawSearchQuery; Reply: SearchResponse }>(
    '/cotizar/search',
    {
      // For the OpenAPI document only: the query is checked by parseSearchQuery (the validator below
      // passes it through).
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
      serializerCompiler: fastResponseSerializer,
    },
    async (request) =>
      searchResponse(
        app,
        parseSearchQuery(request.query, { today: app.clock.today(), now: app.clock.now() }),
      ),
  )
}
