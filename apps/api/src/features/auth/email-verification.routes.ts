import {
  authMessages,
  EmailChangeRequestSchema,
  emailChangeMessages,
  emailVerificationMessages,
  TakeBackRequestSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@cabanas/domain/auth'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signSession } from '../../lib/session-tokens.ts'
import { findClientRoles, requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { sendError } from '../../plugins/errors.ts'
import { takeRecipientBudget } from '../mail/recipient-caps.ts'
import { grantConfiguredOperators } from '../operators/operators.queries.ts'
import { findClientByEmail, findClientById, toClient } from './auth.queries.ts'
import {
  findUsableLink,
  hashVerificationToken,
  type LinkOutcome,
  requestEmailChange,
  sendVerificationLink,
  useVerificationLink,
} from './email-verification.queries.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

/** Link uses per address and hour: a token cannot be guessed; this only bounds the work. */
const VERIFICATIONS_PER_IP_PER_HOUR = 20
/** "No fui yo" per address and hour: each one costs a password hash. */
const TAKE_BACKS_PER_IP_PER_HOUR = 10
/** 'Reenviar correo de verificación' per client, and per address, per hour. */
const RESENDS_PER_CLIENT_PER_HOUR = 3
const RESENDS_PER_IP_PER_HOUR = 10
/** 'Cambiar correo' per client, and per address, per hour (each one mails two addresses). */
const EMAIL_CHANGES_PER_CLIENT_PER_HOUR = 3
const EMAIL_CHANGES_PER_IP_PER_HOUR = 10

const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() })

/**
 * 'Confirma tu correo' and 'Cambiar correo'. A link proves the mailbox; it joins bookings to an
 * account only together with a proof that the same person owns the account (docs/decisions.md,
 * "Pre-hijacking"): the account's own session in this browser, or a new password chosen with the
 * link ("No fui yo"), which ends every other session. A link opened anywhere else is not used: the
 * answer says when the account was created and the page offers both paths.
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifiedAnswer = async (
    outcome: Extract<LinkOutcome, { ok: true }>,
    { rememberMe, message }: { rememberMe: boolean; message: string },
  ) => {
    // An address OPERATOR_EMAILS lists becomes an operator once its mailbox is proven, as at start-up:
    // the first install's operator registers after the server started and needs no restart.
    const email = outcome.client.email.toLowerCase()
    if (app.config.operatorEmails.includes(email)) await grantConfiguredOperators(app.db, [email])
    const { token } = await signSession(app.sessionKey, {
      clientId: outcome.client.id,
      rememberMe,
      epoch: outcome.client.sessionEpoch,
      now: app.clock.now(),
    })
    return {
      success: true as const,
      message,
      data: {
        outcome: 'verified' as const,
        kind: outcome.kind,
        client: toClient(outcome.client, await findClientRoles(app.db, outcome.client.id)),
        joined: outcome.joined,
        token,
      },
    }
  }

  const refuseLink = (reply: FastifyReply, reason: 'invalid' | 'email-taken') =>
    reason === 'email-taken'
      ? sendError(reply, 'EMAIL_TAKEN', emailVerificationMessages.changeTaken)
      : sendError(reply, 'VALIDATION_ERROR', emailVerificationMessages.invalid)

  app.post(
    '/auth/verify-email',
    {
      schema: {
        summary:
          "'Confirma tu correo': con la sesión de la cuenta verifica el correo y une sus reservas; sin ella, dice de quién es la cuenta y no usa el enlace",
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          ...errorResponses([
            invalidInput(VerifyEmailRequestSchema, { token: '' }),
            refusal('VALIDATION_ERROR', emailVerificationMessages.invalid),
            refusal('EMAIL_TAKEN', emailVerificationMessages.changeTaken),
            refusal('RATE_LIMITED', emailVerificationMessages.tooManyVerifications),
          ]),
        },
      },
    },
    async (request, reply) => {
      await app.enforceLimits(
        reply,
        [
          {
            key: `verify-email-ip:${request.clientAddress}`,
            limit: VERIFICATIONS_PER_IP_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        emailVerificationMessages.tooManyVerifications,
      )
      const tokenHash = hashVerificationToken(request.body.token)
      const link = await findUsableLink(app.db, tokenHash)
      if (!link) return refuseLink(reply, 'invalid')
      const session = request.session
      if (session && session.clientId === link.clientId) {
        const outcome = await useVerificationLink(app.db, tokenHash, {
          kind: 'session',
          clientId: session.clientId,
          epoch: session.epoch,
        })
        if (outcome.ok) {
          request.log.info(
            {
              clientId: outcome.client.id,
              linkKind: outcome.kind,
              joinedReservations: outcome.joined.reservations,
              joinedRequests: outcome.joined.requests,
            },
            'email verified',
          )
          return verifiedAnswer(outcome, {
            rememberMe: session.rememberMe,
            message:
              outcome.kind === 'change'
                ? emailVerificationMessages.emailChanged
                : emailVerificationMessages.verified,
          })
        }
        if (outcome.reason !== 'not-owner') return refuseLink(reply, outcome.reason)
      }
      // Not the account's session: nothing is used; the page asks who created the account.
      request.log.info(
        { clientId: link.clientId, linkKind: link.kind },
        'email link opened without its account',
      )
      return {
        success: true as const,
        message:
          link.kind === 'change'
            ? emailVerificationMessages.signInToChange
            : emailVerificationMessages.ownerNeeded,
        data: {
          outcome: 'owner-needed' as const,
          kind: link.kind,
          email: link.email,
          accountCreatedAt: link.accountCreatedAt.toISOString(),
        },
      }
    },
  )

  app.post(
    '/auth/verify-email/take-back',
    {
      schema: {
        summary:
          '"No fui yo": con el enlace, elige una contraseña nueva, cierra toda sesión de la cuenta, verifica el correo y une sus reservas',
        body: TakeBackRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          ...errorResponses([
            invalidInput(TakeBackRequestSchema, { token: '' }),
            refusal('VALIDATION_ERROR', emailVerificationMessages.invalid),
            refusal('VALIDATION_ERROR', emailVerificationMessages.signInToChange),
            refusal('RATE_LIMITED', emailVerificationMessages.tooManyVerifications),
          ]),
        },
      },
    },
    async (request, reply) => {
      await app.enforceLimits(
        reply,
        [
          {
            key: `verify-take-back-ip:${request.clientAddress}`,
            limit: TAKE_BACKS_PER_IP_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        emailVerificationMessages.tooManyVerifications,
      )
      const tokenHash = hashVerificationToken(request.body.token)
      // A cheap look first: a wrong link costs no password hash.
      const link = await findUsableLink(app.db, tokenHash)
      if (!link) return refuseLink(reply, 'invalid')
      if (link.kind === 'change') {
        return sendError(reply, 'VALIDATION_ERROR', emailVerificationMessages.signInToChange)
      }
      const passwordHash = await hashPassword(request.body.password)
      const outcome = await useVerificationLink(app.db, tokenHash, { kind: 'new-password', passwordHash })
      if (!outcome.ok) {
        if (outcome.reason === 'not-owner') {
          return sendError(reply, 'VALIDATION_ERROR', emailVerificationMessages.signInToChange)
        }
        return refuseLink(reply, outcome.reason)
      }
      request.log.info(
        {
          clientId: outcome.client.id,
          joinedReservations: outcome.joined.reservations,
          joinedRequests: outcome.joined.requests,
        },
        'email address taken back by its mailbox',
      )
      return verifiedAnswer(outcome, { rememberMe: false, message: emailVerificationMessages.takenBack })
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
          {
            key: `verify-resend-ip:${request.clientAddress}`,
            limit: RESENDS_PER_IP_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        emailVerificationMessages.tooManyResends,
      )
      await app.db.transaction((tx) => sendVerificationLink(tx, row))
      request.log.info({ clientId }, 'verification link resent')
      return { success: true as const, message: emailVerificationMessages.resent }
    },
  )

  app.post(
    '/auth/email-change',
    {
      preHandler: app.requireClient,
      schema: {
        summary:
          "'Cambiar correo': envía un enlace a la dirección nueva y un aviso a la actual; nada cambia hasta que se abre el enlace",
        body: EmailChangeRequestSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses([
            invalidInput(EmailChangeRequestSchema, {}),
            {
              code: 'VALIDATION_ERROR',
              message: emailChangeMessages.wrongCurrentPassword,
              details: [{ field: 'currentPassword', message: emailChangeMessages.wrongCurrentPassword }],
            },
            refusal('EMAIL_TAKEN', authMessages.emailTaken),
            refusal('RATE_LIMITED', emailChangeMessages.tooManyChanges),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      const newEmail = request.body.newEmail.toLowerCase()
      await app.enforceLimits(
        reply,
        [
          { key: `email-change:${clientId}`, limit: EMAIL_CHANGES_PER_CLIENT_PER_HOUR, windowSeconds: 3600 },
          {
            key: `email-change-ip:${request.clientAddress}`,
            limit: EMAIL_CHANGES_PER_IP_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        emailChangeMessages.tooManyChanges,
      )
      const row = await findClientById(app.db, clientId)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      if (!(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        const message = emailChangeMessages.wrongCurrentPassword
        return sendError(reply, 'VALIDATION_ERROR', message, [{ field: 'currentPassword', message }])
      }
      if (newEmail === row.email.toLowerCase()) {
        const message = emailChangeMessages.sameEmail
        return sendError(reply, 'VALIDATION_ERROR', message, [{ field: 'newEmail', message }])
      }
      if (await findClientByEmail(app.db, newEmail)) {
        return sendError(reply, 'EMAIL_TAKEN', authMessages.emailTaken, [
          { field: 'newEmail', message: authMessages.emailTaken },
        ])
      }
      // Any account can name any address: the new address's inbox has its own hourly cap.
      const mailable = await takeRecipientBudget(app.db, {
        mail: 'verify-new-email',
        email: newEmail,
        address: request.clientAddress,
      })
      if (!mailable) return sendError(reply, 'RATE_LIMITED', emailChangeMessages.tooManyChanges)
      await requestEmailChange(app.db, { clientId, newEmail })
      request.log.info({ clientId }, 'email change requested')
      return { success: true as const, message: emailChangeMessages.requested(newEmail) }
    },
  )
}
