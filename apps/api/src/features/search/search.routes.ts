import { parseSearchQuery, type RawSearchQuery, SEARCH_RESULT_LIMIT } from '@cabanas/domain/search'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { renderSearchResponse } from './search-index.ts'

/**
 * The body of GET /cotizar/search (JSON bytes) for a raw query string; throws the domain's 400 for an
 * invalid one. The server-rendered results page (features/pages) answers from the same function.
 */
export async function searchResponse(app: FastifyInstance, raw: RawSearchQuery): Promise<Buffer> {
  const query = parseSearchQuery(raw, { today: app.clock.today() })
  await app.searchIndex.ensureFresh()
  const hits = app.searchIndex.index.search(query, SEARCH_RESULT_LIMIT)
  return renderSearchResponse(hits, query.nights)
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The hottest path of the product. The query string (always strings or lists of strings) is parsed
  // by the domain's parseSearchQuery, which owns every rule and Spanish message; the response
  // (SearchResponseSchema) is rendered from pre-serialized cards, and the tests parse it with the schema.
  app.get<{ Querystring: RawSearchQuery }>('/cotizar/search', async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await searchResponse(app, request.query))
  })
}
