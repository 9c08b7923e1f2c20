import { BookingRequestResponseSchema, BookingRequestSchema } from '@cabanas/domain/bookings'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { OPTIONAL_SESSION } from '../../plugins/openapi.ts'
import type { LimitRule } from '../../plugins/rate-limits.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { takeRecipientBudget } from '../mail/recipient-caps.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { findVerifiedClientIdByEmail } from '../reservations/ownership.queries.ts'
import { insertBookingRequest } from './bookings.queries.ts'

/** Requests to book per client IP, shared by every API process: each one lands in the host's inbox. */
function bookingRequestLimits(ip: string): LimitRule[] {
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
}
