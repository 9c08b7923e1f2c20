import { BookingRequestResponseSchema, BookingRequestSchema } from '@cabanas/domain/bookings'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
import {
  afterGuestCancellation,
  ReservationResponseSchema,
  ReservationUpdateSchema,
  reservationMessages,
} from '@cabanas/domain/reservations'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { LimitRule } from '../../plugins/rate-limits.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { insertBookingRequest } from './bookings.queries.ts'
import { hashAccessToken } from './bookings.service.ts'
import {
  findReservationForAccess,
  type ReservationAccess,
  toReservationView,
  updateReservationContact,
} from './reservation-access.queries.ts'
import { transitionReservation } from './reservations.queries.ts'

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
export function bookingRequestLimits(ip: string): LimitRule[] {
  const key = `booking-request:ip:${ip}`
  return [
    { key, limit: 5, windowSeconds: 10 * 60 },
    { key, limit: 20, windowSeconds: 24 * 60 * 60 },
  ]
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * 'Solicitar reserva': stores a request for the host. The stay must be quotable now (same rules and
   * price as a quote), but the request holds no night and charges nothing.
   */
  app.post(
    '/api/bookings',
    { schema: { body: BookingRequestSchema, response: { 201: BookingRequestResponseSchema } } },
    async (request, reply) => {
      await app.enforceLimits(reply, bookingRequestLimits(request.clientAddress))
      const { cabinId, checkIn, checkOut, guests, fullName, email, phone } = request.body
      const today = app.clock.today()
      checkStayDates({ checkIn, checkOut, today })
      const cabin = await findCabinForStay(app.db, cabinId, checkIn, checkOut)
      if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      const price = quoteStay({ cabin, checkIn, checkOut, guests, today, isBooked: !cabin.isFree })
      const row = await insertBookingRequest(app.db, {
        cabinId: cabin.id,
        checkIn,
        checkOut,
        guests,
        nights: price.nights,
        totalPrice: price.totalPrice,
        fullName,
        email: email.toLowerCase(),
        phone,
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

  const byId = { params: CabinIdParamsSchema }

  app.get(
    '/api/bookings/:id',
    { schema: { ...byId, response: { 200: ReservationResponseSchema } } },
    async (request) => {
      const row = await findReservationForAccess(app.db, request.params.id, accessOf(request))
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
      return { success: true as const, data: toReservationView(row) }
    },
  )

  /** The guest's contact details only: dates, guests and price are fixed once paid. */
  app.put(
    '/api/bookings/:id',
    { schema: { ...byId, body: ReservationUpdateSchema, response: { 200: ReservationResponseSchema } } },
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
      return { success: true as const, data: toReservationView(updated!) }
    },
  )

  /**
   * Cancels a reservation: its nights are released; the payment is kept, as every booking is
   * non-refundable (spec §9). POST because it is an action with consequences, not a deletion.
   */
  app.post('/api/bookings/:id/cancel', { schema: byId }, async (request) => {
    const access = accessOf(request)
    const row = await findReservationForAccess(app.db, request.params.id, access)
    if (!row) throw new DomainError('RESERVATION_NOT_FOUND', messages.reservationNotFound)
    const next = afterGuestCancellation(row)
    if (!next || !(await transitionReservation(app.db, row.id, row, next))) {
      throw new DomainError('VALIDATION_ERROR', reservationMessages.notCancellable)
    }
    request.log.info({ reservationId: row.id }, 'reservation cancelled by guest')
    const updated = await findReservationForAccess(app.db, row.id, access)
    return {
      success: true as const,
      message: reservationMessages.cancelled,
      data: toReservationView(updated!),
    }
  })
}
