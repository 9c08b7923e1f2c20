import { randomUUID } from 'node:crypto'
import { requireValue } from '@cabanas/domain/shared'
import { errors, jwtVerify, SignJWT } from 'jose'

const ISSUER = 'cabanas-mx'
const AUDIENCE = 'cabanas-mx-web'
const SESSION_HOURS = 24
const REMEMBER_ME_DAYS = 30

export type SessionClaims = {
  clientId: string
  jti: string
  expiresAt: Date
  rememberMe: boolean
  /** The client's session epoch when signed: a password reset or change bumps it, voiding the token. */
  epoch: number
}

/**
 * A session token: HS256, issuer, audience, expiry, a unique id that logout can revoke and the
 * client's session epoch (`sep`).
 */
export async function signSession(
  key: Uint8Array,
  { clientId, rememberMe, epoch, now }: { clientId: string; rememberMe: boolean; epoch: number; now: Date },
): Promise<{ token: string; claims: SessionClaims }> {
  const jti = randomUUID()
  const seconds = rememberMe ? REMEMBER_ME_DAYS * 86_400 : SESSION_HOURS * 3600
  const issuedAt = Math.floor(now.getTime() / 1000)
  const token = await new SignJWT({ rme: rememberMe, sep: epoch })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(clientId)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(key)
  const expiresAt = new Date((issuedAt + seconds) * 1000)
  return { token, claims: { clientId, jti, expiresAt, rememberMe, epoch } }
}

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' }

/** Only HS256 with our key, issuer and audience; `alg: none`, other keys and expired tokens fail. */
export async function verifySession(key: Uint8Array, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    })
    return {
      ok: true,
      claims: {
        clientId: requireValue(payload.sub, 'the sub claim'),
        jti: requireValue(payload.jti, 'the jti claim'),
        expiresAt: new Date(requireValue(payload.exp, 'the exp claim') * 1000),
        rememberMe: payload.rme === true,
        // Tokens signed before epochs existed belong to epoch 0, every client's first.
        epoch: Number.isSafeInteger(payload.sep) ? (payload.sep as number) : 0,
      },
    }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
