import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { findSessionState, loadSharedSecret } from '../features/auth/auth.queries.ts'
import { type SessionClaims, verifySession } from '../features/auth/tokens.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The HS256 key of session tokens. */
    sessionKey: Uint8Array
    /** preHandler for routes that need a signed-in client. */
    requireClient: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in client of a request with a valid, unrevoked Bearer token, else null. */
    clientId: string | null
    session: SessionClaims | null
  }
}

/**
 * Bearer-token sessions. A request with a valid token that was not revoked (logout, refresh) and
 * carries its client's current session epoch (a password reset or change bumps it) gets `clientId`;
 * any other request is anonymous. Both live in the database, so they hold for every API process,
 * and one query reads both.
 */
async function authPlugin(app: FastifyInstance) {
  const secret = app.config.jwtSecret ?? (await loadSharedSecret(app.db, 'jwt'))
  app.decorate('sessionKey', new TextEncoder().encode(secret))
  app.decorateRequest('clientId', null)
  app.decorateRequest('session', null)

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) return
    const result = await verifySession(app.sessionKey, header.slice(7).trim(), app.clock.now())
    if (!result.ok) return
    const state = await findSessionState(app.db, result.claims)
    if (!state || state.revoked || state.epoch !== result.claims.epoch) return
    request.clientId = result.claims.clientId
    request.session = result.claims
  })

  app.decorate('requireClient', async (request: FastifyRequest) => {
    if (!request.clientId) throw new DomainError('UNAUTHORIZED', messages.unauthorized)
  })
}

export default fp(authPlugin, { name: 'auth' })
