import { parseSearchQuery, type RawSearchQuery, SEARCH_RESULT_LIMIT } from '@cabanas/domain/search'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { renderSearchResponse } from './search-index.ts'

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The hottest path of the product. The query string (always strings or lists of strings) is parsed
  // by the domain's parseSearchQuery, which owns every rule and Spanish message; the response
  // (SearchResponseSchema) is rendered from pre-serialized cards, and the tests parse it with the schema.
  app.get<{ Querystring: RawSearchQuery }>('/cotizar/search', async (request, reply) => {
    const query = parseSearchQuery(request.query, { today: app.clock.today() })
    await app.searchIndex.ensureFresh()
    const hits = app.searchIndex.index.search(query, SEARCH_RESULT_LIMIT)
    return reply.type('application/json; charset=utf-8').send(renderSearchResponse(hits, query.nights))
  })
}
