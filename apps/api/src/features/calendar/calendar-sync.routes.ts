import {
  buildCabinExportCalendar,
  CALENDAR_SYNC_LIMITS,
  CalendarExportResponseSchema,
  CalendarFeedBodySchema,
  CalendarFeedParamsSchema,
  CalendarFeedResponseSchema,
  CalendarSyncResponseSchema,
  calendarMessages,
  calendarSyncMessages,
} from '@cabanas/domain/calendar'
import { hostMessages } from '@cabanas/domain/hosts'
import { listingApiMessages } from '@cabanas/domain/listings'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { hostCabinOf } from './calendar-access.ts'
import {
  findCabinByExportToken,
  listExportEvents,
  readExportToken,
  regenerateExportToken,
} from './calendar-export.queries.ts'
import { deleteFeed, insertFeed, listConflicts, listFeeds } from './calendar-import.queries.ts'

/** New export addresses and added calendars per host: a few a day is normal use. */
const SYNC_WRITES_PER_HOUR = 20
const { tooManyChanges } = listingApiMessages

/** The public path other platforms read; the token is the only secret. */
export const EXPORT_PATH_PREFIX = '/api/calendars'
const exportPath = (token: string) => `${EXPORT_PATH_PREFIX}/${token}.ics`

const ListingParamsSchema = z.object({ id: z.string().max(100, calendarMessages.listingNotFound) })
const ExportParamsSchema = z.object({ file: z.string().max(100, calendarSyncMessages.exportNotFound) })

const guarded = [
  refusal('UNAUTHORIZED', messages.unauthorized),
  refusal('FORBIDDEN', hostMessages.notHost),
  refusal('NOT_FOUND', calendarMessages.listingNotFound),
  refusal('CONFLICT', calendarMessages.notPublished),
]
const tooMany = refusal('RATE_LIMITED', tooManyChanges)

/**
 * Issue 22, point 5: the cabin's calendar in sync with other platforms. The host reads the secret export
 * address and the imported calendars (with their state and conflicts), makes a new address, adds and
 * removes calendars; anyone holding the address reads the cabin's taken nights as iCalendar.
 */
export const calendarSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const cabinOf = (request: FastifyRequest, listingId: string) => hostCabinOf(app.db, request, listingId)
  const limit = (reply: FastifyReply, hostId: string) =>
    app.enforceLimits(
      reply,
      [{ key: `calendar-sync-write:${hostId}`, limit: SYNC_WRITES_PER_HOUR, windowSeconds: 3600 }],
      tooManyChanges,
    )
  // Built from PUBLIC_URL, never from the request's Host.
  const exportUrl = (token: string) => `${app.config.publicUrl}${exportPath(token)}`

  app.get(
    '/api/hosts/me/listings/:id/calendar/sync',
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          'Sincronizar calendarios: la dirección de exportación, los calendarios importados y sus conflictos',
        params: ListingParamsSchema,
        response: { 200: CalendarSyncResponseSchema, ...errorResponses(guarded) },
      },
    },
    async (request) => {
      const { cabinId } = await cabinOf(request, request.params.id)
      const [token, feeds, conflicts] = await Promise.all([
        readExportToken(app.db, cabinId),
        listFeeds(app.db, cabinId),
        listConflicts(app.db, cabinId),
      ])
      return { exportUrl: exportUrl(token), feeds, conflicts }
    },
  )

  app.post(
    '/api/hosts/me/listings/:id/calendar/export',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Genera una nueva dirección de exportación: la anterior deja de funcionar',
        params: ListingParamsSchema,
        response: { 200: CalendarExportResponseSchema, ...errorResponses([...guarded, tooMany]) },
      },
    },
    async (request, reply) => {
      const { hostId, cabinId } = await cabinOf(request, request.params.id)
      await limit(reply, hostId)
      const token = await regenerateExportToken(app.db, cabinId)
      request.log.info({ listingId: request.params.id, cabinId }, 'calendar export address regenerated')
      return { exportUrl: exportUrl(token) }
    },
  )

  app.post(
    '/api/hosts/me/listings/:id/calendar/feeds',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Importa el calendario de la misma cabaña en otra plataforma (Airbnb, Booking.com)',
        params: ListingParamsSchema,
        body: CalendarFeedBodySchema,
        response: {
          201: CalendarFeedResponseSchema,
          ...errorResponses([
            invalidInput(CalendarFeedBodySchema, { name: '', url: 'webcal://x' }),
            ...guarded,
            refusal('CONFLICT', calendarSyncMessages.tooManyFeeds),
            refusal('CONFLICT', calendarSyncMessages.duplicateFeed),
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { hostId, cabinId } = await cabinOf(request, request.params.id)
      await limit(reply, hostId)
      const feed = await insertFeed(app.db, {
        cabinId,
        createdBy: hostId,
        body: request.body,
        max: CALENDAR_SYNC_LIMITS.feedsPerCabin,
      })
      if (feed === 'too-many') throw new DomainError('CONFLICT', calendarSyncMessages.tooManyFeeds)
      if (feed === 'duplicate') throw new DomainError('CONFLICT', calendarSyncMessages.duplicateFeed)
      request.log.info({ listingId: request.params.id, cabinId, feedId: feed.id }, 'calendar feed added')
      return reply.status(201).send({ feed })
    },
  )

  app.delete(
    '/api/hosts/me/listings/:id/calendar/feeds/:feedId',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Deja de importar un calendario: sus noches bloqueadas quedan libres',
        params: CalendarFeedParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses([...guarded, refusal('NOT_FOUND', calendarSyncMessages.feedNotFound)]),
        },
      },
    },
    async (request, reply) => {
      const { cabinId } = await cabinOf(request, request.params.id)
      const { feedId } = request.params
      if (!(await deleteFeed(app.db, { cabinId, feedId })))
        throw new DomainError('NOT_FOUND', calendarSyncMessages.feedNotFound)
      request.log.info({ listingId: request.params.id, cabinId, feedId }, 'calendar feed removed')
      return reply.status(204).send(null)
    },
  )

  app.get(
    `${EXPORT_PATH_PREFIX}/:file`,
    {
      schema: {
        summary:
          'El calendario iCal de una cabaña (noches ocupadas, sin datos de huéspedes), por su dirección secreta',
        params: ExportParamsSchema,
        response: {
          200: z.string(),
          ...errorResponses([refusal('NOT_FOUND', calendarSyncMessages.exportNotFound)]),
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '')
      const cabinId = await findCabinByExportToken(app.db, token)
      if (!cabinId) throw new DomainError('NOT_FOUND', calendarSyncMessages.exportNotFound)
      const events = await listExportEvents(app.db, cabinId, app.clock.today())
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(buildCabinExportCalendar({ cabinId, events, stamp: app.clock.now() }))
    },
  )
}
