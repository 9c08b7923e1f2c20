/**
 * How a browser opens a reservation: the signed-in owner's session, or the secret of the mailed
 * link. The secret is kept in this browser's local storage, keyed by reservation id, so every tab
 * (a new tab, the bare address pasted or bookmarked, a reload) opens the trip as the link did. It is
 * never in the address bar and is sent only as the `X-Reservation-Token` header.
 */
export type TripCredentials = {
  /** The signed-in client's session token. */
  sessionToken: string | null
  /** The reservation's secret from the confirmation (mail link or checkout answer). */
  accessToken: string | null
}

/**
 * Days a browser keeps a trip's secret after it last opened the trip, as long as a 'Recordarme'
 * session lasts; after that (a shared computer, say) the mail's link opens it again.
 */
export const TRIP_TOKEN_DAYS = 30

const storageKey = (reservationId: string) => `cabanas.trip.${reservationId}`

type StoredTripToken = { token: string; savedAt: number }

function browserStore(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind]
  } catch {
    return undefined
  }
}

function parseStored(text: string | null): StoredTripToken | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    const { token, savedAt } = (value ?? {}) as Partial<StoredTripToken>
    return typeof token === 'string' && token && typeof savedAt === 'number' ? { token, savedAt } : null
  } catch {
    return null
  }
}

/** Keeps the trip's secret in this browser, dated `now` (each visit starts its days again). */
export function rememberTripToken(
  reservationId: string,
  token: string,
  now: number,
  storage = browserStore('localStorage'),
) {
  try {
    storage?.setItem(storageKey(reservationId), JSON.stringify({ token, savedAt: now }))
  } catch {
    // Storage full or refused: the page still opens this time, from the link's token in memory.
  }
}

/**
 * The trip's secret this browser keeps, or null; one older than TRIP_TOKEN_DAYS is dropped on the
 * way. A tab opened before the secret moved to local storage still has it in its session storage:
 * it is moved over.
 */
export function readTripToken(
  reservationId: string,
  now: number,
  storage = browserStore('localStorage'),
  tabStorage = browserStore('sessionStorage'),
): string | null {
  const key = storageKey(reservationId)
  try {
    const stored = parseStored(storage?.getItem(key) ?? null)
    if (stored && now - stored.savedAt < TRIP_TOKEN_DAYS * 86_400_000) return stored.token
    if (stored) storage?.removeItem(key)
    const fromTab = tabStorage?.getItem(key) ?? null
    if (!fromTab) return null
    tabStorage?.removeItem(key)
    rememberTripToken(reservationId, fromTab, now, storage)
    return fromTab
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
