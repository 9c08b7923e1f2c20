import { useContext } from 'react'
import { SessionContext, type SessionValue } from './session-context'

/** The signed-in client, if any, and the session actions. */
export function useSession(): SessionValue {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession needs a SessionProvider')
  return session
}
