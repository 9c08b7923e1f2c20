import {
  HostCancelRequestSchema,
  HostReservationDetailResponseSchema,
  hostReservationMessages,
  isCancellableByHost,
  isConfirmedStay,
  ReservationIdParamsSchema,
} from '@cabanas/domain/reservations'
import { DomainError, whatsappUrl } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import {
  cancelWithFullRefund,
  contactOf,
  findHostReservation,
  type HostReservationRow,
  toReservationSummary,
} from './host-reservations.queries.ts'
import { badId, notFound, notHost, unauthorized } from './host-reservations.refusals.ts'
import { refundNow } from './host-reservations.service.ts'

/** Cancellations per host (and per address) in an hour: each one refunds and mails. */
const CANCELS_PER_HOST = 10
const CANCELS_PER_IP = 30

/**
 * One reservation of the host (the guest's contact for a confirmed stay only) and 'Cancelar reserva',
 * with a full refund.
 */
export const hostReservationDetailRoutes: FastifyPluginAsyncZod = async (app) => {
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
        await refundNow(app, request.log, row.id, cancelled.totalPrice)
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
