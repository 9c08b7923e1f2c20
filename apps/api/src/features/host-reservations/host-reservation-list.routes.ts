import {
  HostReservationsCsvQuerySchema,
  HostReservationsQuerySchema,
  HostReservationsResponseSchema,
  hostReservationMessages,
  hostReservationsCsv,
  hostReservationsCsvFilename,
  RESERVATIONS_PAGE_SIZE,
} from '@cabanas/domain/reservations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { CSV_MAX_ROWS, listHostReservations, toReservationSummary } from './host-reservations.queries.ts'
import { notHost, unauthorized } from './host-reservations.refusals.ts'

/** CSV exports per host in 10 minutes: each reads up to CSV_MAX_ROWS rows. */
const EXPORTS_PER_HOST = 20

/** The host's reservations: a tab (upcoming, past, cancelled) by pages, and the same list as CSV. */
export const hostReservationListRoutes: FastifyPluginAsyncZod = async (app) => {
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
}
