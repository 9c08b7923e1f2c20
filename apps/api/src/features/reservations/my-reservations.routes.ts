import { MyBookingRequestsResponseSchema } from '@cabanas/domain/auth'
import { ReservationsListResponseSchema } from '@cabanas/domain/reservations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { listBookingRequestsForClient } from './ownership.queries.ts'
import { listReservationsForClient, toReservationView } from './reservation-access.queries.ts'

/** Mis Reservas: what the signed-in client booked and asked for, under /auth where it always was. */
export const myReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Mis Reservas: the signed-in client's reservations, newest stay first. */
  app.get(
    '/auth/reservations',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Mis Reservas: las reservas del cliente, la estancia más reciente primero',
        response: { 200: ReservationsListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listReservationsForClient(app.db, requireSession(request).clientId)
      return { success: true as const, data: { reservations: rows.map(toReservationView) } }
    },
  )

  /** Mis Reservas, requests to book: asked of the host, nothing paid (never before verification). */
  app.get(
    '/auth/booking-requests',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Mis Reservas: las solicitudes de reserva del cliente',
        response: { 200: MyBookingRequestsResponseSchema },
      },
    },
    async (request) => {
      const requests = await listBookingRequestsForClient(
        app.db,
        requireSession(request).clientId,
        app.clock.now(),
      )
      return { success: true as const, data: { requests } }
    },
  )
}
