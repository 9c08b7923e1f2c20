import {
  hostReservationMessages,
  isRefundableByOperator,
  OperatorBookingRequestsQuerySchema,
  OperatorBookingRequestsResponseSchema,
  OperatorRefundResponseSchema,
  OperatorReservationsQuerySchema,
  OperatorReservationsResponseSchema,
  RESERVATIONS_PAGE_SIZE,
  ReservationIdParamsSchema,
} from '@cabanas/domain/reservations'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import {
  cancelWithFullRefund,
  findReservationForOperator,
  type HostReservationRow,
  listOperatorBookingRequests,
  listOperatorReservations,
  toReservationSummary,
} from './host-reservations.queries.ts'
import { badId, notOperator, operatorNotFound, unauthorized } from './host-reservations.refusals.ts'
import { refundNow } from './host-reservations.service.ts'

/** Operator refunds per operator in an hour. */
const REFUNDS_PER_OPERATOR = 60

/**
 * The operator console: every reservation with 'Reembolsar' (a full refund, guest and host told), and the
 * read-only list of requests to book.
 */
export const operatorReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const toOperatorRow = (row: HostReservationRow & { hostName: string | null }) => ({
    ...toReservationSummary(row),
    hostName: row.hostName,
    isRefundable: isRefundableByOperator(row),
  })

  app.get(
    '/api/operator/reservations',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola: todas las reservas, por estado, nombre de cabaña o ID de reserva, por páginas',
        querystring: OperatorReservationsQuerySchema,
        response: {
          200: OperatorReservationsResponseSchema,
          ...errorResponses([
            invalidInput(OperatorReservationsQuerySchema, { status: 'todas' }),
            unauthorized,
            notOperator,
          ]),
        },
      },
    },
    async (request) => {
      const { status, q, page } = request.query
      const { rows, total } = await listOperatorReservations(app.db, {
        ...(status ? { status } : {}),
        ...(q ? { q } : {}),
        page,
      })
      return {
        success: true as const,
        data: { reservations: rows.map(toOperatorRow), page, pageSize: RESERVATIONS_PAGE_SIZE, total },
      }
    },
  )

  app.post(
    '/api/operator/reservations/:reservationId/refund',
    {
      preHandler: app.requireOperator,
      schema: {
        summary:
          "Consola: 'Reembolsar' una reserva activa y pagada: se cancela con reembolso completo y se avisa al huésped y al anfitrión",
        params: ReservationIdParamsSchema,
        response: {
          200: OperatorRefundResponseSchema,
          ...errorResponses([
            badId,
            unauthorized,
            notOperator,
            operatorNotFound,
            refusal('CONFLICT', hostReservationMessages.notRefundable),
            refusal('RATE_LIMITED', hostReservationMessages.tooManyCancellations),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      const row = await findReservationForOperator(app.db, request.params.reservationId)
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', hostReservationMessages.operatorNotFound)
      const answer = (found: NonNullable<typeof row>) => ({
        success: true as const,
        message:
          found.paymentStatus === 'REFUNDED'
            ? hostReservationMessages.refunded
            : hostReservationMessages.refundPending,
        data: { reservation: toOperatorRow(found) },
      })
      if (row.status === 'cancelled' && row.cancelledBy === 'operator') return answer(row)
      if (!isRefundableByOperator(row)) {
        throw new DomainError('CONFLICT', hostReservationMessages.notRefundable)
      }
      await app.enforceLimits(
        reply,
        [{ key: `operator-refund:${clientId}`, limit: REFUNDS_PER_OPERATOR, windowSeconds: 3600 }],
        hostReservationMessages.tooManyCancellations,
      )
      const cancelled = await cancelWithFullRefund(app.db, {
        reservationId: row.id,
        cabinId: row.cabinId,
        by: 'operator',
        actorId: clientId,
        today: app.clock.today(),
      })
      if (cancelled) {
        request.log.info(
          { reservationId: row.id, cabinId: row.cabinId, operatorId: clientId },
          'reservation refunded by operator',
        )
        await refundNow(app, request.log, row.id, cancelled.totalPrice)
      }
      const updated = await findReservationForOperator(app.db, row.id)
      if (updated?.status !== 'cancelled' || updated.cancelledBy !== 'operator') {
        throw new DomainError('CONFLICT', hostReservationMessages.notRefundable)
      }
      return answer(updated)
    },
  )

  app.get(
    '/api/operator/booking-requests',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola: las solicitudes de reserva (estado, cabaña, fechas, creada), solo lectura',
        querystring: OperatorBookingRequestsQuerySchema,
        response: {
          200: OperatorBookingRequestsResponseSchema,
          ...errorResponses([
            invalidInput(OperatorBookingRequestsQuerySchema, { page: '0' }),
            unauthorized,
            notOperator,
          ]),
        },
      },
    },
    async (request) => {
      const { page } = request.query
      const { rows, total } = await listOperatorBookingRequests(app.db, { page })
      return {
        success: true as const,
        data: { requests: rows, page, pageSize: RESERVATIONS_PAGE_SIZE, total },
      }
    },
  )
}
