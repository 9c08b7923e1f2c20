import {
  BlockNightsBodySchema,
  BlockResponseSchema,
  CalendarBlockParamsSchema,
  calendarMessages,
  calendarNightPrices,
  checkNightsChange,
  HostCalendarQuerySchema,
  HostCalendarResponseSchema,
  NightPricesBodySchema,
  type NightRange,
  NightRangeBodySchema,
  NightsChangedResponseSchema,
} from '@cabanas/domain/calendar'
import { hostMessages } from '@cabanas/domain/hosts'
import { listingApiMessages } from '@cabanas/domain/listings'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type DocumentedError, errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import {
  clearNightPrices,
  deleteBlock,
  insertBlock,
  readCabinCalendar,
  setNightPrices,
  unblockNights,
} from './calendar.queries.ts'
import { hostCabinOf } from './calendar-access.ts'

/** Calendar changes per host, shared by every process: a busy afternoon of blocking stays far below. */
const WRITES_PER_MINUTE = 60
const { tooManyChanges } = listingApiMessages

const ListingParamsSchema = z.object({ id: z.string().max(100, calendarMessages.listingNotFound) })

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notFound = refusal('NOT_FOUND', calendarMessages.listingNotFound)
const notPublished = refusal('CONFLICT', calendarMessages.notPublished)
const tooMany = refusal('RATE_LIMITED', tooManyChanges)
const past = refusal('INVALID_DATE', calendarMessages.past)
const tooFar = refusal('INVALID_DATE', calendarMessages.tooFar)
const guarded = [unauthorized, notHost, notFound, notPublished]
/** What a change to a range of nights may answer besides its success: `invalid` for a bad range first. */
const nightsChangeErrors = (invalid: DocumentedError) =>
  errorResponses([invalid, past, tooFar, ...guarded, tooMany])
/** The same, for a body or query that is just the range. */
const nightRangeErrors = nightsChangeErrors(
  invalidInput(NightRangeBodySchema, { startsOn: '2026-07-12', endsOn: '2026-07-10' }),
)

/**
 * The host's calendar of one of their published (or paused) cabins, by its listing's id: blocks with a
 * private note, the nights' own prices, and the reservations with the guest's first name. Another
 * host's listing answers 404, as every listing address does.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const cabinOf = (request: FastifyRequest, listingId: string) => hostCabinOf(app.db, request, listingId)
  const limit = (reply: FastifyReply, hostId: string) =>
    app.enforceLimits(
      reply,
      [{ key: `calendar-write:${hostId}`, limit: WRITES_PER_MINUTE, windowSeconds: 60 }],
      tooManyChanges,
    )
  /** A change to a range of nights: checked against today, counted as a write, then made and logged. */
  const changeNights = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { listingId, range }: { listingId: string; range: NightRange },
    change: (cabinId: string) => Promise<number>,
    done: string,
  ) => {
    const { hostId, cabinId } = await cabinOf(request, listingId)
    checkNightsChange(range, app.clock.today())
    await limit(reply, hostId)
    const nights = await change(cabinId)
    request.log.info({ listingId, cabinId, nights }, done)
    return { nights }
  }

  app.get(
    '/api/hosts/me/listings/:id/calendar',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'El calendario de una cabaña del anfitrión: precio de cada noche, bloqueos y reservaciones',
        params: ListingParamsSchema,
        querystring: HostCalendarQuerySchema,
        response: {
          200: HostCalendarResponseSchema,
          ...errorResponses([
            invalidInput(HostCalendarQuerySchema, { from: '2026-07-01', to: '2026-06-01' }),
            ...guarded,
          ]),
        },
      },
    },
    async (request) => {
      const { cabinId } = await cabinOf(request, request.params.id)
      const { from, to } = request.query
      const calendar = await readCabinCalendar(app.db, { cabinId, from, to })
      if (!calendar) throw new DomainError('NOT_FOUND', calendarMessages.listingNotFound)
      return {
        calendar: {
          listingId: request.params.id,
          cabinId,
          cabinName: calendar.name,
          from,
          to,
          today: app.clock.today(),
          rates: calendar.rates,
          nights: calendarNightPrices(
            { ...calendar.rates, seasons: calendar.seasons, nightRates: calendar.nightRates },
            from,
            to,
          ),
          blocks: calendar.blocks,
          reservations: calendar.reservations,
        },
      }
    },
  )

  app.post(
    '/api/hosts/me/listings/:id/calendar/blocks',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Bloquea noches (con una nota privada): los huéspedes ya no pueden reservarlas',
        params: ListingParamsSchema,
        body: BlockNightsBodySchema,
        response: {
          201: BlockResponseSchema,
          ...errorResponses([
            invalidInput(BlockNightsBodySchema, { startsOn: '2026-07-12', endsOn: '2026-07-10' }),
            past,
            tooFar,
            ...guarded,
            refusal('NOT_AVAILABLE', calendarMessages.overReservation),
            refusal('NOT_AVAILABLE', calendarMessages.overBlock),
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { hostId, cabinId } = await cabinOf(request, request.params.id)
      checkNightsChange(request.body, app.clock.today())
      await limit(reply, hostId)
      const block = await insertBlock(app.db, { cabinId, createdBy: hostId, body: request.body })
      request.log.info({ listingId: request.params.id, cabinId, blockId: block.id }, 'nights blocked')
      return reply.status(201).send({ block })
    },
  )

  app.delete(
    '/api/hosts/me/listings/:id/calendar/blocks/:blockId',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Quita un bloqueo: sus noches vuelven a estar disponibles',
        params: CalendarBlockParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses([
            ...guarded,
            refusal('NOT_FOUND', calendarMessages.blockNotFound),
            past,
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { hostId, cabinId } = await cabinOf(request, request.params.id)
      await limit(reply, hostId)
      const { blockId } = request.params
      const outcome = await deleteBlock(app.db, { cabinId, blockId, today: app.clock.today() })
      if (outcome === 'not-found') throw new DomainError('NOT_FOUND', calendarMessages.blockNotFound)
      if (outcome === 'past') throw new DomainError('INVALID_DATE', calendarMessages.past)
      request.log.info({ listingId: request.params.id, cabinId, blockId }, 'block removed')
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/hosts/me/listings/:id/calendar/unblock',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Desbloquea noches: los bloqueos que las cubren se recortan o se parten',
        params: ListingParamsSchema,
        body: NightRangeBodySchema,
        response: {
          200: NightsChangedResponseSchema,
          ...nightRangeErrors,
        },
      },
    },
    async (request, reply) =>
      changeNights(
        request,
        reply,
        { listingId: request.params.id, range: request.body },
        (cabinId) => unblockNights(app.db, { cabinId, range: request.body }),
        'nights unblocked',
      ),
  )

  app.put(
    '/api/hosts/me/listings/:id/calendar/night-prices',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Pone un precio propio a cada noche del rango (gana sobre temporadas y tarifas)',
        params: ListingParamsSchema,
        body: NightPricesBodySchema,
        response: {
          200: NightsChangedResponseSchema,
          ...nightsChangeErrors(
            invalidInput(NightPricesBodySchema, {
              startsOn: '2026-07-10',
              endsOn: '2026-07-12',
              nightlyRate: 0,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { nightlyRate, ...range } = request.body
      return changeNights(
        request,
        reply,
        { listingId: request.params.id, range },
        (cabinId) => setNightPrices(app.db, { cabinId, range, nightlyRate }),
        'night prices set',
      )
    },
  )

  app.delete(
    '/api/hosts/me/listings/:id/calendar/night-prices',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Quita el precio propio de las noches del rango: vuelven sus tarifas de siempre',
        params: ListingParamsSchema,
        querystring: NightRangeBodySchema,
        response: {
          200: NightsChangedResponseSchema,
          ...nightRangeErrors,
        },
      },
    },
    async (request, reply) =>
      changeNights(
        request,
        reply,
        { listingId: request.params.id, range: request.query },
        (cabinId) => clearNightPrices(app.db, { cabinId, range: request.query }),
        'night prices cleared',
      ),
  )
}
