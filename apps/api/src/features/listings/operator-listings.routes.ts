import { hostMessages } from '@cabanas/domain/hosts'
import {
  LISTING_API,
  ListingIdParamsSchema,
  listingApiMessages,
  OperatorListingResponseSchema,
  OperatorListingsQuerySchema,
  OperatorListingsResponseSchema,
  ReturnListingBodySchema,
} from '@cabanas/domain/listings'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import {
  findListingWithHost,
  type ListingActor,
  type ListingRow,
  listListingsForOperator,
} from './listings.queries.ts'
import { toHostListing, toListingSummary } from './listings.serialize.ts'
import { approveListing, returnListing, setListingPaused } from './listings.service.ts'

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notOperator = refusal('FORBIDDEN', hostMessages.notOperator)
const notFound = refusal('NOT_FOUND', listingApiMessages.notFound)
const badId = invalidInput(ListingIdParamsSchema, { id: 'x'.repeat(101) })
const notSubmitted = refusal('CONFLICT', listingApiMessages.notSubmitted)

/** The operator console's side of the listing contract: the queue, approve, return, pause. */
export const operatorListingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorOf = (request: Parameters<typeof requireSession>[0]): ListingActor => ({
    clientId: requireSession(request).clientId,
    role: 'operator',
  })
  /** The listing as the console reads it after a change: with its host's display name. */
  const answer = async (row: ListingRow) => {
    const found = await findListingWithHost(app.db, row.id)
    return { listing: { ...toHostListing(row), host: { displayName: found?.hostDisplayName ?? '' } } }
  }

  app.get(
    LISTING_API.operatorList,
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola: anuncios en revisión (el más antiguo primero), publicados, pausados o todos',
        querystring: OperatorListingsQuerySchema,
        response: {
          200: OperatorListingsResponseSchema,
          ...errorResponses([
            invalidInput(OperatorListingsQuerySchema, { status: 'borrados' }),
            unauthorized,
            notOperator,
          ]),
        },
      },
    },
    async (request) => {
      const rows = await listListingsForOperator(app.db, request.query.status)
      return {
        listings: rows.map((row) => ({
          ...toListingSummary(row),
          host: { displayName: row.hostDisplayName },
        })),
      }
    },
  )

  app.get(
    '/api/operator/listings/:id',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola: un anuncio, con su revisión y el nombre de su anfitrión',
        params: ListingIdParamsSchema,
        response: {
          200: OperatorListingResponseSchema,
          ...errorResponses([badId, unauthorized, notOperator, notFound]),
        },
      },
    },
    async (request) => {
      const row = await findListingWithHost(app.db, request.params.id)
      if (!row) throw new DomainError('NOT_FOUND', listingApiMessages.notFound)
      return { listing: { ...toHostListing(row), host: { displayName: row.hostDisplayName } } }
    },
  )

  app.post(
    '/api/operator/listings/:id/approve',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Aprueba un anuncio en revisión: la cabaña queda publicada y se avisa al anfitrión',
        params: ListingIdParamsSchema,
        response: {
          200: OperatorListingResponseSchema,
          ...errorResponses([badId, unauthorized, notOperator, notFound, notSubmitted]),
        },
      },
    },
    async (request) => {
      const row = await approveListing(app.db, { id: request.params.id, actor: operatorOf(request) })
      request.log.info({ listingId: row.id, cabinId: row.cabinId }, 'listing approved')
      return answer(row)
    },
  )

  app.post(
    '/api/operator/listings/:id/return',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Devuelve un anuncio en revisión al anfitrión, con el motivo (se le envía por correo)',
        params: ListingIdParamsSchema,
        body: ReturnListingBodySchema,
        response: {
          200: OperatorListingResponseSchema,
          ...errorResponses([
            invalidInput(ReturnListingBodySchema, { reason: 'corto' }),
            unauthorized,
            notOperator,
            notFound,
            notSubmitted,
          ]),
        },
      },
    },
    async (request) => {
      const row = await returnListing(app.db, {
        id: request.params.id,
        reason: request.body.reason,
        actor: operatorOf(request),
      })
      request.log.info({ listingId: row.id }, 'listing returned')
      return answer(row)
    },
  )

  for (const paused of [true, false]) {
    app.post(
      `/api/operator/listings/:id/${paused ? 'pause' : 'unpause'}`,
      {
        preHandler: app.requireOperator,
        schema: {
          summary: paused
            ? 'Consola: pausa un anuncio publicado (la cabaña deja de mostrarse)'
            : 'Consola: vuelve a publicar un anuncio pausado',
          params: ListingIdParamsSchema,
          response: {
            200: OperatorListingResponseSchema,
            ...errorResponses([
              badId,
              unauthorized,
              notOperator,
              notFound,
              refusal('CONFLICT', paused ? listingApiMessages.notPublished : listingApiMessages.notPaused),
            ]),
          },
        },
      },
      async (request) => {
        const row = await setListingPaused(app.db, {
          id: request.params.id,
          hostId: null,
          paused,
          actor: operatorOf(request),
        })
        request.log.info(
          { listingId: row.id, cabinId: row.cabinId },
          paused ? 'listing paused by an operator' : 'listing unpaused by an operator',
        )
        return answer(row)
      },
    )
  }
}
