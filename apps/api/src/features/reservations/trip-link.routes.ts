import { randomBytes } from 'node:crypto'
import { CabinIdParamsSchema } from '@cabanas/domain/catalog'
import { TripLinkRequestSchema, TripLinkResponseSchema, tripLinkMessages } from '@cabanas/domain/reservations'
import { z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { enqueueOutbox } from '../../plugins/outbox.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { takeRecipientBudget } from '../mail/recipient-caps.ts'
import {
  findReservationIdForGuestEmail,
  hashAccessToken,
  insertReservationAccessToken,
} from './reservation-access.queries.ts'

/** The outbox kind of a request for a new trip link; its payload is `{ reservationId, email }` until it has run. */
const TRIP_LINK_KIND = 'trip-link'
const TripLinkPayloadSchema = z.object({ reservationId: z.string(), email: z.string() })

/** Requests for a new trip link per client address and hour (answered 429: it says nothing of reservations). */
const TRIP_LINK_REQUESTS_PER_IP = 10

/**
 * The trip page's "¿No encuentras el correo?": a guest without the mail (or in another browser) asks
 * for a new link with the address they booked with. The request only queues what was typed, whatever
 * it is, so the answer and its timing say nothing about the reservation or its address (as
 * forgot-password does). The outbox job checks the address against the reservation's and, when it is
 * the same, adds a new secret (only its hash is kept; earlier links keep working) and queues the mail
 * to the reservation's own address, with the secret sealed while it waits.
 */
export const tripLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.handleOutbox(TRIP_LINK_KIND, async (payload) => {
    const { reservationId, email } = TripLinkPayloadSchema.parse(payload)
    const id = await findReservationIdForGuestEmail(app.db, reservationId, email)
    if (!id) return undefined
    const accessToken = randomBytes(24).toString('base64url')
    await app.db.transaction(async (tx) => {
      await insertReservationAccessToken(tx, id, hashAccessToken(accessToken))
      await enqueueMail(tx, { template: 'trip-link', reservationId: id, accessToken })
    })
    app.log.info({ reservationId: id }, 'trip link queued')
    return undefined
  })

  app.post(
    '/api/bookings/:id/link',
    {
      schema: {
        summary:
          'Pide un enlace nuevo a la página de la reserva, al correo con el que se hizo (la respuesta no dice si coincide)',
        params: CabinIdParamsSchema,
        body: TripLinkRequestSchema,
        response: {
          200: TripLinkResponseSchema,
          ...errorResponses([
            invalidInput(TripLinkRequestSchema, {}),
            refusal('RATE_LIMITED', tripLinkMessages.tooMany),
          ]),
        },
      },
    },
    async (request, reply) => {
      const address = request.clientAddress
      await app.enforceLimits(
        reply,
        [{ key: `trip-link-ip:${address}`, limit: TRIP_LINK_REQUESTS_PER_IP, windowSeconds: 3600 }],
        tripLinkMessages.tooMany,
      )
      const email = request.body.email.toLowerCase()
      // Over the recipient's cap nothing is queued, and the answer is the same.
      if (await takeRecipientBudget(app.db, { mail: 'trip-link', email, address })) {
        await enqueueOutbox(app.db, {
          kind: TRIP_LINK_KIND,
          payload: { reservationId: request.params.id, email },
        })
      } else {
        request.log.info('trip link not queued: the recipient has had enough this hour')
      }
      return { success: true as const, message: tripLinkMessages.requested }
    },
  )
}
