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
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { findCabin, listCabins } from './catalog.queries.ts'
import { destinationPageResponse, destinationsResponse } from './catalog.responses.ts'
import { toCabinResponse } from './catalog.serialize.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/habitaciones',
    {
      schema: {
        summary: 'Lista de cabañas, por páginas',
        querystring: CabinListQuerySchema,
        response: {
          200: CabinListSchema,
          ...errorResponses([invalidInput(CabinListQuerySchema, { limit: 'abc' })]),
        },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query
      const { rows, total } = await listCabins(app.db, { limit, offset })
      reply.header('cache-control', 'public, max-age=60')
      return { habitaciones: rows.map(toCabinResponse), total, limit, offset }
    },
  )

  app.get(
    '/habitaciones/:id',
    {
      schema: {
        summary: 'Una cabaña',
        params: CabinIdParamsSchema,
        response: {
          200: CabinSchema,
          ...errorResponses([
            invalidInput(CabinIdParamsSchema, { id: 'x'.repeat(101) }),
            refusal('CABIN_NOT_FOUND', messages.cabinNotFound),
          ]),
        },
      },
    },
    async (request) => {
      const row = await findCabin(app.db, request.params.id)
      if (!row) throw new DomainError('CABIN_NOT_FOUND', messages.cabinNotFound)
      return toCabinResponse(row)
    },
  )

  /** The home page in one small request: destinations by size, each with its carousel. */
  app.get(
    '/api/destinations',
    {
      schema: {
        summary: 'Destinos, con sus cabañas destacadas',
        response: { 200: DestinationsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return destinationsResponse(app.db)
    },
  )

  /** A destination's landing page (/destinos/{slug}): the destination, its cabins and its neighbours. */
  app.get(
    '/api/destinations/:slug',
    {
      schema: {
        summary: 'Un destino: sus cabañas y destinos cercanos',
        params: DestinationSlugParamsSchema,
        response: {
          200: DestinationPageSchema,
          ...errorResponses([
            invalidInput(DestinationSlugParamsSchema, { slug: 'Tapalpa, Jalisco' }),
            refusal('NOT_FOUND', messages.destinationNotFound),
          ]),
        },
      },
    },
    async (request, reply) => {
      const page = await destinationPageResponse(app.db, request.params.slug)
      if (!page) throw new DomainError('NOT_FOUND', messages.destinationNotFound)
      reply.header('cache-control', 'public, max-age=60')
      return page
    },
  )
}
