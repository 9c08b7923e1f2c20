import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import { isApiError } from '../../lib/api-client'
import { useHydrated } from '../../lib/use-hydrated'
import { isSessionRejected } from './auth-errors'
import { SessionContext, type SessionState, type SessionValue } from './session-context'
import {
  clearStoredSession,
  isTokenExpired,
  readStoredSession,
  TOKEN_KEY,
  tokenExpiresAt,
  USER_KEY,
  writeStoredSession,
} from './session-storage'

const ANONYMOUS: SessionState = { status: 'anonymous', token: null, user: null }
const SIGNED_OUT: SessionState = { ...ANONYMOUS, signedOut: true }
/** The server's session (it has no storage), which a hydrating page renders first. */
const NOT_READ: SessionState = { status: 'checking', token: null, user: null }

/** setTimeout's longest delay (~24.8 days); a longer session is checked again on the next start. */
const MAX_TIMER_MS = 2_147_483_647

function storedState(): SessionState {
  const stored = readStoredSession(Date.now())
  return stored ? { status: 'checking', ...stored } : ANONYMOUS
}

/**
 * The client session of spec §4: kept in local storage, verified with /auth/check on start, cleared
 * when the server refuses the token or its exp claim passes, shared between tabs. The API module is
 * loaded on demand so that zod and the schemas stay out of the entry chunk.
 *
 * The server has no storage: it renders the session as not read yet, and so does a hydrating page,
 * which reads the stored session right after. That update is a transition: it waits for the page's
 * lazy parts to hydrate, where an urgent one would make React drop their server HTML and render them
 * again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const isHydrated = useHydrated()
  const [state, setState] = useState<SessionState>(() => (isHydrated ? storedState() : NOT_READ))

  useEffect(() => {
    if (state === NOT_READ) startTransition(() => setState(storedState()))
  }, [state])

  /** Forgets a token: its stored copy and every cached query keyed by it. */
  const forget = useCallback(
    (token: string | null, next: SessionState = ANONYMOUS) => {
      clearStoredSession()
      setState(next)
      if (token) queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(token) })
    },
    [queryClient],
  )

  const { status, token } = state

  // On start: verify the stored token. A network failure is not a verdict: a readable session stays.
  useEffect(() => {
    if (status !== 'checking' || token === null) return
    const controller = new AbortController()
    import('./auth.api')
      .then(({ checkSession }) => checkSession(token, controller.signal))
      .then(
        (client) => {
          writeStoredSession({ token, user: client })
          setState({ status: 'authenticated', token, user: client })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          if (isSessionRejected(error)) return forget(token)
          if (!isApiError(error)) console.error(error)
          setState((current) =>
            current.token !== token
              ? current
              : current.user
                ? { status: 'authenticated', token, user: current.user }
                : // Nothing to show for this token: signed out here, the storage left as it was.
                  ANONYMOUS,
          )
        },
      )
    return () => controller.abort()
  }, [status, token, forget])

  // The token's exp claim passes while the app is open.
  useEffect(() => {
    if (!token) return
    const expiresAt = tokenExpiresAt(token)
    if (expiresAt === null) return
    const delay = expiresAt - Date.now()
    if (delay > MAX_TIMER_MS) return
    const timer = setTimeout(() => forget(token), Math.max(0, delay))
    return () => clearTimeout(timer)
  }, [token, forget])

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return
      const stored = readStoredSession(Date.now())
      setState(stored?.user ? { status: 'authenticated', token: stored.token, user: stored.user } : ANONYMOUS)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      signIn: ({ token: newToken, client }) => {
        writeStoredSession({ token: newToken, user: client })
        setState({ status: 'authenticated', token: newToken, user: client })
      },
      signOut: () => {
        forget(token, SIGNED_OUT)
        if (!token || isTokenExpired(token, Date.now())) return
        import('./auth.api')
          .then(({ logOut }) => logOut(token))
          .catch(() => {
            // Already cleared here; a token the server could not revoke still expires on its own.
          })
      },
      expireSession: () => forget(token),
      updateUser: (client) => {
        if (!token) return
        writeStoredSession({ token, user: client })
        setState({ status: 'authenticated', token, user: client })
      },
    }),
    [state, token, forget],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
