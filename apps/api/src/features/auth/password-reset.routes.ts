import { createHash, randomBytes } from 'node:crypto'
import {
  authMessages,
  ForgotPasswordRequestSchema,
  passwordChangeMessages,
  ResetPasswordRequestSchema,
} from '@cabanas/domain/auth'
import { DomainError, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { enqueueOutbox } from '../../plugins/outbox.ts'
import { outboxMessageId } from '../mail/mail-jobs.ts'
import { takeRecipientBudget } from '../mail/recipient-caps.ts'
import { passwordResetMail } from '../mail/templates-account.ts'
import {
  findClientByEmail,
  insertPasswordReset,
  isPasswordResetUsable,
  RESET_MINUTES,
  resetPasswordWithLink,
} from './auth.queries.ts'
import { hashPassword } from './passwords.ts'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The outbox kind of a forgot-password request; its payload is `{ email }` until it has run. */
const PASSWORD_RESET_KIND = 'password-reset'
const PasswordResetPayloadSchema = z.object({ email: z.string(), address: z.string().optional() })

/** Forgot-password requests per address, per hour (answered 429: it says nothing about accounts). */
const RESET_REQUESTS_PER_IP = 10

/**
 * Forgot password: a single-use link, stored hashed, valid 30 minutes. The request only queues the
 * e-mail address, whether an account has it or not, so the answer and its timing say nothing; the
 * outbox job looks the account up, creates the link and mails it (or does nothing).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.handleOutbox(PASSWORD_RESET_KIND, async (payload, item) => {
    // The recipient's cap was taken when the row was queued (recipient-caps.ts).
    const { email } = PasswordResetPayloadSchema.parse(payload)
    const client = await findClientByEmail(app.db, email)
    if (!client) return undefined
    const token = randomBytes(32).toString('base64url')
    await insertPasswordReset(app.db, client.id, hashToken(token))
    // The link's origin is configuration (PUBLIC_URL), never the request's Host or X-Forwarded-Host.
    const mail = passwordResetMail(
      { publicUrl: app.config.publicUrl, now: app.clock.now(), from: app.config.mailFrom },
      { firstName: client.firstName, token, minutes: RESET_MINUTES },
    )
    await app.mailer.send({
      to: client.email,
      messageId: outboxMessageId(item.id, app.config.publicUrl),
      ...mail,
    })
    app.log.info({ clientId: client.id }, 'password reset mailed')
    return undefined
  })

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Pide el enlace para restablecer la contraseña (la respuesta no dice si la cuenta existe)',
        body: ForgotPasswordRequestSchema,
        response: {
          200: z.object({ success: z.boolean(), message: z.string() }),
          ...errorResponses([
            invalidInput(ForgotPasswordRequestSchema, {}),
            refusal('RATE_LIMITED', passwordChangeMessages.tooManyResets),
          ]),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase()
      await app.enforceLimits(
        reply,
        [{ key: `reset-ip:${request.clientAddress}`, limit: RESET_REQUESTS_PER_IP, windowSeconds: 3600 }],
        passwordChangeMessages.tooManyResets,
      )
      // Over the recipient's cap nothing is queued, and the answer is the same (it says nothing).
      const address = request.clientAddress
      if (await takeRecipientBudget(app.db, { mail: 'password-reset', email, address })) {
        await enqueueOutbox(app.db, { kind: PASSWORD_RESET_KIND, payload: { email } })
      } else {
        request.log.info('password reset not queued: the recipient has had enough this hour')
      }
      return { success: true, message: authMessages.resetRequested }
    },
  )

  const resetSchema = {
    summary: 'Restablece la contraseña con el enlace del correo',
    body: ResetPasswordRequestSchema,
    response: {
      200: z.object({ success: z.boolean(), message: z.string() }),
      ...errorResponses([
        invalidInput(ResetPasswordRequestSchema, {}),
        refusal('VALIDATION_ERROR', authMessages.resetInvalid),
      ]),
    },
  }
  app.post('/auth/reset-password', { schema: resetSchema }, async (request) => {
    const tokenHash = hashToken(request.body.token)
    // A cheap look first: a wrong link costs no password hash.
    if (!(await isPasswordResetUsable(app.db, tokenHash))) {
      throw new DomainError('VALIDATION_ERROR', authMessages.resetInvalid)
    }
    const passwordHash = await hashPassword(request.body.password)
    const clientId = await resetPasswordWithLink(app.db, { tokenHash, passwordHash })
    if (!clientId) throw new DomainError('VALIDATION_ERROR', authMessages.resetInvalid)
    request.log.info({ clientId }, 'password reset')
    return { success: true, message: authMessages.resetDone }
  })
}
