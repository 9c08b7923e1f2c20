import { createHash, randomBytes } from 'node:crypto'
import {
  DeclineRequestBodySchema,
  type HostRequest,
  HostRequestResponseSchema,
  HostRequestsQuerySchema,
  HostRequestsResponseSchema,
  hostMessagesForAnswer,
  hostRequestMessages,
  RequestIdParamsSchema,
} from '@cabanas/domain/bookings'
import { hostMessages } from '@cabanas/domain/hosts'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import {
  acceptRequest,
  declineRequest,
  findRequestForHost,
  listRequestsForHost,
} from './host-requests.queries.ts'

/** Answers per host per minute, shared by every process: each one mails the guest. */
const ANSWERS_PER_MINUTE = 30

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notFound = refusal('NOT_FOUND', hostRequestMessages.notFound)
const guarded = [unauthorized, notHost, notFound]

/** sha256 of a pay link's secret: all the database keeps of it. */
export function hashPayToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The host's requests to book (issue 22): the inbox, one request, and its answer. A request of
 * another host's cabin answers 404. Accept and decline are idempotent: the second call of a double
 * click finds the request already in the state it asked for and answers the same, with no new mail.
 */
export const hostRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = (reply: FastifyReply, hostId: string) =>
    app.enforceLimits(
      reply,
      [{ key: `request-answer:${hostId}`, limit: ANSWERS_PER_MINUTE, windowSeconds: 60 }],
      hostRequestMessages.tooManyAnswers,
    )
  const requestOf = async (request: FastifyRequest, requestId: string) => {
    const hostId = requireSession(request).clientId
    const found = await findRequestForHost(app.db, { hostId, requestId, now: app.clock.now() })
    if (!found) throw new DomainError('NOT_FOUND', hostRequestMessages.notFound)
    return { hostId, found }
  }

  app.get(
    '/api/hosts/me/requests',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Las solicitudes de reserva de las cabañas del anfitrión, la más reciente primero',
        querystring: HostRequestsQuerySchema,
        response: {
          200: HostRequestsResponseSchema,
          ...errorResponses([invalidInput(HostRequestsQuerySchema, { status: 'x' }), unauthorized, notHost]),
        },
      },
    },
    async (request) => {
      const hostId = requireSession(request).clientId
      const requests = await listRequestsForHost(app.db, {
        hostId,
        status: request.query.status,
        now: app.clock.now(),
      })
      return { success: true as const, data: { requests } }
    },
  )

  app.get(
    '/api/hosts/me/requests/:requestId',
    {
      preHandler: app.requireHost,
      schema: {
        summary:
          'Una solicitud de reserva: el nombre del huésped, la estancia y lo que recibirá el anfitrión',
        params: RequestIdParamsSchema,
        response: { 200: HostRequestResponseSchema, ...errorResponses(guarded) },
      },
    },
    async (request) => {
      const { found } = await requestOf(request, request.params.requestId)
      return { success: true as const, data: found }
    },
  )

  /** The answer a request already in `found`'s state gives, or the refusal. */
  const alreadyAnswered = (found: HostRequest, wanted: 'accepted' | 'declined') => {
    if (found.status === wanted) return { success: true as const, data: found }
    const refusalMessage = hostMessagesForAnswer(found.status, wanted)
    throw new DomainError('CONFLICT', refusalMessage)
  }

  app.post(
    '/api/hosts/me/requests/:requestId/accept',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Acepta la solicitud: el huésped recibe un enlace de pago válido 24 horas',
        params: RequestIdParamsSchema,
        response: {
          200: HostRequestResponseSchema,
          ...errorResponses([
            ...guarded,
            refusal('CONFLICT', hostRequestMessages.nightsTaken),
            refusal('CONFLICT', hostRequestMessages.expired),
            refusal('CONFLICT', hostRequestMessages.alreadyDeclined),
            refusal('RATE_LIMITED', hostRequestMessages.tooManyAnswers),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { hostId, found } = await requestOf(request, request.params.requestId)
      if (found.status !== 'pending') return alreadyAnswered(found, 'accepted')
      await limit(reply, hostId)
      const cabin = await findCabinForStay(app.db, found.cabinId, found.checkIn, found.checkOut)
      if (!cabin?.isFree) throw new DomainError('CONFLICT', hostRequestMessages.nightsTaken)
      const token = randomBytes(24).toString('base64url')
      const now = app.clock.now()
      const accepted = await app.db.transaction(async (tx) => {
        const changed = await acceptRequest(tx, {
          hostId,
          requestId: found.requestId,
          now,
          payTokenHash: hashPayToken(token),
        })
        if (changed) {
          await enqueueMail(tx, {
            template: 'booking-request-update',
            bookingRequestId: found.requestId,
            event: 'guest-accepted',
            token,
          })
        }
        return changed
      })
      const after = await findRequestForHost(app.db, { hostId, requestId: found.requestId, now })
      if (!after) throw new DomainError('NOT_FOUND', hostRequestMessages.notFound)
      if (!accepted) return alreadyAnswered(after, 'accepted')
      request.log.info({ bookingRequestId: found.requestId }, 'booking request accepted')
      return { success: true as const, data: after }
    },
  )

  app.post(
    '/api/hosts/me/requests/:requestId/decline',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Rechaza la solicitud, con un mensaje opcional para el huésped (hasta 500 caracteres)',
        params: RequestIdParamsSchema,
        body: DeclineRequestBodySchema,
        response: {
          200: HostRequestResponseSchema,
          ...errorResponses([
            invalidInput(DeclineRequestBodySchema, { message: 'x'.repeat(501) }),
            ...guarded,
            refusal('CONFLICT', hostRequestMessages.expired),
            refusal('CONFLICT', hostRequestMessages.alreadyAccepted),
            refusal('RATE_LIMITED', hostRequestMessages.tooManyAnswers),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { hostId, found } = await requestOf(request, request.params.requestId)
      if (found.status !== 'pending') return alreadyAnswered(found, 'declined')
      await limit(reply, hostId)
      const now = app.clock.now()
      const message = request.body?.message ? request.body.message : null
      const declined = await app.db.transaction(async (tx) => {
        const changed = await declineRequest(tx, { hostId, requestId: found.requestId, now, message })
        if (changed) {
          await enqueueMail(tx, {
            template: 'booking-request-update',
            bookingRequestId: found.requestId,
            event: 'guest-declined',
          })
        }
        return changed
      })
      const after = await findRequestForHost(app.db, { hostId, requestId: found.requestId, now })
      if (!after) throw new DomainError('NOT_FOUND', hostRequestMessages.notFound)
      if (!declined) return alreadyAnswered(after, 'declined')
      request.log.info({ bookingRequestId: found.requestId }, 'booking request declined')
      return { success: true as const, data: after }
    },
  )
}
