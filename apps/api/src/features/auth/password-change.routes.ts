import {
  PasswordChangeRequestSchema,
  passwordChangeMessages,
  SessionResponseSchema,
} from '@cabanas/domain/auth'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signSession } from '../../lib/session-tokens.ts'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { sendError } from '../../plugins/errors.ts'
import { findClientById, replacePassword, toClient } from './auth.queries.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

/** Password changes per client, and per address, in 15 minutes (docs/decisions.md). */
const PASSWORD_CHANGES_PER_CLIENT = 5
const PASSWORD_CHANGES_PER_IP = 20

/**
 * 'Cambiar contraseña' on the profile: the current password proves the client; the change ends
 * every other session and reset link (a new session epoch), and this session continues with a
 * fresh token signed with the new epoch.
 */
export const passwordChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/auth/password',
    {
      preHandler: app.requireClient,
      schema: {
        summary: "'Cambiar contraseña': cierra las demás sesiones y devuelve un token nuevo",
        body: PasswordChangeRequestSchema,
        response: {
          200: SessionResponseSchema,
          ...errorResponses([
            invalidInput(PasswordChangeRequestSchema, {}),
            {
              code: 'VALIDATION_ERROR',
              message: passwordChangeMessages.wrongCurrentPassword,
              details: [{ field: 'currentPassword', message: passwordChangeMessages.wrongCurrentPassword }],
            },
            refusal('RATE_LIMITED', passwordChangeMessages.tooManyChanges),
          ]),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request)
      const { clientId } = session
      await app.enforceLimits(
        reply,
        [
          { key: `password-change:${clientId}`, limit: PASSWORD_CHANGES_PER_CLIENT, windowSeconds: 900 },
          {
            key: `password-change-ip:${request.clientAddress}`,
            limit: PASSWORD_CHANGES_PER_IP,
            windowSeconds: 900,
          },
        ],
        passwordChangeMessages.tooManyChanges,
      )
      const row = await findClientById(app.db, clientId)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      const { currentPassword, newPassword } = request.body
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        const message = passwordChangeMessages.wrongCurrentPassword
        return sendError(reply, 'VALIDATION_ERROR', message, [{ field: 'currentPassword', message }])
      }
      const epoch = await replacePassword(app.db, {
        clientId,
        passwordHash: await hashPassword(newPassword),
        expectedEpoch: row.sessionEpoch,
      })
      if (epoch === null) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      const { token } = await signSession(app.sessionKey, {
        clientId,
        rememberMe: session.rememberMe,
        epoch,
        now: app.clock.now(),
      })
      request.log.info({ clientId }, 'password changed')
      return {
        success: true as const,
        message: passwordChangeMessages.passwordChanged,
        data: { token, client: toClient(row, request.roles) },
      }
    },
  )
}
