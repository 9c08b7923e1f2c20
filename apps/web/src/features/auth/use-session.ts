import { useContext, useMemo } from 'react'
import { SessionContext, type SessionValue } from './session-context'

/** The signed-in client, if any, and the session actions. */
export function useSession(): SessionValue {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession needs a SessionProvider')
  return session
}

/** A signed-in session as the API hooks take it: the token, and what to do when the server refuses it. */
export type ApiSession = { token: string; onUnauthorized: () => void }

/** The session for the API hooks (the same object while the token stays), or null when signed out. */
export function useApiSession(): ApiSession | null {
  const { token, expireSession } = useSession()
  return useMemo(() => (token ? { token, onUnauthorized: expireSession } : null), [token, expireSession])
}
