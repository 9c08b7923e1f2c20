import type { Client } from '@cabanas/domain/auth'
import { createContext } from 'react'

/**
 * - `anonymous`: no token; `signedOut` when this tab's client just chose 'Cerrar sesión' (not an
 *   expired or refused token, nor a sign-out in another tab).
 * - `checking`: a stored token is being verified with /auth/check (spec §4); `user` is the stored one.
 *   `token` is null while a page hydrating the server's HTML has not read the storage yet.
 * - `authenticated`: verified, or just returned by login or registration.
 */
export type SessionState =
  | { status: 'anonymous'; token: null; user: null; signedOut?: true }
  | { status: 'checking'; token: string | null; user: Client | null }
  | { status: 'authenticated'; token: string; user: Client }

export type SessionStatus = SessionState['status']

export type SessionActions = {
  /** After login or registration: keeps the token and the returned user (spec §7). */
  signIn: (session: { token: string; client: Client }) => void
  /** Clears the stored session and revokes the token on the server (best effort). */
  signOut: () => void
  /** Clears the session without a server call: the server already refused the token. */
  expireSession: () => void
  /** After a profile or preferences update. */
  updateUser: (client: Client) => void
}

export type SessionValue = SessionState & SessionActions

export const SessionContext = createContext<SessionValue | null>(null)
