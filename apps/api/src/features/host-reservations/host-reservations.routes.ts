import { hostMessages } from '@cabanas/domain/hosts'
import {
  HostCancelRequestSchema,
  HostReservationDetailResponseSchema,
  HostReservationsCsvQuerySchema,
  HostReservationsQuerySchema,
  HostReservationsResponseSchema,
  hostReservationMessages,
  hostReservationsCsv,
  hostReservationsCsvFilename,
  isCancellableByHost,
  isConfirmedStay,
  isRefundableByOperator,
  OperatorBookingRequestsQuerySchema,
  OperatorBookingRequestsResponseSchema,
  OperatorRefundResponseSchema,
  OperatorReservationsQuerySchema,
  OperatorReservationsResponseSchema,
  RESERVATIONS_PAGE_SIZE,
  ReservationIdParamsSchema,
} from '@cabanas/domain/reservations'
import { DomainError, messages, whatsappUrl } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { refundCancelledReservation } from '../payments/refunds.ts'
import {
  CSV_MAX_ROWS,
  cancelWithFullRefund,
  contactOf,
  findHostReservation,
  findReservationForOperator,
  type HostReservationRow,
  listHostReservations,
  listOperatorBookingRequests,
  listOperatorReservations,
  toReservationSummary,
} from './host-reservations.queries.ts'

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notOperator = refusal('FORBIDDEN', hostMessages.notOperator)
const notFound = refusal('RESERVATION_NOT_FOUND', hostReservationMessages.notFound)
const operatorNotFound = refusal('RESERVATION_NOT_FOUND', hostReservationMessages.operatorNotFound)
const badId = invalidInput(ReservationIdParamsSchema, { reservationId: 'x' })

/** Cancellations per host (and per address) in an hour: each one refunds and mails. */
const CANCELS_PER_HOST = 10
const CANCELS_PER_IP = 30
/** CSV exports per host in 10 minutes: each reads up to CSV_MAX_ROWS rows. */
const EXPORTS_PER_HOST = 20
/** Operator refunds per operator in an hour. */
const REFUNDS_PER_OPERATOR = 60

/**
 * Issue 22, "Hosts run the business": the host's reservations (tabs, detail with the guest's contact
 * for confirmed stays, CSV) and 'Cancelar reserva' with a full refund; the operator console's
 * reservations with 'Reembolsar' and its read-only list of requests to book.
 */
export const hostReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const paymentDeps = (log: FastifyBaseLogger) => ({ db: app.db, gateway: app.paymentGateway, log })

  const toDetail = (row: HostReservationRow) => ({
    ...toReservationSummary(row),
    serviceFee: row.serviceCommission,
    // The guest's special requests are shared with the host of a confirmed stay only.
    specialRequests: isConfirmedStay(row) ? row.specialRequests : '',
    contact: contactOf(row, whatsappUrl),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancellationReason: row.cancellationReason,
    isCancellable: isCancellableByHost(row, app.clock.today()),
  })

  /** Refunds at once; when the provider fails, the outbox row queued with the cancellation retries. */
  async function refundNow(log: FastifyBaseLogger, reservationId: string, amount: number) {
    try {
      return (await refundCancelledReservation(paymentDeps(log), reservationId, amount)) === 'refunded'
    } catch (error) {
      log.warn({ reservationId, err: error }, 'refund failed; the outbox retries it')
      return false
    }
  }

  app.get(
    '/api/hosts/me/reservations',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Reservas del anfitrión (todas sus cabañas): próximas, pasadas o canceladas, por páginas',
        querystring: HostReservationsQuerySchema,
        response: {
          200: HostReservationsResponseSchema,
          ...errorResponses([
            invalidInput(HostReservationsQuerySchema, { tab: 'todas' }),
            unauthorized,
            notHost,
          ]),
        },
      },
    },
    async (request) => {
      const { clientId } = requireSession(request)
      const { tab, cabinId, page } = request.query
      const { rows, total } = await listHostReservations(app.db, {
        hostId: clientId,
        tab,
        ...(cabinId ? { cabinId } : {}),
        page,
        today: app.clock.today(),
      })
      return {
        success: true as const,
        data: { reservations: rows.map(toReservationSummary), page, pageSize: RESERVATIONS_PAGE_SIZE, total },
      }
    },
  )

  app.get(
    '/api/hosts/me/reservations/csv',
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          "'Descargar CSV': la lista filtrada como hoja de cálculo (UTF-8 con BOM, encabezados en español)",
        querystring: HostReservationsCsvQuerySchema,
        response: {
          200: z.string(),
          ...errorResponses([
            invalidInput(HostReservationsCsvQuerySchema, { tab: 'todas' }),
            unauthorized,
            notHost,
            refusal('RATE_LIMITED', hostReservationMessages.tooManyExports),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      await app.enforceLimits(
        reply,
        [{ key: `host-reservations-csv:${clientId}`, limit: EXPORTS_PER_HOST, windowSeconds: 600 }],
        hostReservationMessages.tooManyExports,
      )
      const { tab, cabinId } = request.query
      const { rows } = await listHostReservations(app.db, {
        hostId: clientId,
        tab,
        ...(cabinId ? { cabinId } : {}),
        page: 1,
        pageSize: CSV_MAX_ROWS,
        today: app.clock.today(),
      })
      const csv = hostReservationsCsv(
        rows.map((row) => ({
          ...toReservationSummary(row),
          guestLastName: row.guestLastName,
          guestEmail: row.guestEmail,
          guestPhone: row.guestPhone,
        })),
      )
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${hostReservationsCsvFilename(tab)}"`)
        .header('cache-control', 'private, no-store')
        .send(csv)
    },
  )

  app.get(
    '/api/hosts/me/reservations/:reservationId',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Una reserva del anfitrión; el contacto del huésped solo si la estancia está confirmada',
        params: ReservationIdParamsSchema,
        response: {
          200: HostReservationDetailResponseSchema,
          ...errorResponses([badId, unauthorized, notHost, notFound]),
        },
      },
    },
    async (request) => {
      const { clientId } = requireSession(request)
      const row = await findHostReservation(app.db, clientId, request.params.reservationId)
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', hostReservationMessages.notFound)
      return { success: true as const, data: { reservation: toDetail(row) } }
    },
  )

  app.post(
    '/api/hosts/me/reservations/:reservationId/cancel',
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          "'Cancelar reserva': reembolso completo al huésped, las noches quedan bloqueadas, cuenta en el historial del anfitrión",
        params: ReservationIdParamsSchema,
        body: HostCancelRequestSchema,
        response: {
          200: HostReservationDetailResponseSchema,
          ...errorResponses([
            badId,
            invalidInput(HostCancelRequestSchema, { reason: 'x'.repeat(501) }),
            unauthorized,
            notHost,
            notFound,
            refusal('CONFLICT', hostReservationMessages.pendingPayment),
            refusal('CONFLICT', hostReservationMessages.stayStarted),
            refusal('CONFLICT', hostReservationMessages.notCancellable),
            refusal('RATE_LIMITED', hostReservationMessages.tooManyCancellations),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      const row = await findHostReservation(app.db, clientId, request.params.reservationId)
      if (!row) throw new DomainError('RESERVATION_NOT_FOUND', hostReservationMessages.notFound)
      // A second click after the first one cancelled: the same answer, nothing done again.
      if (row.status === 'cancelled' && row.cancelledBy === 'host') {
        return { success: true as const, message: cancelMessage(row), data: { reservation: toDetail(row) } }
      }
      refuseHostCancellation(row, app.clock.today())
      await app.enforceLimits(
        reply,
        [
          { key: `host-cancel:${clientId}`, limit: CANCELS_PER_HOST, windowSeconds: 3600 },
          { key: `host-cancel-ip:${request.clientAddress}`, limit: CANCELS_PER_IP, windowSeconds: 3600 },
        ],
        hostReservationMessages.tooManyCancellations,
      )
      const cancelled = await cancelWithFullRefund(app.db, {
        reservationId: row.id,
        cabinId: row.cabinId,
        by: 'host',
        actorId: clientId,
        reason: request.body?.reason,
        today: app.clock.today(),
      })
      if (cancelled) {
        request.log.info(
          { reservationId: row.id, cabinId: row.cabinId, hostId: clientId },
          'reservation cancelled by host',
        )
        await refundNow(request.log, row.id, cancelled.totalPrice)
      }
      const updated = await findHostReservation(app.db, clientId, row.id)
      if (updated?.status !== 'cancelled' || updated.cancelledBy !== 'host') {
        // Someone else settled it meanwhile (the guest cancelled, or the operator refunded).
        throw new DomainError('CONFLICT', hostReservationMessages.notCancellable)
      }
      return {
        success: true as const,
        message: cancelMessage(updated),
        data: { reservation: toDetail(updated) },
      }
    },
  )

  // The operator console.

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
        await refundNow(request.log, row.id, cancelled.totalPrice)
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

function cancelMessage(row: HostReservationRow) {
  return row.paymentStatus === 'REFUNDED'
    ? hostReservationMessages.cancelledRefunded
    : hostReservationMessages.cancelledRefundPending
}

/** Why the host cannot cancel this reservation now (nothing when they can). */
function refuseHostCancellation(row: HostReservationRow, today: string) {
  if (row.status === 'pending') throw new DomainError('CONFLICT', hostReservationMessages.pendingPayment)
  if (row.status === 'active' && row.paymentStatus === 'PAID' && row.checkIn <= today) {
    throw new DomainError('CONFLICT', hostReservationMessages.stayStarted)
  }
  if (row.status !== 'active' || row.paymentStatus !== 'PAID') {
    throw new DomainError('CONFLICT', hostReservationMessages.notCancellable)
  }
}
