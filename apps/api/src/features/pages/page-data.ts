import { isDestinationSlug, type PageData } from '@cabanas/domain/pages'
import type { FastifyInstance } from 'fastify'
import { cabinResponse, destinationPageResponse, destinationsResponse } from '../catalog/catalog.responses.ts'
import { searchResponse } from '../search/search.routes.ts'

/**
 * The data of the server-rendered pages: the same functions the JSON routes answer with, called
 * in-process (never an HTTP request to ourselves).
 */
export function pageData(app: FastifyInstance): PageData {
  return {
    cabin: (id) => cabinResponse(app.db, id),
    destinations: () => destinationsResponse(app.db),
    destination: async (slug) => (isDestinationSlug(slug) ? destinationPageResponse(app.db, slug) : null),
    search: async (params) => JSON.parse((await searchResponse(app, params)).toString('utf8')),
  }
}
