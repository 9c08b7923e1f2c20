import {
  AvailabilityCheckRequestSchema,
  AvailabilityCheckResponseSchema,
  CabinCalendarResponseSchema,
  DateRangeQuerySchema,
  DateRangeResponseSchema,
} from '@cabanas/domain/availability'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import { checkStayDates, quoteMessages } from '@cabanas/domain/quotes'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { listCabinsFreeBetween } from './availability.queries.ts'
import { cabinCalendarResponse } from './availability.responses.ts'

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Is this cabin bookable for these dates? 200 either way; `errorType` says why not. */
  app.post(
    '/api/availability/check',
    {
      schema: {
        summary: '¿Está libre esta cabaña en estas fechas? (200 en ambos casos; errorType dice por qué no)',
        body: AvailabilityCheckRequestSchema,
        response: {
          200: AvailabilityCheckResponseSchema,
          ...errorResponses([
            invalidInput(AvailabilityCheckRequestSchema, {}),
            refusal('INVALID_DATE', quoteMessages.pastArrival),
            refusal('INVALID_DATE', quoteMessages.checkInTimePassed),
            refusal('INVALID_DATE', quoteMessages.tooFarAhead),
            refusal('INVALID_DATE_RANGE', quoteMessages.dateOrder),
            refusal('INVALID_DATE_RANGE', quoteMessages.stayTooLong),
            refusal('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND),
          ]),
        },
      },
    },
    async (request) => {
      const { cabinId, checkIn, checkOut } = request.body
      const nights = checkStayDates({ checkIn, checkOut, today: app.clock.today(), now: app.clock.now() })
      const cabin = await findCabinForStay(app.db, cabinId, checkIn, checkOut)
      if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      const base = { success: true as const, cabinId, checkIn, checkOut, nights }
      const restriction = cabin.restrictions[0]
      if (restriction)
        return { ...base, available: false, errorType: 'NOT_AVAILABLE', error: restriction.message }
      if (nights < cabin.minNights) {
        return { ...base, available: false, errorType: 'NOCHES_MINIMAS', error: quoteMessages.NOCHES_MINIMAS }
      }
      if (!cabin.isFree)
        return { ...base, available: false, errorType: 'NOT_AVAILABLE', error: quoteMessages.NOT_AVAILABLE }
      return { ...base, available: true }
    },
  )

  /** Every bookable cabin free for the whole range. */
  app.get(
    '/api/availability/date-range',
    {
      schema: {
        summary: 'Las cabañas libres durante todo un rango de fechas',
        querystring: DateRangeQuerySchema,
        response: {
          200: DateRangeResponseSchema,
          ...errorResponses([
            invalidInput(DateRangeQuerySchema, {}),
            refusal('INVALID_DATE', quoteMessages.pastArrival),
            refusal('INVALID_DATE', quoteMessages.checkInTimePassed),
            refusal('INVALID_DATE', quoteMessages.tooFarAhead),
            refusal('INVALID_DATE_RANGE', quoteMessages.dateOrder),
            refusal('INVALID_DATE_RANGE', quoteMessages.stayTooLong),
          ]),
        },
      },
    },
    async (request) => {
      const { checkIn, checkOut } = request.query
      const nights = checkStayDates({ checkIn, checkOut, today: app.clock.today(), now: app.clock.now() })
      const free = await listCabinsFreeBetween(app.db, checkIn, checkOut, nights)
      return { success: true as const, checkIn, checkOut, nights, total: free.length, cabins: free }
    },
  )

  /** The booking calendar of a cabin: its booked nights over the next 12 months and its minimum stay. */
  app.get(
    '/api/availability/cabin/:id',
    {
      schema: {
        summary: 'El calendario de una cabaña: noches ocupadas en los próximos 12 meses',
        params: CabinIdParamsSchema,
        response: {
          200: CabinCalendarResponseSchema,
          ...errorResponses([
            invalidInput(CabinIdParamsSchema, { id: 'x'.repeat(101) }),
            refusal('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND),
          ]),
        },
      },
    },
    async (request) => {
      const calendar = await cabinCalendarResponse(app, request.params.id)
      if (!calendar) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      return calendar
    },
  )
}
