import { hostMessages } from '@cabanas/domain/hosts'
import {
  LISTING_API,
  ListingIdParamsSchema,
  ListingResponseSchema,
  ListingStepParamsSchema,
  ListingsResponseSchema,
  listingApiMessages,
  SaveListingStepBodySchema,
} from '@cabanas/domain/listings'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import type { PhotoStorage } from '../photos/photo-storage.ts'
import {
  deleteDraftListing,
  findListingForHost,
  insertListing,
  type ListingActor,
  listListingsForHost,
} from './listings.queries.ts'
import { toHostListing, toListingSummary } from './listings.serialize.ts'
import {
  checkPhotoOwnership,
  parseStepValue,
  saveListingStep,
  setListingPaused,
  submitListing,
} from './listings.service.ts'

/**
 * Per client: autosaves (the editor saves a step after each pause in typing), and the rarer writes
 * (new drafts, submissions, pauses, deletions). Shared by every process (plugins/rate-limits.ts).
 */
const SAVES_PER_MINUTE = 120
const WRITES_PER_HOUR = 30

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notFound = refusal('NOT_FOUND', listingApiMessages.notFound)
const tooMany = refusal('RATE_LIMITED', listingApiMessages.tooManyChanges)
const badId = invalidInput(ListingIdParamsSchema, { id: 'x'.repeat(101) })
const stale = refusal('CONFLICT', listingApiMessages.staleVersion)
const notEditable = refusal('CONFLICT', listingApiMessages.notEditable)

export type ListingsRoutesOptions = { storage: PhotoStorage }

/** The host's side of the listing contract (@cabanas/domain/listings, LISTING_API). */
export const listingsRoutes: FastifyPluginAsyncZod<ListingsRoutesOptions> = async (app, { storage }) => {
  const hostOf = (request: Parameters<typeof requireSession>[0]): ListingActor => ({
    clientId: requireSession(request).clientId,
    role: 'host',
  })
  const limit = (reply: FastifyReply, clientId: string, kind: 'save' | 'write') =>
    app.enforceLimits(
      reply,
      kind === 'save'
        ? [{ key: `listing-save:${clientId}`, limit: SAVES_PER_MINUTE, windowSeconds: 60 }]
        : [{ key: `listing-write:${clientId}`, limit: WRITES_PER_HOUR, windowSeconds: 3600 }],
      listingApiMessages.tooManyChanges,
    )
  const findOwn = async (id: string, clientId: string) => {
    const row = await findListingForHost(app.db, { id, hostId: clientId })
    if (!row) throw new DomainError('NOT_FOUND', listingApiMessages.notFound)
    return row
  }

  app.get(
    LISTING_API.mine,
    {
      preHandler: app.requireHost,
      schema: {
        summary: "'Mis cabañas': los anuncios del anfitrión, el más reciente primero",
        response: { 200: ListingsResponseSchema, ...errorResponses([unauthorized, notHost]) },
      },
    },
    async (request) => {
      const rows = await listListingsForHost(app.db, hostOf(request).clientId)
      return { listings: rows.map(toListingSummary) }
    },
  )

  app.post(
    LISTING_API.mine,
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Un anuncio nuevo, vacío (borrador)',
        response: { 201: ListingResponseSchema, ...errorResponses([unauthorized, notHost, tooMany]) },
      },
    },
    async (request, reply) => {
      const host = hostOf(request)
      await limit(reply, host.clientId, 'write')
      const row = await insertListing(app.db, host.clientId)
      request.log.info({ listingId: row.id }, 'listing created')
      return reply.status(201).send({ listing: toHostListing(row) })
    },
  )

  app.get(
    '/api/hosts/me/listings/:id',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Un anuncio del anfitrión, con la revisión de cada paso',
        params: ListingIdParamsSchema,
        response: {
          200: ListingResponseSchema,
          ...errorResponses([badId, unauthorized, notHost, notFound]),
        },
      },
    },
    async (request) => ({
      listing: toHostListing(await findOwn(request.params.id, hostOf(request).clientId)),
    }),
  )

  app.delete(
    '/api/hosts/me/listings/:id',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Borra un borrador que nunca se envió a revisión',
        params: ListingIdParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses([
            badId,
            unauthorized,
            notHost,
            notFound,
            refusal('CONFLICT', listingApiMessages.onlyDrafts),
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const host = hostOf(request)
      await limit(reply, host.clientId, 'write')
      const outcome = await deleteDraftListing(app.db, { id: request.params.id, hostId: host.clientId })
      if (outcome === 'not-found') throw new DomainError('NOT_FOUND', listingApiMessages.notFound)
      if (outcome === 'not-draft') throw new DomainError('CONFLICT', listingApiMessages.onlyDrafts)
      request.log.info({ listingId: request.params.id }, 'listing draft deleted')
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/api/hosts/me/listings/:id/steps/:step',
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          'Autoguardado de un paso: su esquema de borrador lo revisa (el completo si el anuncio está publicado); la versión leída evita pisar otra ventana',
        params: ListingStepParamsSchema,
        body: SaveListingStepBodySchema,
        response: {
          200: ListingResponseSchema,
          ...errorResponses([
            invalidInput(ListingStepParamsSchema, { id: 'x', step: 'sauna' }),
            refusal('VALIDATION_ERROR', listingApiMessages.photoNotYours),
            unauthorized,
            notHost,
            notFound,
            stale,
            notEditable,
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const host = hostOf(request)
      const { id, step } = request.params
      await limit(reply, host.clientId, 'save')
      const listing = await findOwn(id, host.clientId)
      if (listing.status === 'submitted') throw new DomainError('CONFLICT', listingApiMessages.notEditable)
      if (listing.version !== request.body.version)
        throw new DomainError('CONFLICT', listingApiMessages.staleVersion)
      const value = parseStepValue(step, request.body.value, listing.status)
      if (step === 'photos') {
        await checkPhotoOwnership(storage, {
          hostId: host.clientId,
          value: value as Parameters<typeof checkPhotoOwnership>[1]['value'],
          stored: listing.draft,
        })
      }
      const row = await saveListingStep(app.db, {
        listing,
        step,
        value,
        version: request.body.version,
        actor: host,
      })
      if (row.cabinId) request.log.info({ listingId: row.id, step }, 'published listing edited')
      return { listing: toHostListing(row) }
    },
  )

  app.post(
    '/api/hosts/me/listings/:id/submit',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Envía el anuncio a revisión (borrador o devuelto → en revisión)',
        params: ListingIdParamsSchema,
        response: {
          200: ListingResponseSchema,
          ...errorResponses([
            {
              code: 'VALIDATION_ERROR',
              message: listingApiMessages.incomplete,
              details: [{ field: 'photos', message: 'Faltan las fotos' }],
            },
            unauthorized,
            notHost,
            notFound,
            notEditable,
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const host = hostOf(request)
      await limit(reply, host.clientId, 'write')
      const listing = await findOwn(request.params.id, host.clientId)
      const row = await submitListing(app.db, { listing, actor: host })
      request.log.info({ listingId: row.id }, 'listing submitted')
      return { listing: toHostListing(row) }
    },
  )

  for (const paused of [true, false]) {
    app.post(
      `/api/hosts/me/listings/:id/${paused ? 'pause' : 'unpause'}`,
      {
        preHandler: app.requireHost,
        schema: {
          summary: paused
            ? 'Pausa un anuncio publicado: los huéspedes dejan de encontrar la cabaña'
            : 'Vuelve a publicar un anuncio pausado',
          params: ListingIdParamsSchema,
          response: {
            200: ListingResponseSchema,
            ...errorResponses([
              badId,
              unauthorized,
              notHost,
              notFound,
              refusal('CONFLICT', paused ? listingApiMessages.notPublished : listingApiMessages.notPaused),
              tooMany,
            ]),
          },
        },
      },
      async (request, reply) => {
        const host = hostOf(request)
        await limit(reply, host.clientId, 'write')
        const row = await setListingPaused(app.db, {
          id: request.params.id,
          hostId: host.clientId,
          paused,
          actor: host,
        })
        request.log.info(
          { listingId: row.id, cabinId: row.cabinId },
          paused ? 'listing paused' : 'listing unpaused',
        )
        return { listing: toHostListing(row) }
      },
    )
  }
}
