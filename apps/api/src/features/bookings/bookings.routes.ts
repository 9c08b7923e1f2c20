import { publicPaths } from '@cabanas/contracts/routes'
import { BookingRequestResponseSchema, BookingRequestSchema } from '@cabanas/domain/bookings'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
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
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { OPTIONAL_SESSION, RESERVATION_ACCESS } from '../../plugins/openapi.ts'
import type { LimitRule } from '../../plugins/rate-limits.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { takeRecipientBudget } from '../mail/recipient-caps.ts'
import { REFUND_OUTBOX_KIND, refundCancelledReservation, scheduleRefund } from '../payments/refunds.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { findVerifiedClientIdByEmail } from '../reservations/ownership.queries.ts'
import {
  cancellationTermsOf,
  findReservationForAccess,
  hashAccessToken,
  type ReservationAccess,
  toReservationDetails,
  updateReservationContact,
} from '../reservations/reservation-access.queries.ts'
import { transitionReservation } from '../reservations/reservations.queries.ts'
import { insertBookingRequest } from './bookings.queries.ts'
import { tripLinkRoutes } from './trip-link.routes.ts'

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
  // A cancellation's refund that its request could not complete is retried from the outbox, for the
  // amount decided when the guest cancelled (rows queued before deadlines carry none: see refunds.ts).
  app.handleOutbox(REFUND_OUTBOX_KIND, async (payload) => {
    const reservationId = String(payload.reservationId)
    const amount = typeof payload.amount === 'number' ? payload.amount : undefined
    await refundCancelledReservation(paymentDeps(), reservationId, amount)
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
            refusal('INVALID_DATE', quoteMessages.checkInTimePassed),
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
      const now = app.clock.now()
      checkStayDates({ checkIn, checkOut, today, now })
      const cabin = await findCabinForStay(app.db, cabinId, checkIn, checkOut)
      if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      const price = quoteStay({ cabin, checkIn, checkOut, guests, today, now, isBooked: !cabin.isFree })
      // Any e-mail can be typed here: its 'solicitud recibida' mails are capped per recipient (silently).
      const mailed = await takeRecipientBudget(app.db, {
        mail: 'booking-request-received',
        email,
        address: request.clientAddress,
      })
      // Anyone can ask: the host's 'nueva solicitud' mails are capped per cabin (the request still waits
      // in the host's inbox).
      const hostMailed = await takeRecipientBudget(app.db, {
        mail: 'booking-request-host-new',
        cabinId: cabin.id,
        address: request.clientAddress,
      })
      // The request and its 'solicitud recibida' mail are written together.
      const row = await app.db.transaction(async (tx) => {
        const stored = await insertBookingRequest(tx, {
          cabinId: cabin.id,
          checkIn,
          checkOut,
          guests,
          nights: price.nights,
          totalPrice: price.totalPrice,
          serviceCommission: price.serviceCommission,
          // The request's clock (answer in 24 h) runs on the app's clock.
          createdAt: now,
          fullName,
          email: email.toLowerCase(),
          phone,
          // Signed in, or made with a verified account's address: the request joins that account.
          clientId: request.clientId ?? (await findVerifiedClientIdByEmail(tx, email)),
        })
        if (mailed)
          await enqueueMail(tx, { template: 'booking-request-received', bookingRequestId: stored.id })
        if (hostMailed)
          await enqueueMail(tx, {
            template: 'booking-request-update',
            bookingRequestId: stored.id,
            event: 'host-new',
          })
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
      return { success: true as const, data: toReservationDetails(updated!, app.clock.now()) }
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
          if (refund > 0) await scheduleRefund(tx, row.id, refund)
        }))
      if (!cancelled) throw new DomainError('VALIDATION_ERROR', reservationMessages.notCancellable)
      request.log.info(
        { reservationId: row.id, phase: terms.phase, refund },
        'reservation cancelled by guest',
      )

      const message = await refundNow(request, row.id, terms, row.totalPrice)
      const updated = await findReservationForAccess(app.db, row.id, access)
      return { success: true as const, message, data: toReservationDetails(updated!, app.clock.now()) }
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
      const result = await refundCancelledReservation(
        { ...paymentDeps(), log: request.log },
        reservationId,
        refund,
      )
      done = result === 'refunded'
    } catch (error) {
      request.log.warn({ reservationId, err: error }, 'refund failed; the outbox retries it')
    }
    if (refund < paid) return cancelledPartRefundMessage(refund, done)
    return done ? reservationMessages.cancelledRefunded : reservationMessages.cancelledRefundPending
  }
}
