/**
 * How a browser opens a reservation: the signed-in owner's session, or the secret of the mailed
 * link. The secret lives in this tab's session storage, keyed by reservation id, never in the
 * address bar, and is sent only as the `X-Reservation-Token` header.
 */
export type TripCredentials = {
  /** The signed-in client's session token. */
  sessionToken: string | null
  /** The reservation's secret from the confirmation (mail link or checkout answer). */
  accessToken: string | null
}

const storageKey = (reservationId: string) => `cabanas.trip.${reservationId}`

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export function rememberTripToken(reservationId: string, token: string, storage = sessionStore()) {
  try {
    storage?.setItem(storageKey(reservationId), token)
  } catch {
    // Storage full or refused: the page still opens this time, from the link's token in memory.
  }
}

export function readTripToken(reservationId: string, storage = sessionStore()): string | null {
  try {
    return storage?.getItem(storageKey(reservationId)) ?? null
  } catch {
    return null
  }
}

/** The headers that present the credentials; the API accepts either. */
export function tripHeaders({ sessionToken, accessToken }: TripCredentials): Record<string, string> {
  return {
    ...(sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {}),
    ...(accessToken ? { 'X-Reservation-Token': accessToken } : {}),
  }
}
