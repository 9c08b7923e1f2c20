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

const KEY_PREFIX = 'cabanas.trip.'
const storageKey = (reservationId: string) => `${KEY_PREFIX}${reservationId}`

/** The stay a reservation holds, kept beside its secret when this browser made it (the checkout). */
export type TripStay = { cabinId: string; checkIn: string; checkOut: string }

type StoredTripToken = { token: string; savedAt: number; stay?: TripStay }

function parseStay(value: unknown): TripStay | undefined {
  const { cabinId, checkIn, checkOut } = (value ?? {}) as Partial<Record<keyof TripStay, unknown>>
  return typeof cabinId === 'string' && typeof checkIn === 'string' && typeof checkOut === 'string'
    ? { cabinId, checkIn, checkOut }
    : undefined
}

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
    const { token, savedAt, stay } = (value ?? {}) as Partial<Record<keyof StoredTripToken, unknown>>
    if (typeof token !== 'string' || !token || typeof savedAt !== 'number') return null
    const parsedStay = parseStay(stay)
    return parsedStay ? { token, savedAt, stay: parsedStay } : { token, savedAt }
  } catch {
    return null
  }
}

/**
 * Keeps the trip's secret in this browser, dated `now` (each visit starts its days again), with the
 * stay it holds when given; a later visit without it keeps the one already stored.
 */
export function rememberTripToken(
  reservationId: string,
  token: string,
  now: number,
  storage = browserStore('localStorage'),
  stay?: TripStay,
) {
  try {
    const key = storageKey(reservationId)
    const kept = stay ?? parseStored(storage?.getItem(key) ?? null)?.stay
    const record: StoredTripToken = kept ? { token, savedAt: now, stay: kept } : { token, savedAt: now }
    storage?.setItem(key, JSON.stringify(record))
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

/**
 * The reservation this browser made of `cabinId` whose stay overlaps these dates (its secret still
 * kept), or null. The cabin page shows it instead of 'No disponible' when the dates are taken.
 */
export function findRememberedStay(
  cabinId: string,
  dates: { checkIn: string; checkOut: string },
  now: number,
  storage = browserStore('localStorage'),
): ({ reservationId: string } & TripStay) | null {
  try {
    if (!storage) return null
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index)
      if (!key?.startsWith(KEY_PREFIX)) continue
      const stored = parseStored(storage.getItem(key))
      const stay = stored?.stay
      if (!stored || !stay || now - stored.savedAt >= TRIP_TOKEN_DAYS * 86_400_000) continue
      if (stay.cabinId !== cabinId) continue
      if (stay.checkIn < dates.checkOut && dates.checkIn < stay.checkOut) {
        return { reservationId: key.slice(KEY_PREFIX.length), ...stay }
      }
    }
    return null
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
