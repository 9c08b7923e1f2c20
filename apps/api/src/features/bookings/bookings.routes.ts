import { BookingRequestResponseSchema, BookingRequestSchema } from '@cabanas/domain/bookings'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
import {
  afterGuestCancellation,
  buildStayCalendar,
  ICS_CONTENT_TYPE,
  isRefundedOnCancellation,
  ReservationCancelResponseSchema,
  ReservationDetailsResponseSchema,
  ReservationUpdateSchema,
  reservationMessages,
  stayCalendarFileName,
  tripPath,
} from '@cabanas/domain/reservations'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { OPTIONAL_SESSION, RESERVATION_ACCESS } from '../../plugins/openapi.ts'
import type { LimitRule } from '../../plugins/rate-limits.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { REFUND_OUTBOX_KIND, refundCancelledReservation, scheduleRefund } from '../payments/refunds.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { findVerifiedClientIdByEmail } from '../reservations/ownership.queries.ts'
import {
  findReservationForAccess,
  hashAccessToken,
  type ReservationAccess,
  toReservationDetails,
  updateReservationContact,
} from '../reservations/reservation-access.queries.ts'
import { transitionReservation } from '../reservations/reservations.queries.ts'
import { insertBookingRequest } from './bookings.queries.ts'

/**
 * Who may open a reservation: the guest holding the secret given at checkout
 * (`X-Reservation-Token`), or the signed-in client who booked it.
 */
function accessOf(request: FastifyRequest): ReservationAccess {
  const token = request.headers['x-reservation-token']
  return {
    tokenHash: typeof token === 'string' && token.length >= 16 ? hashAccessToken(token) : null,
    clientId: request.clientId ?? null,
  }
}

/** Requests to book per client IP, shared by every API process: each one lands in the host's inbox. */
function bookingRequestLimits(ip: string): LimitRule[] {
  const key = `booking-request:ip:${ip}`
  return [
    { key, limit: 5, windowSeconds: 10 * 60 },
    { key, limit: 20, windowSeconds: 24 * 60 * 60 },
  ]
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const paymentDeps = () => ({ db: app.db, gateway: app.paymentGateway, log: app.log })
  // A free cancellation's refund that its request could not complete is retried from the outbox.
  app.handleOutbox(REFUND_OUTBOX_KIND, async (payload) => {
    const reservationId = String(payload.reservationId)
    await refundCancelledReservation(paymentDeps(), reservationId)
    return { reservationId }
  })

  /**
   * 'Solicitar reserva': stores a request for the host. The stay must be quotable now (same rules and
   * price as a quote), but the request holds no night and charges nothing.
   */
  app.post(
    '/api/bookings',
    {
      schema: {
        summary: "'Solicitar reserva': una solicitud para el anfitrión; no aparta noches ni cobra",
        security: OPTIONAL_SESSION,
        body: BookingRequestSchema,
        response: {
          201: BookingRequestResponseSchema,
          ...errorResponses([
            invalidInput(BookingRequestSchema, {}),
            refusal('INVALID_DATE', quoteMessages.pastArrival),
            refusal('INVALID_DATE_RANGE', quoteMessages.dateOrder),
            refusal('CAPACITY_EXCEEDED', quoteMessages.CAPACITY_EXCEEDED),
            refusal('CAPACITY_INSUFFICIENT', quoteMessages.CAPACITY_INSUFFICIENT),
            refusal('NOCHES_MINIMAS', quoteMessages.NOCHES_MINIMAS),
            refusal('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND),
            refusal('NOT_AVAILABLE', quoteMessages.NOT_AVAILABLE),
          ]),
        },
      },
    },
    async (request, reply) => {
      await app.enforceLimits(reply, bookingRequestLimits(request.clientAddress))
      const { cabinId, checkIn, checkOut, guests, fullName, email, phone } = request.body
      const today = app.clock.today()
      checkStayDates({ checkIn, checkOut, today })
      const cabin = await findCabinForStay(app.db, cabinId, checkIn, checkOut)
      if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      const price = quoteStay({ cabin, checkIn, checkOut, guests, today, isBooked: !cabin.isFree })
      // The request and its 'solicitud recibida' mail are written together.
      const row = await app.db.transaction(async (tx) => {
        const stored = await insertBookingRequest(tx, {
          cabinId: cabin.id,
          checkIn,
          checkOut,
          guests,
          nights: price.nights,
          totalPrice: price.totalPrice,
          fullName,
          email: email.toLowerCase(),
          phone,
          // Signed in, or made with a verified account's address: the request joins that account.
          clientId: request.clientId ?? (await findVerifiedClientIdByEmail(tx, email)),
        })
        await enqueueMail(tx, { template: 'booking-request-received', bookingRequestId: stored.id })
        return stored
      })
      request.log.info({ bookingRequestId: row.id, cabinId: cabin.id }, 'booking request stored')
      return reply.status(201).send({
        success: true as const,
        data: {
          requestId: row.id,
          status: 'pending' as const,
          cabinId: cabin.id,
          cabinName: cabin.name,
          checkIn,
          checkOut,
          nights: price.nights,
          guests,
          totalPrice: price.totalPrice,
          fullName,
          email: email.toLowerCase(),
          phone,
          createdAt: row.createdAt.toISOString(),
        },
      })
    },
  )

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
      return { success: true as const, data: toReservationDetails(row) }
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
    const calendar = buildStayCalendar({
      reservationId: row.id,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      cabinName: row.cabinName,
      location: `${row.population}, ${row.state}`,
      latitude: row.latitude,
      longitude: row.longitude,
      tripUrl: new URL(tripPath(row.id), app.config.publicUrl).href,
      stamp: app.clock.now(),
      status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    })
    return reply
      .type(ICS_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${stayCalendarFileName(row.id)}"`)
      .header('cache-control', 'no-store')
      .send(calendar)
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
      return { success: true as const, data: toReservationDetails(updated!) }
    },
  )

  /**
   * Cancels a confirmed stay: its nights are free at once and the 'reserva cancelada' mail is written
   * in the same transaction. The cabin's policy decides the money: non-refundable (spec §9) keeps
   * the payment; free cancellation refunds it, here when the provider answers, else from the outbox.
   * POST because it is an action with consequences, not a deletion.
   */
  app.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        ...byId,
        summary: 'Cancela una reserva confirmada; la política de la cabaña decide el reembolso',
        response: {
          200: ReservationCancelResponseSchema,
          ...errorResponses([
            refusal('VALIDATION_ERROR', reservationMessages.paymentBeingVerified),
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
      const next = afterGuestCancellation(row)
      const refunds = isRefundedOnCancellation(row.cancellationPolicy, row)
      const cancelled =
        next &&
        (await transitionReservation(app.db, row.id, row, next, {}, async (tx) => {
          await enqueueMail(tx, { template: 'reservation-cancelled', reservationId: row.id })
          if (refunds) await scheduleRefund(tx, row.id)
        }))
      if (!cancelled) throw new DomainError('VALIDATION_ERROR', reservationMessages.notCancellable)
      request.log.info({ reservationId: row.id, refunds }, 'reservation cancelled by guest')

      let message: string = reservationMessages.cancelled
      if (refunds) {
        message = reservationMessages.cancelledRefundPending
        try {
          const result = await refundCancelledReservation({ ...paymentDeps(), log: request.log }, row.id)
          if (result === 'refunded') message = reservationMessages.cancelledRefunded
        } catch (error) {
          request.log.warn({ reservationId: row.id, err: error }, 'refund failed; the outbox retries it')
        }
      }
      const updated = await findReservationForAccess(app.db, row.id, access)
      return { success: true as const, message, data: toReservationDetails(updated!) }
    },
  )
}
