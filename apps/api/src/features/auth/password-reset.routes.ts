import { createHash, randomBytes } from 'node:crypto'
import { authMessages, ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '@cabanas/domain/auth'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  consumePasswordReset,
  countLoginAttempt,
  findClientByEmail,
  insertPasswordReset,
  RESET_MINUTES,
  updateClientPassword,
} from './auth.queries.ts'
import { createOutboxMailer } from './mailer.ts'
import { hashPassword } from './passwords.ts'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Forgot password: a single-use link, stored hashed, valid 30 minutes, sent through the mailer. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = createOutboxMailer(app.config.mailOutboxDir)

  app.post('/auth/forgot-password', { schema: { body: ForgotPasswordRequestSchema } }, async (request) => {
    const { email } = request.body
    // The same answer whether the account exists or not, and the same limit as logins.
    const attempts = await countLoginAttempt(app.db, [
      `reset-ip:${request.ip}`,
      `reset:${email.toLowerCase()}`,
    ])
    const client = attempts <= 10 ? await findClientByEmail(app.db, email) : null
    if (client) {
      const token = randomBytes(32).toString('base64url')
      await insertPasswordReset(app.db, client.id, hashToken(token))
      const origin = `${request.protocol}://${request.host}`
      await mailer.send({
        to: client.email,
        subject: 'Restablece tu contraseña de Cabañas MX',
        text: [
          `Hola ${client.firstName}:`,
          '',
          'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
          `Abre este enlace en los próximos ${RESET_MINUTES} minutos para elegir una nueva:`,
          `${origin}/forgot-password?token=${token}`,
          '',
          'Si no fuiste tú, ignora este correo: tu contraseña no cambiará.',
        ].join('\n'),
      })
      request.log.info({ clientId: client.id }, 'password reset mailed')
    }
    return { success: true, message: authMessages.resetRequested }
  })

  app.post('/auth/reset-password', { schema: { body: ResetPasswordRequestSchema } }, async (request) => {
    const clientId = await consumePasswordReset(app.db, hashToken(request.body.token))
    if (!clientId) throw new DomainError('VALIDATION_ERROR', authMessages.resetInvalid)
    await updateClientPassword(app.db, clientId, await hashPassword(request.body.password))
    request.log.info({ clientId }, 'password reset')
    return { success: true, message: authMessages.resetDone }
  })
}
