import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'

/**
 * The `?token=` of a mailed link, taken out of the address bar at once (history.replaceState through
 * the router): it stays out of the browser's history, of a shared or reloaded address, and of the
 * Referer of what the page loads next. `isUrlClean` turns true once the address no longer shows it,
 * so the page uses the token only after that.
 */
export function useLinkToken(): { token: string | null; isUrlClean: boolean } {
  const [searchParams] = useSearchParams()
  const { pathname, hash } = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => searchParams.get('token'))
  const isUrlClean = !searchParams.has('token')

  useEffect(() => {
    if (!isUrlClean) void navigate({ pathname, search: '', hash }, { replace: true })
  }, [isUrlClean, navigate, pathname, hash])

  return { token, isUrlClean }
}
