import { useLayoutEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { readTripToken, rememberTripToken } from './trip-access'

/** The address's fragment (`#token=…&…`) as parameters. */
const fragmentParams = (hash: string) => new URLSearchParams(hash.replace(/^#/, ''))

/**
 * The reservation's secret for this page. A mailed link brings it in the fragment (`#token=`), which
 * the browser never sends to a server nor puts in a Referer; links mailed before brought it as
 * `?token=`, still accepted. Either way it is kept in the browser's local storage and taken out of
 * the address at once (history.replaceState through the router, before the page's requests start),
 * so it stays out of the session history, of a copied or shared address and of later Referers. A
 * reload, a new tab or the bare address in this browser finds it in storage. Mount one per
 * reservation id (key it).
 */
export function useTripToken(reservationId: string): string | null {
  const [searchParams] = useSearchParams()
  const { pathname, hash, state } = useLocation()
  const navigate = useNavigate()
  const linkToken = fragmentParams(hash).get('token') ?? searchParams.get('token')
  const [token, setToken] = useState(() => linkToken ?? readTripToken(reservationId, Date.now()))
  // A link opened over this very page (only the fragment changes, so nothing remounts) brings its token.
  if (linkToken !== null && linkToken !== token) setToken(linkToken)

  // A layout effect runs before any passive one, so before the trip's request is sent.
  useLayoutEffect(() => {
    if (token !== null) rememberTripToken(reservationId, token, Date.now())
    if (linkToken === null) return
    const search = new URLSearchParams(searchParams)
    search.delete('token')
    const fragment = fragmentParams(hash)
    fragment.delete('token')
    const rest = { search: search.toString(), hash: fragment.toString() }
    void navigate(
      { pathname, search: rest.search ? `?${rest.search}` : '', hash: rest.hash ? `#${rest.hash}` : '' },
      { replace: true, state },
    )
  }, [token, linkToken, reservationId, searchParams, navigate, pathname, hash, state])

  return token
}
