import { publicPaths } from '@cabanas/contracts/routes'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import {
  afterGuestCancellation,
  buildStayCalendar,
  type CancellationTerms,
  calendarAddressOf,
  cancelledPartRefundMessage,
  ReservationCancelResponseSchema,
  ReservationDetailsResponseSchema,
  ReservationUpdateSchema,
  reservationMessages,
  type StayCalendarEvent,
  stayCalendarContentType,
  stayCalendarFileName,
  stayCalendarMethod,
} from '@cabanas/domain/reservations'
import { type Centavos, DomainError, messages, requireValue, z } from '@cabanas/domain/shared'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { RESERVATION_ACCESS } from '../../plugins/openapi.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import {
  cancellationTermsOf,
  findReservationForAccess,
  hashAccessToken,
  type ReservationAccess,
  toReservationDetails,
  updateReservationContact,
} from './reservation-access.queries.ts'
import { transitionReservation } from './reservations.queries.ts'
import { tripLinkRoutes } from './trip-link.routes.ts'

/**
 * What a guest's cancellation needs of payments, handed in by app.ts (payments/refunds.ts). Not an
 * import: payments reads this feature's queries (a charge writes the reservation row), so importing
 * it back would close a loop between the two features (docs/decisions.md).
 */
export type CancellationRefunds = {
  /** Queues the refund in the cancellation's transaction, for the outbox to retry. */
  schedule: (tx: Database, reservationId: string, amount: Centavos) => Promise<unknown>
  /** Refunds now; 'refunded' once the provider has. Throws when it did not: the outbox retries. */
  refundNow: (
    log: FastifyBaseLogger,
    reservationId: string,
    amount: Centavos,
  ) => Promise<'refunded' | 'nothing-to-refund'>
}

export type ReservationsRoutesOptions = { refunds: CancellationRefunds }

/** The secret of the guest's link (`X-Reservation-Token`), when the request carries one that could be. */
function linkTokenOf(request: FastifyRequest): string | null {
  const token = request.headers['x-reservation-token']
  return typeof token === 'string' && token.length >= 16 ? token : null
}

/**
 * Who may open a reservation: the guest holding the secret given at checkout
 * (`X-Reservation-Token`), or the signed-in client who booked it.
 */
function accessOf(request: FastifyRequest): ReservationAccess {
  const token = linkTokenOf(request)
  return { tokenHash: token ? hashAccessToken(token) : null, clientId: request.clientId ?? null }
}

/**
 * The guest's reservation (the trip page): read it, its calendar file, change the contact details,
 * cancel; and a new link to it (trip-link.routes.ts). Under /api/bookings/:id, where they always were.
 */
export const reservationsRoutes: FastifyPluginAsyncZod<ReservationsRoutesOptions> = async (
  app,
  { refunds },
) => {
  const byId = {
    params: CabinIdParamsSchema,
    security: RESERVATION_ACCESS,
  }
  const notFound = [
    invalidInput(CabinIdParamsSchema, { id: 'x'.repeat(101) }),
    refusal('RESERVATION_NOT_FOUND', messages.reservationNotFound),
  ]

  /** The trip page's reservation, for its owner or the holder of its secret; anyone else: 404. */
  app.get(
    '/api/bookings/:id',
    {
      schema: {
        ...byId,
        summary: 'Una reserva (página del viaje), para quien la hizo o tiene su secreto',
        response: { 200: ReservationDetailsResponseSchema, ...errorResponses(notFound) },
      },
    },
    async (request) => {
      const row = await findReservationForAccess(app.db, request.params.id, accessOf(request))
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
      return { success: true as const, data: toReservationDetails(row, app.clock.now()) }
    },
  )

  /**
   * 'Agregar al calendario': the stay as an .ics file, under the same access rules. Its link to the
   * trip page carries no secret (calendars get shared and synced).
   */
  const calendarSchema = {
    ...byId,
    summary: "'Agregar al calendario': la estancia como archivo .ics",
    response: {
      200: { description: 'El archivo iCalendar', content: { 'text/calendar': { schema: z.string() } } },
      ...errorResponses(notFound),
    },
  }
  app.get('/api/bookings/:id/calendar.ics', { schema: calendarSchema }, async (request, reply) => {
    const row = await findReservationForAccess(app.db, request.params.id, accessOf(request))
    if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
    // A file to import (METHOD:PUBLISH), from the same organizer as the mails' REQUEST/CANCEL pair.
    const event: StayCalendarEvent = {
      reservationId: row.id,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      cabinName: row.cabinName,
      location: `${row.population}, ${row.state}`,
      latitude: row.latitude,
      longitude: row.longitude,
      tripUrl: new URL(publicPaths.trip(row.id), app.config.publicUrl).href,
      stamp: app.clock.now(),
      status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
      organizer: calendarAddressOf(app.config.mailFrom),
    }
    return reply
      .type(stayCalendarContentType(stayCalendarMethod(event)))
      .header('content-disposition', `attachment; filename="${stayCalendarFileName(row.id)}"`)
      .header('cache-control', 'no-store')
      .send(buildStayCalendar(event))
  })

  /** The guest's contact details only: dates, guests and price are fixed once paid. */
  app.put(
    '/api/bookings/:id',
    {
      schema: {
        ...byId,
        summary: 'Cambia los datos de contacto del huésped (fechas, huéspedes y precio quedan fijos)',
        body: ReservationUpdateSchema,
        response: {
          200: ReservationDetailsResponseSchema,
          ...errorResponses([
            invalidInput(ReservationUpdateSchema, { phone: '12345' }),
            refusal('VALIDATION_ERROR', reservationMessages.notChangeable),
            ...notFound,
          ]),
        },
      },
    },
    async (request) => {
      const access = accessOf(request)
      const row = await findReservationForAccess(app.db, request.params.id, access)
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
      if (row.status !== 'active' && row.status !== 'pending') {
        throw new DomainError('VALIDATION_ERROR', reservationMessages.notChangeable)
      }
      const { email, phone, specialRequests } = request.body
      await updateReservationContact(app.db, row.id, {
        ...(email ? { guestEmail: email.toLowerCase() } : {}),
        ...(phone ? { guestPhone: phone } : {}),
        ...(specialRequests !== undefined ? { specialRequests } : {}),
      })
      const updated = await findReservationForAccess(app.db, row.id, access)
      return {
        success: true as const,
        data: toReservationDetails(requireValue(updated, 'the reservation just changed'), app.clock.now()),
      }
    },
  )

  /**
   * Cancels a confirmed stay that has not started: its nights are free at once, and the 'reserva
   * cancelada' mail and the refund (if any) are written in the same transaction. The money follows
   * `cancellationTerms` at this instant: before the policy's deadline everything paid comes back,
   * after it the policy's share (none for 'free' and 'non_refundable'). From check-in day at 15:00
   * (Mexico City) the guest cannot cancel here: the answer says whom to write to. The refund is made
   * here when the provider answers, else from the outbox, always for the amount decided now.
   * POST because it is an action with consequences, not a deletion.
   */
  app.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        ...byId,
        summary:
          'Cancela una reserva confirmada antes de que empiece; la política de la cabaña decide el reembolso',
        response: {
          200: ReservationCancelResponseSchema,
          ...errorResponses([
            refusal('VALIDATION_ERROR', reservationMessages.paymentBeingVerified),
            refusal('VALIDATION_ERROR', reservationMessages.stayStarted),
            refusal('VALIDATION_ERROR', reservationMessages.notCancellable),
            ...notFound,
          ]),
        },
      },
    },
    async (request) => {
      const access = accessOf(request)
      const row = await findReservationForAccess(app.db, request.params.id, access)
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
      if (row.status === 'pending') {
        throw new DomainError('VALIDATION_ERROR', reservationMessages.paymentBeingVerified)
      }
      const terms = cancellationTermsOf(row, app.clock.now())
      if (row.status === 'active' && terms.phase === 'started') {
        throw new DomainError('VALIDATION_ERROR', reservationMessages.stayStarted)
      }
      const next = afterGuestCancellation(row)
      const refund = terms.refund
      // A guest who cancels with the link's secret gets it back in the mail's 'Ver la reserva' (sealed
      // while the mail waits); a cancellation by the signed-in owner alone has none to give.
      const accessToken = row.opensWithLink ? (linkTokenOf(request) ?? undefined) : undefined
      const cancelled =
        next &&
        (await transitionReservation(app.db, row.id, row, next, {}, async (tx) => {
          await enqueueMail(tx, {
            template: 'reservation-cancelled',
            reservationId: row.id,
            refund,
            ...(accessToken ? { accessToken } : {}),
          })
          if (refund > 0) await refunds.schedule(tx, row.id, refund)
        }))
      if (!cancelled) throw new DomainError('VALIDATION_ERROR', reservationMessages.notCancellable)
      request.log.info(
        { reservationId: row.id, phase: terms.phase, refund },
        'reservation cancelled by guest',
      )

      const message = await refundNow(request, row.id, terms, row.totalPrice)
      const updated = await findReservationForAccess(app.db, row.id, access)
      return {
        success: true as const,
        message,
        data: toReservationDetails(requireValue(updated, 'the reservation just cancelled'), app.clock.now()),
      }
    },
  )

  await app.register(tripLinkRoutes)

  /** Refunds at once what the cancellation decided, and says in Spanish what happened to the money. */
  async function refundNow(
    request: FastifyRequest,
    reservationId: string,
    { refund, deadline, phase }: CancellationTerms,
    paid: number,
  ): Promise<string> {
    if (refund <= 0) {
      // A policy with a free window, cancelled after it; else non-refundable.
      return deadline && phase === 'penalty'
        ? reservationMessages.cancelledAfterDeadline
        : reservationMessages.cancelled
    }
    let done = false
    try {
      const result = await refunds.refundNow(request.log, reservationId, refund)
      done = result === 'refunded'
    } catch (error) {
      request.log.warn({ reservationId, err: error }, 'refund failed; the outbox retries it')
    }
    if (refund < paid) return cancelledPartRefundMessage(refund, done)
    return done ? reservationMessages.cancelledRefunded : reservationMessages.cancelledRefundPending
  }
}
