import {
  CabinIdParamsSchema,
  CabinListQuerySchema,
  CabinListSchema,
  CabinSchema,
  DestinationPageSchema,
  DestinationSlugParamsSchema,
  DestinationsResponseSchema,
} from '@cabanas/domain/catalog'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findCabin, listCabins } from './catalog.queries.ts'
import { destinationPageResponse, destinationsResponse } from './catalog.responses.ts'
import { toCabinResponse } from './catalog.serialize.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/habitaciones',
    { schema: { querystring: CabinListQuerySchema, response: { 200: CabinListSchema } } },
    async (request, reply) => {
      const { limit, offset } = request.query
      const { rows, total } = await listCabins(app.db, { limit, offset })
      reply.header('cache-control', 'public, max-age=60')
      return { habitaciones: rows.map(toCabinResponse), total, limit, offset }
    },
  )

  app.get(
    '/habitaciones/:id',
    { schema: { params: CabinIdParamsSchema, response: { 200: CabinSchema } } },
    async (request) => {
      const row = await findCabin(app.db, request.params.id)
      if (!row) throw new DomainError('CABIN_NOT_FOUND', messages.cabinNotFound)
      return toCabinResponse(row)
    },
  )

  /** The home page in one small request: destinations by size, each with its carousel. */
  app.get(
    '/api/destinations',
    { schema: { response: { 200: DestinationsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return destinationsResponse(app.db)
    },
  )

  /** A destination's landing page (/destinos/{slug}): the destination, its cabins and its neighbours. */
  app.get(
    '/api/destinations/:slug',
    { schema: { params: DestinationSlugParamsSchema, response: { 200: DestinationPageSchema } } },
    async (request, reply) => {
      const page = await destinationPageResponse(app.db, request.params.slug)
      if (!page) throw new DomainError('NOT_FOUND', messages.destinationNotFound)
      reply.header('cache-control', 'public, max-age=60')
      return page
    },
  )
}
