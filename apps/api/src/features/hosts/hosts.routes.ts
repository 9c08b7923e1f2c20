import {
  HostProfileCreateSchema,
  HostProfileResponseSchema,
  HostProfileUpdateSchema,
  hostMessages,
} from '@cabanas/domain/hosts'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { findHostProfile, insertHostProfile, toHostProfile, updateHostProfile } from './hosts.queries.ts'

/** Writes of a host profile per client, and per address, in 15 minutes (docs/decisions.md, "Roles"). */
const PROFILE_WRITES_PER_CLIENT = 10
const PROFILE_WRITES_PER_IP = 30

const validProfile = { displayName: 'Cabañas Don Beto', phone: '5512345678', clabe: '012180012345678909' }

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const tooMany = refusal('RATE_LIMITED', hostMessages.tooManyChanges)

/**
 * The host side of an account: 'Publica tu cabaña' makes a signed-in client a host (its host
 * profile), which the host then reads and edits. The CLABE is never answered in full.
 */
export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitWrites = (reply: FastifyReply, clientId: string, clientAddress: string) =>
    app.enforceLimits(
      reply,
      [
        { key: `host-profile:${clientId}`, limit: PROFILE_WRITES_PER_CLIENT, windowSeconds: 900 },
        { key: `host-profile-ip:${clientAddress}`, limit: PROFILE_WRITES_PER_IP, windowSeconds: 900 },
      ],
      hostMessages.tooManyChanges,
    )

  app.post(
    '/api/hosts/me',
    {
      preHandler: app.requireClient,
      schema: {
        summary: "'Publica tu cabaña': el cliente se vuelve anfitrión con su perfil de anfitrión",
        body: HostProfileCreateSchema,
        response: {
          201: HostProfileResponseSchema,
          ...errorResponses([
            invalidInput(HostProfileCreateSchema, { ...validProfile, clabe: '012180012345678900' }),
            unauthorized,
            refusal('HOST_EXISTS', hostMessages.alreadyHost),
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      if (request.roles.includes('host')) throw new DomainError('HOST_EXISTS', hostMessages.alreadyHost)
      await limitWrites(reply, clientId, request.clientAddress)
      const row = await insertHostProfile(app.db, { clientId, ...request.body })
      if (!row) throw new DomainError('HOST_EXISTS', hostMessages.alreadyHost)
      request.log.info({ clientId }, 'host profile created')
      return reply.status(201).send({
        success: true as const,
        message: hostMessages.becameHost,
        data: { hostProfile: toHostProfile(row) },
      })
    },
  )

  app.get(
    '/api/hosts/me',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'El perfil de anfitrión del cliente (la CLABE solo con sus últimos 4 dígitos)',
        response: { 200: HostProfileResponseSchema, ...errorResponses([unauthorized, notHost]) },
      },
    },
    async (request) => {
      const row = await findHostProfile(app.db, requireSession(request).clientId)
      if (!row) throw new DomainError('FORBIDDEN', hostMessages.notHost)
      return { success: true as const, data: { hostProfile: toHostProfile(row) } }
    },
  )

  app.put(
    '/api/hosts/me',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Actualiza el perfil de anfitrión; la CLABE solo si se envía una nueva',
        body: HostProfileUpdateSchema,
        response: {
          200: HostProfileResponseSchema,
          ...errorResponses([
            invalidInput(HostProfileUpdateSchema, { ...validProfile, displayName: 'A' }),
            unauthorized,
            notHost,
            tooMany,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      await limitWrites(reply, clientId, request.clientAddress)
      const row = await updateHostProfile(app.db, clientId, request.body)
      if (!row) throw new DomainError('FORBIDDEN', hostMessages.notHost)
      request.log.info({ clientId, clabeChanged: request.body.clabe !== undefined }, 'host profile updated')
      return {
        success: true as const,
        message: hostMessages.profileUpdated,
        data: { hostProfile: toHostProfile(row) },
      }
    },
  )
}
