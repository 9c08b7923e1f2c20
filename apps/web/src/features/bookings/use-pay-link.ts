import { useLayoutEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { BookingRequestLink } from './checkout-request'

const storageKey = (requestId: string) => `pay-link:${requestId}`

function readStored(requestId: string): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(requestId)) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The accepted request a checkout pays (`?solicitud=<id>`), with its pay link's secret: mailed in the
 * fragment (`#pago=`), kept in this tab's session storage and taken out of the address at once, so it
 * stays out of the history and of a copied address; a reload of the tab finds it again. Without a
 * secret the signed-in account that made the request pays it.
 */
export function usePayLink(): BookingRequestLink | undefined {
  const [searchParams] = useSearchParams()
  const { pathname, search, hash, state } = useLocation()
  const navigate = useNavigate()
  const id = searchParams.get('solicitud')
  const linkToken = new URLSearchParams(hash.replace(/^#/, '')).get('pago') ?? undefined
  const [token] = useState(() => linkToken ?? (id ? readStored(id) : undefined))

  useLayoutEffect(() => {
    if (!id || !linkToken) return
    try {
      sessionStorage.setItem(storageKey(id), linkToken)
    } catch {
      // Storage refused (private mode): the secret lives in memory for this page only.
    }
    void navigate({ pathname, search, hash: '' }, { replace: true, state })
  }, [id, linkToken, navigate, pathname, search, state])

  if (!id || id.length > 100) return undefined
  return { id, token: linkToken ?? token }
}
