import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { SessionClaims } from '../lib/session-tokens.ts'
import { requireSession } from './auth.ts'

const claims: SessionClaims = {
  clientId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  jti: 'a3c9e1f0-2b4d-4e6f-8a0b-1c2d3e4f5a6b',
  expiresAt: new Date('2026-06-02T12:00:00Z'),
  rememberMe: true,
  epoch: 2,
}

describe('requireSession', () => {
  it('gives the session of a signed-in request, typed', () => {
    const request = { session: claims, clientId: claims.clientId } as FastifyRequest
    expect(requireSession(request)).toBe(claims)
  })

  it('refuses an anonymous request with the 401 of every signed-in route', () => {
    const request = { session: null, clientId: null } as FastifyRequest
    const error = (() => {
      try {
        requireSession(request)
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: messages.unauthorized })
  })
})
