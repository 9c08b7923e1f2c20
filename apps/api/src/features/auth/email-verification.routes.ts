import {
  emailVerificationMessages,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@cabanas/domain/auth'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { findClientById, toClient } from './auth.queries.ts'
import {
  hashVerificationToken,
  sendVerificationLink,
  verifyEmailWithLink,
} from './email-verification.queries.ts'

/** Link uses per address and hour: a token cannot be guessed; this only bounds the work. */
const VERIFICATIONS_PER_IP_PER_HOUR = 20
/** 'Reenviar correo de verificación' per client, and per address, per hour. */
const RESENDS_PER_CLIENT_PER_HOUR = 3
const RESENDS_PER_IP_PER_HOUR = 10

const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() })

/**
 * 'Confirma tu correo': registration mails a link (auth.routes.ts); the link's page posts its token
 * here. A verified address brings every reservation and request to book made with it into the
 * account, in the same transaction, never before.
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/verify-email',
    {
      schema: {
        summary: "'Confirma tu correo': verifica el correo con el enlace y une sus reservas a la cuenta",
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          ...errorResponses([
            invalidInput(VerifyEmailRequestSchema, { token: '' }),
            refusal('VALIDATION_ERROR', emailVerificationMessages.invalid),
            refusal('RATE_LIMITED', emailVerificationMessages.tooManyVerifications),
          ]),
        },
      },
    },
    async (request, reply) => {
      await app.enforceLimits(
        reply,
        [{ key: `verify-email-ip:${request.ip}`, limit: VERIFICATIONS_PER_IP_PER_HOUR, windowSeconds: 3600 }],
        emailVerificationMessages.tooManyVerifications,
      )
      const result = await verifyEmailWithLink(app.db, hashVerificationToken(request.body.token))
      if (!result) throw new DomainError('VALIDATION_ERROR', emailVerificationMessages.invalid)
      const { client, joined } = result
      request.log.info(
        { clientId: client.id, joinedReservations: joined.reservations, joinedRequests: joined.requests },
        'email verified',
      )
      return {
        success: true as const,
        message: emailVerificationMessages.verified,
        data: { client: toClient(client), joined },
      }
    },
  )

  app.post(
    '/auth/resend-verification',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Reenvía el enlace para confirmar el correo',
        response: {
          200: MessageResponseSchema,
          ...errorResponses([
            refusal('VALIDATION_ERROR', emailVerificationMessages.alreadyVerified),
            refusal('RATE_LIMITED', emailVerificationMessages.tooManyResends),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      const row = await findClientById(app.db, clientId)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      if (row.isEmailVerified)
        throw new DomainError('VALIDATION_ERROR', emailVerificationMessages.alreadyVerified)
      await app.enforceLimits(
        reply,
        [
          { key: `verify-resend:${clientId}`, limit: RESENDS_PER_CLIENT_PER_HOUR, windowSeconds: 3600 },
          { key: `verify-resend-ip:${request.ip}`, limit: RESENDS_PER_IP_PER_HOUR, windowSeconds: 3600 },
        ],
        emailVerificationMessages.tooManyResends,
      )
      await app.db.transaction((tx) => sendVerificationLink(tx, row))
      request.log.info({ clientId }, 'verification link resent')
      return { success: true as const, message: emailVerificationMessages.resent }
    },
  )
}
