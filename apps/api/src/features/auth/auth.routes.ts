import {
  authMessages,
  CheckResponseSchema,
  ClientResponseSchema,
  LoginRequestSchema,
  PreferencesSchema,
  ProfileUpdateSchema,
  RegisterRequestSchema,
  SessionResponseSchema,
} from '@cabanas/domain/auth'
import { ReservationsListResponseSchema } from '@cabanas/domain/reservations'
import { DomainError, messages, z } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendError } from '../../plugins/errors.ts'
import { listReservationsForClient, toReservationView } from '../bookings/reservation-access.queries.ts'
import {
  countLoginAttempt,
  findClientByEmail,
  findClientById,
  insertClient,
  recordLogin,
  revokeToken,
  toClient,
  updateClientPreferences,
  updateClientProfile,
} from './auth.queries.ts'
import { passwordResetRoutes } from './password-reset.routes.ts'
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts'
import { signSession } from './tokens.ts'

export const LOGIN_ATTEMPTS_PER_WINDOW = 10

/** The client-auth base (docs/decisions.md): accounts and sessions under /auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = async (clientId: string, rememberMe: boolean) =>
    (await signSession(app.sessionKey, { clientId, rememberMe, now: app.clock.now() })).token

  app.post(
    '/auth/register',
    { schema: { body: RegisterRequestSchema, response: { 201: SessionResponseSchema } } },
    async (request, reply) => {
      const { firstName, lastName, email, password, phone } = request.body
      const row = await insertClient(app.db, {
        firstName,
        lastName,
        email,
        phone: phone ?? null,
        passwordHash: await hashPassword(password),
      })
      if (!row) return sendError(reply, 'EMAIL_TAKEN', authMessages.emailTaken)
      request.log.info({ clientId: row.id }, 'client registered')
      return reply.status(201).send({
        success: true as const,
        message: authMessages.registered,
        data: { token: await session(row.id, false), client: toClient(row) },
      })
    },
  )

  app.post(
    '/auth/login',
    { schema: { body: LoginRequestSchema, response: { 200: SessionResponseSchema } } },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body
      const attempts = await countLoginAttempt(app.db, [`ip:${request.ip}`, `email:${email.toLowerCase()}`])
      if (attempts > LOGIN_ATTEMPTS_PER_WINDOW) {
        request.log.warn({ ip: request.ip }, 'login rate limited')
        return sendError(reply, 'RATE_LIMITED', authMessages.tooManyAttempts)
      }
      const row = await findClientByEmail(app.db, email)
      const valid = await verifyPassword(row?.passwordHash ?? (await decoyHash()), password)
      if (!row || !valid) return sendError(reply, 'BAD_CREDENTIALS', authMessages.badCredentials)
      const updated = await recordLogin(app.db, row.id)
      return {
        success: true as const,
        message: authMessages.loggedIn,
        data: { token: await session(row.id, rememberMe), client: toClient(updated) },
      }
    },
  )

  app.post('/auth/logout', { preHandler: app.requireClient }, async (request) => {
    await revokeToken(app.db, request.session!.jti, request.session!.expiresAt, app.clock.now())
    return { success: true, message: authMessages.loggedOut }
  })

  app.get(
    '/auth/check',
    { preHandler: app.requireClient, schema: { response: { 200: CheckResponseSchema } } },
    async (request) => {
      const row = await findClientById(app.db, request.clientId!)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return { success: true as const, data: { isAuthenticated: true as const, client: toClient(row) } }
    },
  )

  /** A fresh token for the same session length; the old one is revoked. */
  app.post(
    '/auth/refresh',
    { preHandler: app.requireClient, schema: { response: { 200: SessionResponseSchema } } },
    async (request) => {
      const row = await findClientById(app.db, request.clientId!)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      const token = await session(row.id, request.session!.rememberMe)
      await revokeToken(app.db, request.session!.jti, request.session!.expiresAt, app.clock.now())
      return {
        success: true as const,
        message: authMessages.loggedIn,
        data: { token, client: toClient(row) },
      }
    },
  )

  app.put(
    '/auth/profile',
    {
      preHandler: app.requireClient,
      schema: { body: ProfileUpdateSchema, response: { 200: ClientResponseSchema } },
    },
    async (request) => {
      const { firstName, lastName, phone } = request.body
      const row = await updateClientProfile(app.db, request.clientId!, {
        firstName,
        lastName,
        phone: phone ?? null,
      })
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return { success: true as const, message: authMessages.profileUpdated, data: { client: toClient(row) } }
    },
  )

  app.put(
    '/auth/preferences',
    {
      preHandler: app.requireClient,
      schema: { body: PreferencesSchema, response: { 200: ClientResponseSchema } },
    },
    async (request) => {
      const row = await updateClientPreferences(app.db, request.clientId!, request.body)
      if (!row) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
      return {
        success: true as const,
        message: authMessages.preferencesUpdated,
        data: { client: toClient(row) },
      }
    },
  )

  const SocialParams = z.object({ provider: z.enum(['google', 'facebook']) })
  app.post('/auth/social/:provider', { schema: { params: SocialParams } }, async (request, reply) =>
    sendError(reply, 'NOT_IMPLEMENTED', authMessages.socialNotImplemented(request.params.provider)),
  )

  /** Mis Reservas: the signed-in client's reservations, newest stay first. */
  app.get(
    '/auth/reservations',
    { preHandler: app.requireClient, schema: { response: { 200: ReservationsListResponseSchema } } },
    async (request) => {
      const rows = await listReservationsForClient(app.db, request.clientId!)
      return { success: true as const, data: { reservations: rows.map(toReservationView) } }
    },
  )

  await app.register(passwordResetRoutes)
}
