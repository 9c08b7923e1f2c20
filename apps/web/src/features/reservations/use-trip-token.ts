import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { readTripToken, rememberTripToken } from './trip-access'

/**
 * The reservation's secret for this page. A mailed link brings it as `?token=`: it is kept in the
 * tab's session storage and taken out of the address at once (history.replaceState through the
 * router), so it stays out of the history, of a copied or shared address and of later Referers.
 * A reload of the clean address finds it in storage. Mount one per reservation id (key it).
 */
export function useTripToken(reservationId: string): string | null {
  const [searchParams] = useSearchParams()
  const { pathname, hash, state } = useLocation()
  const navigate = useNavigate()
  const linkToken = searchParams.get('token')
  const [token] = useState(() => linkToken ?? readTripToken(reservationId))

  useEffect(() => {
    if (linkToken === null) return
    rememberTripToken(reservationId, linkToken)
    const rest = new URLSearchParams(searchParams)
    rest.delete('token')
    const search = rest.toString()
    void navigate({ pathname, search: search ? `?${search}` : '', hash }, { replace: true, state })
  }, [linkToken, reservationId, searchParams, navigate, pathname, hash, state])

  return token
}
