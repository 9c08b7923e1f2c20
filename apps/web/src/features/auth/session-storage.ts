import type { Client } from '@cabanas/domain/auth'

/** Spec §4: the session lives in local storage under these keys (the checkout reads them too). */
export const TOKEN_KEY = 'auth_token'
export const USER_KEY = 'auth_user'

export type StoredSession = {
  token: string
  /** Null when the stored user is missing or not a client any more; /auth/check brings it back. */
  user: Client | null
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The `exp` claim of a JWT, in milliseconds, or null when the token carries none or cannot be read
 * (the server then decides). The signature is not checked here: that is the server's job.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')))
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
  } catch {
    return null
  }
}

/** Spec §4: a token is expired when its exp claim is in the past. */
export function isTokenExpired(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && expiresAt <= now
}

/**
 * The stored user, checked only for what the header shows. It is written by this app from a parsed
 * response and replaced by /auth/check on start; a full zod parse here would put zod in the entry chunk.
 */
function readUser(text: string | null): Client | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const user = value as Record<string, unknown>
    const hasNames = ['id', 'firstName', 'lastName', 'email'].every((key) => typeof user[key] === 'string')
    return hasNames && typeof user.preferences === 'object' && typeof user.oauthProviders === 'object'
      ? (value as Client)
      : null
  } catch {
    return null
  }
}

/** The stored session, or null. An expired token is cleared on the way. */
export function readStoredSession(now: number, storage = localStore()): StoredSession | null {
  const token = storage?.getItem(TOKEN_KEY)
  if (!token) return null
  if (isTokenExpired(token, now)) {
    clearStoredSession(storage)
    return null
  }
  return { token, user: readUser(storage?.getItem(USER_KEY) ?? null) }
}

export function writeStoredSession(session: { token: string; user: Client }, storage = localStore()): void {
  try {
    storage?.setItem(TOKEN_KEY, session.token)
    storage?.setItem(USER_KEY, JSON.stringify(session.user))
  } catch {
    // Storage full or blocked: the session still lasts for this page.
  }
}

export function clearStoredSession(storage = localStore()): void {
  try {
    storage?.removeItem(TOKEN_KEY)
    storage?.removeItem(USER_KEY)
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
