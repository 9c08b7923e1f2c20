import {
  authMessages,
  CheckResponseSchema,
  ClientResponseSchema,
  LoginRequestSchema,
  PreferencesSchema,
  ProfileUpdateSchema,
  passwordChangeMessages,
  RegisterRequestSchema,
  SessionResponseSchema,
} from '@cabanas/domain/auth'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signSession } from '../../lib/session-tokens.ts'
import { findClientRoles, requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { sendError } from '../../plugins/errors.ts'
import { refuseRateLimited } from '../../plugins/rate-limits.ts'
import {
  findClientByEmail,
  findClientById,
  forgetLoginAttempt,
  insertClient,
  readLoginFailures,
  recordLogin,
  recordLoginAttempt,
  revokeToken,
  toClient,
  updateClientPreferences,
  updateClientProfile,
} from './auth.queries.ts'
import { sendVerificationLink } from './email-verification.queries.ts'
import { emailVerificationRoutes } from './email-verification.routes.ts'
import { judgeLoginAttempt, LOGIN_WINDOW_SECONDS, loginFailureKeys } from './login-throttle.ts'
import { passwordChangeRoutes } from './password-change.routes.ts'
import { passwordResetRoutes } from './password-reset.routes.ts'
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts'

/** Registrations per address and hour (docs/decisions.md, "Rate limits on accounts"). */
const REGISTRATIONS_PER_IP_PER_HOUR = 20

/** The client-auth base (docs/decisions.md): accounts and sessions under /auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = async (row: { id: string; sessionEpoch: number }, rememberMe: boolean) => {
    const signed = await signSession(app.sessionKey, {
      clientId: row.id,
      rememberMe,
      epoch: row.sessionEpoch,
      now: app.clock.now(),
    })
    return signed.token
  }

  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Crea una cuenta e inicia su sesión (y envía el correo de confirmación)',
        body: RegisterRequestSchema,
        response: {
          201: SessionResponseSchema,
          ...errorResponses([
            invalidInput(RegisterRequestSchema, {}),
            refusal('EMAIL_TAKEN', authMessages.emailTaken),
            refusal('RATE_LIMITED', passwordChangeMessages.tooManyRegistrations),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password, phone } = request.body
      await app.enforceLimits(
        reply,
        [
          {
            key: `register-ip:${request.clientAddress}`,
            limit: REGISTRATIONS_PER_IP_PER_HOUR,
            windowSeconds: 3600,
          },
        ],
        passwordChangeMessages.tooManyRegistrations,
      )
      const passwordHash = await hashPassword(password)
      // The account and its 'Confirma tu correo' link (and mail) exist together or not at all.
      const row = await app.db.transaction(async (tx) => {
        const client = await insertClient(tx, {
          firstName,
          lastName,
          email,
          phone: phone ?? null,
          passwordHash,
        })
        if (client) await sendVerificationLink(tx, client)
        return client
      })
      if (!row) return sendError(reply, 'EMAIL_TAKEN', authMessages.emailTaken)
      request.log.info({ clientId: row.id }, 'client registered')
      return reply.status(201).send({
        success: true as const,
        message: authMessages.registered,
        data: { token: await session(row, false), client: toClient(row, []) },
      })
    },
  )

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Inicia sesión con correo y contraseña',
        body: LoginRequestSchema,
        response: {
          200: SessionResponseSchema,
          ...errorResponses([
            invalidInput(LoginRequestSchema, {}),
            refusal('BAD_CREDENTIALS', authMessages.badCredentials),
            refusal('RATE_LIMITED', authMessages.tooManyAttempts),
            refusal('RATE_LIMITED', passwordChangeMessages.loginSlowedDown),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body
      // Counted as a failure until the password proves right (login-throttle.ts).
      const keys = loginFailureKeys({ ip: request.clientAddress, email })
      const ownIds = await recordLoginAttempt(app.db, keys)
      const failures = await readLoginFailures(app.db, keys, { ownIds, windowSeconds: LOGIN_WINDOW_SECONDS })
      const verdict = judgeLoginAttempt(failures)
      if (!verdict.ok) {
        await forgetLoginAttempt(app.db, ownIds)
        app.logRefusal(
          request,
          `login throttled ${verdict.reason}`,
          { reason: verdict.reason },
          'login throttled',
        )
        refuseRateLimited(
          reply,
          verdict.retryAfterSeconds,
          verdict.reason === 'address'
            ? authMessages.tooManyAttempts
            : passwordChangeMessages.loginSlowedDown,
        )
      }
      const row = await findClientByEmail(app.db, email)
      const valid = await verifyPassword(row?.passwordHash ?? (await decoyHash()), password)
      if (!row || !valid) return sendError(reply, 'BAD_CREDENTIALS', authMessages.badCredentials)
      await forgetLoginAttempt(app.db, ownIds)
      // The session is signed with the epoch of the password just verified, never a newer one.
      const updated = await recordLogin(app.db, row.id, row.sessionEpoch)
      if (!updated) return sendError(reply, 'BAD_CREDENTIALS', authMessages.badCredentials)
      return {
        success: true as const,
        message: authMessages.loggedIn,
        data: {
          token: await session(updated, rememberMe),
          client: toClient(updated, await findClientRoles(app.db, updated.id)),
        },
      }
    },
  )

  const logoutSchema = {
    summary: 'Cierra la sesión: el token deja de valer',
    response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
  }
  app.post('/auth/logout', { preHandler: app.requireClient, schema: logoutSchema }, async (request) => {
    const { jti, expiresAt } = requireSession(request)
    await revokeToken(app.db, jti, expiresAt, app.clock.now())
    return { success: true, message: authMessages.loggedOut }
  })

  app.get(
    '/auth/check',
    {
      preHandler: app.requireClient,
      schema: { summary: 'La sesión del token y su cliente', response: { 200: CheckResponseSchema } },
    },
    async (request) => {
      const row = await findClientById(app.db, requireSession(request).clientId)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return {
        success: true as const,
        data: { isAuthenticated: true as const, client: toClient(row, request.roles) },
      }
    },
  )

  /** A fresh token for the same session length; the old one is revoked. */
  app.post(
    '/auth/refresh',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Un token nuevo para la misma sesión; el anterior queda revocado',
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => {
      const current = requireSession(request)
      const row = await findClientById(app.db, current.clientId)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      // The epoch the old token proved, not the row's: a reset in between voids the new token too.
      const { epoch, rememberMe } = current
      const token = await session({ id: row.id, sessionEpoch: epoch }, rememberMe)
      await revokeToken(app.db, current.jti, current.expiresAt, app.clock.now())
      return {
        success: true as const,
        message: authMessages.loggedIn,
        data: { token, client: toClient(row, request.roles) },
      }
    },
  )

  app.put(
    '/auth/profile',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Actualiza nombre, apellido y teléfono',
        body: ProfileUpdateSchema,
        response: {
          200: ClientResponseSchema,
          ...errorResponses([invalidInput(ProfileUpdateSchema, { firstName: 'A', lastName: 'Pérez' })]),
        },
      },
    },
    async (request) => {
      const { firstName, lastName, phone } = request.body
      const row = await updateClientProfile(app.db, requireSession(request).clientId, {
        firstName,
        lastName,
        phone: phone ?? null,
      })
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return {
        success: true as const,
        message: authMessages.profileUpdated,
        data: { client: toClient(row, request.roles) },
      }
    },
  )

  app.put(
    '/auth/preferences',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Actualiza las preferencias de avisos',
        body: PreferencesSchema,
        response: {
          200: ClientResponseSchema,
          ...errorResponses([invalidInput(PreferencesSchema, { newsletter: 'sí' })]),
        },
      },
    },
    async (request) => {
      const row = await updateClientPreferences(app.db, requireSession(request).clientId, request.body)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return {
        success: true as const,
        message: authMessages.preferencesUpdated,
        data: { client: toClient(row, request.roles) },
      }
    },
  )

  const SocialParams = z.object({ provider: z.enum(['google', 'facebook']) })
  const socialSchema = {
    summary: 'Inicio de sesión con Google o Facebook: no implementado (spec §7)',
    params: SocialParams,
    response: errorResponses([
      invalidInput(SocialParams, { provider: 'twitter' }),
      refusal('NOT_IMPLEMENTED', authMessages.socialNotImplemented('google')),
    ]),
  }
  app.post('/auth/social/:provider', { schema: socialSchema }, async (request, reply) =>
    sendError(reply, 'NOT_IMPLEMENTED', authMessages.socialNotImplemented(request.params.provider)),
  )

  await app.register(passwordResetRoutes)
  await app.register(passwordChangeRoutes)
  await app.register(emailVerificationRoutes)
}
