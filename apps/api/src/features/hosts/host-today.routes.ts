import {
  HOST_TODAY_API,
  HostTodayResponseSchema,
  hostMessages,
  hostTodayWindow,
  isUrgentRequest,
} from '@cabanas/domain/hosts'
import { messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, refusal } from '../../plugins/error-responses.ts'
import {
  listHostArrivalsAndDepartures,
  listHostOpenConflicts,
  listHostRecentBookings,
  listHostWaitingRequests,
} from './host-today.queries.ts'

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)

/** 'Hoy' (issue 22): the host's home, over the signed-in host's cabins only, on Mexico City's date. */
export const hostTodayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HOST_TODAY_API,
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          "'Hoy': llegadas y salidas de hoy a 7 días, solicitudes por responder, reservas recientes y conflictos de calendario",
        response: { 200: HostTodayResponseSchema, ...errorResponses([unauthorized, notHost]) },
      },
    },
    async (request, reply) => {
      const { clientId: hostId } = requireSession(request)
      const today = app.clock.today()
      const now = app.clock.now()
      const [stays, requests, recentBookings, conflicts] = await Promise.all([
        listHostArrivalsAndDepartures(app.db, { hostId, today }),
        listHostWaitingRequests(app.db, { hostId, today, now }),
        listHostRecentBookings(app.db, { hostId, today, now }),
        listHostOpenConflicts(app.db, { hostId, today }),
      ])
      const { arrivals, departures } = stays
      reply.header('cache-control', 'private, no-store')
      return {
        success: true as const,
        data: {
          today,
          until: hostTodayWindow(today).to,
          arrivals,
          departures,
          requests,
          recentBookings,
          conflicts,
          counts: {
            arrivalsToday: arrivals.filter((stay) => stay.day === today).length,
            departuresToday: departures.filter((stay) => stay.day === today).length,
            arrivals: arrivals.length,
            departures: departures.length,
            requests: requests.length,
            urgentRequests: requests.filter((req) => isUrgentRequest(new Date(req.deadline), now)).length,
            recentBookings: recentBookings.length,
            conflicts: conflicts.length,
          },
        },
      }
    },
  )
}
