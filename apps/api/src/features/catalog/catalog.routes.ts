import {
  CAROUSEL_SIZE,
  CabinIdParamsSchema,
  CabinListQuerySchema,
  CabinListSchema,
  CabinSchema,
  DestinationsResponseSchema,
} from '@cabanas/domain/catalog'
import { listPricesFor } from '@cabanas/domain/quotes'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findCabin, listCabins, listCarouselCabins, listDestinations } from './catalog.queries.ts'
import { toCabinCard, toCabinResponse } from './catalog.serialize.ts'

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
      const [destinations, carouselRows] = await Promise.all([
        listDestinations(app.db),
        listCarouselCabins(app.db, CAROUSEL_SIZE),
      ])
      const placeOf = (d: { population: string; state: string }) => `${d.population}\u0000${d.state}`
      const cardsByPlace = new Map<string, ReturnType<typeof toCabinCard>[]>()
      for (const row of carouselRows) {
        const key = placeOf(row)
        cardsByPlace.set(key, [...(cardsByPlace.get(key) ?? []), toCabinCard(row)])
      }
      reply.header('cache-control', 'public, max-age=60')
      return {
        destinations: destinations.map((d) => ({
          population: d.population,
          state: d.state,
          count: d.count,
          fromPrice:
            d.minWeekdayRate === null
              ? null
              : listPricesFor({ weekdayRate: d.minWeekdayRate, weekendRate: d.minWeekdayRate })
                  .precioBaseFinal,
          latitude: d.latitude,
          longitude: d.longitude,
          cabins: cardsByPlace.get(placeOf(d)) ?? [],
        })),
      }
    },
  )
}
