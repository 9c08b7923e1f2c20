import { useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { useSession } from './use-session'

/** Where a guard sends the user back to after login: navigation state `{ from }`. */
export type ReturnState = { from?: string }

/** The `from` path of a navigation state, when it is a path of this app. */
export function returnPathOf(state: unknown): string | undefined {
  const from = (state as ReturnState | null)?.from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined
}

type RequireSessionProps = {
  loginPath: string
  /** Where a client who signs out on the page goes ('Cerrar sesión' goes home, spec §2). */
  signedOutPath: string
}

/**
 * Pages for signed-in clients (spec §6): anonymous users go to the login page, which brings them back.
 * A client who signs out while the page is shown goes to `signedOutPath` instead; one whose session
 * expires, or ends in another tab, to the login, which brings them back.
 */
export function RequireSession({ loginPath, signedOutPath }: RequireSessionProps) {
  const session = useSession()
  const { status } = session
  const location = useLocation()
  // The visit (location key) at which this page was last shown to the signed-in client: only a
  // sign-out made there goes to `signedOutPath`. A later visit after signing out, by a link, still goes
  // to the login, also when it comes before React drew the page the sign-out went to: React then draws
  // only the latest location and this guard stays mounted, so being shown once is not enough.
  const shownAt = useRef<string | null>(null)
  useEffect(() => {
    if (status === 'authenticated') shownAt.current = location.key
  }, [status, location.key])
  if (status === 'checking') return <PageSpinner label="Verificando tu sesión…" />
  if (status === 'anonymous') {
    if (session.signedOut && shownAt.current === location.key) return <Navigate to={signedOutPath} replace />
    const from = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={loginPath} replace state={{ from } satisfies ReturnState} />
  }
  return <Outlet />
}

type GuestOnlyProps = {
  /** Where a signed-in client goes; `returnToPrevious` sends them back where they came from instead. */
  fallbackPath: string
  returnToPrevious?: boolean
}

/** Login and register (spec §6): a signed-in client is sent away, replacing the history entry. */
export function GuestOnly({ fallbackPath, returnToPrevious = false }: GuestOnlyProps) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'checking') return <PageSpinner label="Verificando tu sesión…" />
  if (status === 'authenticated') {
    const to = (returnToPrevious && returnPathOf(location.state)) || fallbackPath
    return <Navigate to={to} replace />
  }
  return <Outlet />
}
