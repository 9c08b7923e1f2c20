import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'

const storageKey = (pathname: string) => `link-token:${pathname}`

function readStored(pathname: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(pathname))
  } catch {
    return null
  }
}

function store(pathname: string, token: string | null) {
  try {
    if (token === null) sessionStorage.removeItem(storageKey(pathname))
    else sessionStorage.setItem(storageKey(pathname), token)
  } catch {
    // Storage refused (private mode, quota): the token still lives in this page's state.
  }
}

/**
 * The token of a mailed link ('Confirma tu correo', reset): in the fragment (`#token=`, which the
 * browser never sends to a server nor puts in a Referer) or, in links mailed before, as `?token=`.
 * It is taken out of the address bar at once (history.replaceState through the router), so it stays
 * out of the browser's history, of a shared address and of the Referer of what the page loads next;
 * the tab's session storage keeps it so a reload of the clean address still works. `isUrlClean` turns
 * true once the address no longer shows it, so the page uses the token only after that. `forget()`
 * drops it (the page moves on, e.g. to ask for a new link).
 */
export function useLinkToken(): { token: string | null; isUrlClean: boolean; forget: () => void } {
  const [searchParams] = useSearchParams()
  const { pathname, hash } = useLocation()
  const navigate = useNavigate()
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const linkToken = fragment.get('token') ?? searchParams.get('token')
  const [token, setToken] = useState(() => linkToken ?? readStored(pathname))
  const isUrlClean = linkToken === null

  useEffect(() => {
    if (linkToken === null) return
    store(pathname, linkToken)
    const search = new URLSearchParams(searchParams)
    search.delete('token')
    const rest = new URLSearchParams(hash.replace(/^#/, ''))
    rest.delete('token')
    const query = search.toString()
    const remaining = rest.toString()
    void navigate(
      { pathname, search: query ? `?${query}` : '', hash: remaining ? `#${remaining}` : '' },
      { replace: true },
    )
  }, [linkToken, navigate, pathname, hash, searchParams])

  const forget = useCallback(() => {
    store(pathname, null)
    setToken(null)
  }, [pathname])

  return { token, isUrlClean, forget }
}
