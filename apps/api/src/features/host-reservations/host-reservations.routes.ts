import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { hostReservationDetailRoutes } from './host-reservation-detail.routes.ts'
import { hostReservationListRoutes } from './host-reservation-list.routes.ts'
import { operatorReservationsRoutes } from './operator-reservations.routes.ts'

/**
 * Issue 22, "Hosts run the business": the host's reservations (tabs, detail with the guest's contact
 * for confirmed stays, CSV) and 'Cancelar reserva' with a full refund; the operator console's
 * reservations with 'Reembolsar' and its read-only list of requests to book.
 */
export const hostReservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(hostReservationListRoutes)
  await app.register(hostReservationDetailRoutes)
  await app.register(operatorReservationsRoutes)
}
