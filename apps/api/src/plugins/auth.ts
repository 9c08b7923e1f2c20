import { randomBytes } from 'node:crypto'
import type { Role } from '@cabanas/domain/auth'
import { hostMessages } from '@cabanas/domain/hosts'
import { DomainError, messages, requireValue } from '@cabanas/domain/shared'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { appSecrets, clients, hostProfiles, operators, revokedTokens } from '../db/schema.ts'
import { type SessionClaims, verifySession } from '../lib/session-tokens.ts'
import { isUuid } from '../lib/uuid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The HS256 key of session tokens. */
    sessionKey: Uint8Array
    /** preHandler for routes that need a signed-in client. */
    requireClient: (request: FastifyRequest) => Promise<void>
    /** preHandler for host routes: 401 without a session, 403 ('FORBIDDEN') for a client who is not a host. */
    requireHost: (request: FastifyRequest) => Promise<void>
    /** preHandler for operator routes: 401 without a session, 403 ('FORBIDDEN') for anyone not an operator. */
    requireOperator: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in client of a request with a valid, unrevoked Bearer token, else null. */
    clientId: string | null
    session: SessionClaims | null
    /** The roles of the signed-in client, read from the database with the session on this request. */
    roles: readonly Role[]
  }
}

/**
 * The session of a signed-in request, typed; a 401 ('UNAUTHORIZED') for an anonymous one. Handlers
 * behind `app.requireClient` call it to read the client's id and token instead of asserting them.
 */
export function requireSession(request: FastifyRequest): SessionClaims {
  if (!request.session) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
  return request.session
}

/** The signed-in client's roles, checked on every request (a revoked role ends at once). */
export function hasRole(request: FastifyRequest, role: Role): boolean {
  return request.roles.includes(role)
}

/**
 * Bearer-token sessions. A request with a valid token that was not revoked (logout, refresh) and
 * carries its client's current session epoch (a password reset or change bumps it) gets `clientId`;
 * any other request is anonymous. Both live in the database, so they hold for every API process,
 * and one query reads both, and the client's roles (host, operator) with them: a role is never in the
 * token, so a revoked one ends with the next request (docs/decisions.md, "Roles"). The auth feature signs the tokens (lib/session-tokens.ts) and writes
 * the revocations and epochs; this plugin only checks them, for every feature.
 */
async function authPlugin(app: FastifyInstance) {
  const secret = app.config.jwtSecret ?? (await loadSharedSecret(app.db, 'jwt'))
  app.decorate('sessionKey', new TextEncoder().encode(secret))
  app.decorateRequest('clientId', null)
  app.decorateRequest('session', null)
  // Fastify refuses a shared array as a decoration's default: every request gets NO_ROLES first thing.
  app.decorateRequest('roles', null as unknown as readonly Role[])

  app.addHook('onRequest', async (request) => {
    request.roles = NO_ROLES
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) return
    const result = await verifySession(app.sessionKey, header.slice(7).trim(), app.clock.now())
    if (!result.ok) return
    const state = await findSessionState(app.db, result.claims)
    if (!state || state.revoked || state.epoch !== result.claims.epoch) return
    request.clientId = result.claims.clientId
    request.session = result.claims
    request.roles = state.roles
  })

  app.decorate('requireClient', async (request: FastifyRequest) => {
    requireSession(request)
  })
  app.decorate('requireHost', async (request: FastifyRequest) => {
    requireSession(request)
    if (!hasRole(request, 'host')) throw new DomainError('FORBIDDEN', hostMessages.notHost)
  })
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    requireSession(request)
    if (!hasRole(request, 'operator')) throw new DomainError('FORBIDDEN', hostMessages.notOperator)
  })
}

const NO_ROLES: readonly Role[] = Object.freeze([])

const hostExists = sql<boolean>`exists (select 1 from ${hostProfiles} where ${hostProfiles.clientId} = ${clients.id})`
const operatorExists = sql<boolean>`exists (select 1 from ${operators} where ${operators.clientId} = ${clients.id})`

function rolesOf(row: { isHost: boolean; isOperator: boolean }): Role[] {
  const roles: Role[] = []
  if (row.isHost) roles.push('host')
  if (row.isOperator) roles.push('operator')
  return roles
}

/** A client's roles, for answers that carry the client (login, registration, profile). */
export async function findClientRoles(db: Database, clientId: string): Promise<Role[]> {
  const [row] = await db
    .select({ isHost: hostExists, isOperator: operatorExists })
    .from(clients)
    .where(eq(clients.id, clientId))
  return row ? rolesOf(row) : []
}

/** The signing key shared by every process: JWT_SECRET, or one generated once and kept in the database. */
async function loadSharedSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  return requireValue(row, `the secret ${name}`).value
}

/**
 * What a session's validity depends on, in one round trip: the client's current epoch, whether this
 * token id was revoked, and the client's roles. Null when the client does not exist.
 */
async function findSessionState(
  db: Database,
  { clientId, jti }: { clientId: string; jti: string },
): Promise<{ epoch: number; revoked: boolean; roles: Role[] } | null> {
  if (!isUuid(clientId)) return null
  const [row] = await db
    .select({
      epoch: clients.sessionEpoch,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`,
      isHost: hostExists,
      isOperator: operatorExists,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
  return row ? { epoch: row.epoch, revoked: row.revoked, roles: rolesOf(row) } : null
}

export default fp(authPlugin, { name: 'auth' })
