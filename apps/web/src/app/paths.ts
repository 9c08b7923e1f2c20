import { pagePatterns, publicPaths } from '@cabanas/contracts/routes'
import { isCalendarDate } from '@cabanas/domain/shared'

/**
 * The web app's links. The patterns are the route manifest's (@cabanas/contracts/routes), which the
 * router, the server renderer and the API read too; `paths` builds the links, with their query.
 */
export const routePatterns = pagePatterns

/**
 * The listing editor's steps as their Spanish address segments, in the editor's order (the domain's
 * LISTING_STEPS, then the review).
 */
export const LISTING_STEP_SLUGS = {
  type: 'tipo',
  location: 'ubicacion',
  capacity: 'capacidad',
  amenities: 'amenidades',
  photos: 'fotos',
  description: 'descripcion',
  prices: 'precios',
  rules: 'reglas',
  cancellation: 'cancelacion',
  review: 'revision',
} as const
export type ListingEditorStepKey = keyof typeof LISTING_STEP_SLUGS

/** Dates are calendar dates 'yyyy-MM-dd'. */
export type StayParams = {
  checkIn?: string
  checkOut?: string
  guests?: number
}

/** The stay a checkout is for (dates 'yyyy-MM-dd'). */
export type CheckoutStayParams = { cabinId: string; checkIn: string; checkOut: string; guests: number }

export type ResultsParams = StayParams & {
  location?: string
  bedrooms?: number
  beds?: number
  bathrooms?: number
  amenities?: readonly string[]
}

type SearchValue = string | number | readonly string[] | undefined

function withSearch(pathname: string, params: Record<string, SearchValue>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','))
      continue
    }
    search.set(key, String(value))
  }
  const query = search.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * The stay a cabin page's address carries (checkIn, checkOut, guests), for links that keep it: what
 * is malformed is left out (the cabin page checks the stay itself).
 */
export function stayInSearch(search: URLSearchParams): StayParams {
  const checkIn = search.get('checkIn')
  const checkOut = search.get('checkOut')
  const guests = Number(search.get('guests'))
  return {
    checkIn: checkIn && isCalendarDate(checkIn) ? checkIn : undefined,
    checkOut: checkOut && isCalendarDate(checkOut) ? checkOut : undefined,
    guests: Number.isInteger(guests) && guests > 0 ? guests : undefined,
  }
}

/** Bedrooms, beds and bathrooms filters: 0 means 'Todos', so it is left out of the URL. */
function positiveOrUndefined(value: number | undefined): number | undefined {
  return value !== undefined && value > 0 ? value : undefined
}

/**
 * A page whose header search starts with this destination chosen, on its arrival field: what choosing
 * a destination does before the app runs (a popular destination, 'Elegir fechas en …'). The field's
 * id is the search's (features/search/search-segments.ts `SEARCH_FIELD_IDS.llegada`).
 */
function withChosenDestination(pathname: string, location: string | undefined): string {
  return location ? `${withSearch(pathname, { location })}#search-check-in` : pathname
}

export const paths = {
  /** `location`: the header search starts with it chosen (see withChosenDestination). */
  home: ({ location }: { location?: string } = {}) => withChosenDestination(routePatterns.home, location),
  results: ({
    location,
    checkIn,
    checkOut,
    guests,
    bedrooms,
    beds,
    bathrooms,
    amenities,
  }: ResultsParams = {}) =>
    withSearch(routePatterns.results, {
      location,
      guests,
      checkIn,
      checkOut,
      bedrooms: positiveOrUndefined(bedrooms),
      beds: positiveOrUndefined(beds),
      bathrooms: positiveOrUndefined(bathrooms),
      amenities,
    }),
  cabin: (id: string, { checkIn, checkOut, guests }: StayParams = {}) =>
    withSearch(publicPaths.cabin(id), { checkIn, checkOut, guests }),
  /** The stay rides along, so 'Volver a la cabaña' gets it back. */
  cabinPhotos: (id: string, { checkIn, checkOut, guests }: StayParams = {}) =>
    withSearch(publicPaths.cabinPhotos(id), { checkIn, checkOut, guests }),
  /** `location`: the header search starts with it chosen (see withChosenDestination). */
  destination: (slug: string, { location }: { location?: string } = {}) =>
    withChosenDestination(publicPaths.destination(slug), location),
  /**
   * The checkout of a stay: its cabin, dates and guests in the address, so the page opens from the
   * address alone (a reload, the cabin page's 'Reservar' before its code has run, no JavaScript).
   */
  checkout: (stay?: CheckoutStayParams) =>
    stay
      ? withSearch(routePatterns.checkout, {
          cabin: stay.cabinId,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          guests: stay.guests,
        })
      : routePatterns.checkout,
  /** The checkout of an accepted request to book ('Pagar' in Mis Reservas: the session stands for the link). */
  payRequest: (stay: CheckoutStayParams, requestId: string) =>
    withSearch(routePatterns.checkout, {
      cabin: stay.cabinId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      solicitud: requestId,
    }),
  confirmation: () => routePatterns.confirmation,
  login: () => routePatterns.login,
  register: () => routePatterns.register,
  profile: () => routePatterns.profile,
  myReservations: () => routePatterns.myReservations,
  hostProfile: () => routePatterns.hostProfile,
  myCabins: () => routePatterns.myCabins,
  hostPayouts: () => routePatterns.hostPayouts,
  hostToday: () => routePatterns.hostToday,
  /** `state`: a tab of the inbox; 'pending' is the address without it, `null` all of them. */
  hostRequests: ({ state }: { state?: string | null } = {}) =>
    withSearch(routePatterns.hostRequests, {
      estado: state === null ? 'todas' : state === 'pending' ? undefined : state,
    }),
  hostRequest: (id: string) => `/anfitrion/solicitudes/${encodeURIComponent(id)}`,
  hostReservations: ({ tab }: { tab?: 'pasadas' | 'canceladas' } = {}) =>
    withSearch(routePatterns.hostReservations, { pestana: tab }),
  hostReservation: (id: string) => `/anfitrion/reservas/${encodeURIComponent(id)}`,
  /** One step of a listing's editor: `/anfitrion/cabanas/{id}/ubicacion`. */
  listingStep: (id: string, step: ListingEditorStepKey) =>
    `/anfitrion/cabanas/${encodeURIComponent(id)}/${LISTING_STEP_SLUGS[step]}`,
  /** A published cabin's calendar; `month` ('2026-07') opens on that month, else on today's. */
  hostCalendar: (id: string, { month }: { month?: string } = {}) =>
    withSearch(`/anfitrion/cabanas/${encodeURIComponent(id)}/calendario`, { mes: month }),
  /** `status`: the API's filter; the queue ('submitted') is the console's address without it. */
  operator: ({ status }: { status?: string } = {}) =>
    withSearch(routePatterns.operator, { status: status === 'submitted' ? undefined : status }),
  operatorListing: (id: string) => `/operador/anuncios/${encodeURIComponent(id)}`,
  operatorHosts: () => routePatterns.operatorHosts,
  operatorPayouts: () => routePatterns.operatorPayouts,
  operatorReservations: () => routePatterns.operatorReservations,
  operatorRequests: () => routePatterns.operatorRequests,
  /**
   * `token`: the reservation's secret, for a link that opens it without an account. It goes in the
   * fragment, which no request carries (use-trip-token.ts takes it out of the address on arrival).
   */
  trip: (id: string, { token }: { token?: string | undefined } = {}) =>
    `${publicPaths.trip(id)}${token ? `#token=${encodeURIComponent(token)}` : ''}`,
  messages: () => routePatterns.messages,
  /** A thread: `as` the guest (/mensajes/…) or the host (/anfitrion/mensajes/…), of a request or a reservation. */
  messageThread: ({ as, kind, id }: { as: 'guest' | 'host'; kind: 'request' | 'reservation'; id: string }) =>
    `${as === 'host' ? '/anfitrion' : ''}/mensajes/${kind === 'request' ? 'solicitud' : 'reserva'}/${encodeURIComponent(id)}`,
  forgotPassword: () => routePatterns.forgotPassword,
  verifyEmail: () => routePatterns.verifyEmail,
  terms: () => routePatterns.terms,
  privacy: () => routePatterns.privacy,
} as const
