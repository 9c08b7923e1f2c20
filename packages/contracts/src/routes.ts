/**
 * The route manifest: every address of the product, written once, read by the web (its router and
 * links, app/paths.ts), by the web's server renderer (ssr/server-routes.ts), by the API (which pages it
 * renders, features/pages/pages.plugin.ts; which paths are its own, plugins/static.ts and openapi.ts)
 * and by the Vite dev server (what it hands to the API).
 */

/** The pages of the web app, as React Router patterns. */
export const pagePatterns = {
  home: '/',
  results: '/results',
  cabin: '/cabin/:id',
  /** Every photo of a cabin (what 'Mostrar todas las fotos' opens as a dialog once the app runs). */
  cabinPhotos: '/cabin/:id/fotos',
  /** A destination's landing page: 'población, estado' as a slug (domain's destinationSlug). */
  destination: '/destinos/:slug',
  checkout: '/checkout',
  confirmation: '/confirmation',
  login: '/login',
  register: '/register',
  profile: '/profile',
  myReservations: '/my-reservations',
  /** 'Publica tu cabaña' for a client, the host profile for a host. */
  hostProfile: '/anfitrion/perfil',
  /** 'Mis cabañas': the host's listings. */
  myCabins: '/anfitrion/cabanas',
  /** The listing editor: one address per step (LISTING_STEP_SLUGS), so the browser's Back works. */
  listingEditor: '/anfitrion/cabanas/:id/:paso?',
  /** A published cabin's calendar, by its listing's id (`?mes=2026-07` picks the month). */
  hostCalendar: '/anfitrion/cabanas/:id/calendario',
  /** 'Pagos': the host's months, what each owes them and its CSV. */
  hostPayouts: '/anfitrion/pagos',
  /** 'Hoy': the host's home (arrivals, departures, requests waiting, recent bookings, conflicts). */
  hostToday: '/anfitrion/hoy',
  /** The host's requests to book (`?estado=accepted` picks a tab; pending without it), and one of them. */
  hostRequests: '/anfitrion/solicitudes',
  hostRequest: '/anfitrion/solicitudes/:id',
  /** 'Reservas': the host's reservations (`?pestana=pasadas|canceladas`), and one of them. */
  hostReservations: '/anfitrion/reservas',
  hostReservation: '/anfitrion/reservas/:id',
  /** The operator console: the listings awaiting approval (`?status=` filters them). Operators only. */
  operator: '/operador',
  operatorListing: '/operador/anuncios/:id',
  operatorHosts: '/operador/anfitriones',
  operatorPayouts: '/operador/pagos',
  /** Every reservation, with 'Reembolsar'; and the requests to book, read-only. */
  operatorReservations: '/operador/reservas',
  operatorRequests: '/operador/solicitudes',
  /** The trip page (publicPaths.trip): singular, since /reservas is an API prefix. */
  trip: '/reserva/:id',
  /** 'Mensajes': the signed-in account's threads, as a guest and as a host. */
  messages: '/mensajes',
  /** A thread as its guest reads it: of a request to book, of a reservation. */
  requestThread: '/mensajes/solicitud/:id',
  reservationThread: '/mensajes/reserva/:id',
  /** The same threads as the cabin's host reads them (the mails link here: see templates-messages.ts). */
  hostRequestThread: '/anfitrion/mensajes/solicitud/:id',
  hostReservationThread: '/anfitrion/mensajes/reserva/:id',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verificar-correo',
  terms: '/terms',
  privacy: '/privacy',
  notFound: '*',
} as const

export type PagePattern = (typeof pagePatterns)[keyof typeof pagePatterns]

/**
 * The public pages, rendered on the server (the API routes them to the web's renderer); every other
 * page is the client-rendered index.html.
 */
export const SERVER_RENDERED_PAGES = [
  pagePatterns.home,
  pagePatterns.results,
  pagePatterns.cabin,
  pagePatterns.cabinPhotos,
  pagePatterns.destination,
  pagePatterns.terms,
  pagePatterns.privacy,
] as const

/**
 * The addresses of pages that the web (links) and the API (sitemap, mails, canonical URLs) both write,
 * relative to the site. The web's `app/paths.ts` builds every other link, and these with their query.
 */
export const publicPaths = {
  home: () => pagePatterns.home,
  cabin: (id: string) => `/cabin/${encodeURIComponent(id)}`,
  /** Every photo of a cabin: the gallery as a page of its own, for readers without JavaScript. */
  cabinPhotos: (id: string) => `/cabin/${encodeURIComponent(id)}/fotos`,
  destination: (slug: string) => `/destinos/${encodeURIComponent(slug)}`,
  results: () => pagePatterns.results,
  terms: () => pagePatterns.terms,
  privacy: () => pagePatterns.privacy,
  /**
   * The web page of one reservation (the trip page): `/reserva/{id}`. Singular, because `/reservas`
   * is an API prefix. The guest's secret, when the page is opened without an account, travels in the
   * fragment and is taken out of the address bar on arrival.
   */
  trip: (reservationId: string) => `/reserva/${encodeURIComponent(reservationId)}`,
} as const

/** An absolute URL under the configured public origin (never the request's Host). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

/**
 * The product's HTTP API: the bases of spec §7 (docs/decisions.md, "The four API bases of spec §7
 * under one origin") and /health. Every route under them is documented in OpenAPI.
 */
export const API_BASES = [
  '/habitaciones',
  '/cotizar',
  '/reservas',
  '/api',
  '/auth',
  '/payments',
  '/webhooks',
  '/health',
] as const

/**
 * Everything the API process serves under its own prefix besides the API: the Openpay sandbox and the
 * cabins' photos. With API_BASES, what the Vite dev server hands to the API.
 */
export const SERVER_PREFIXES = [...API_BASES, '/sandbox', '/media'] as const

/**
 * Paths that are never a page: the server's prefixes, the built files and the API's documentation. An
 * unknown path under them is a JSON 404, never the app's index.html.
 */
export const NOT_PAGE_PREFIXES = [...SERVER_PREFIXES, '/assets', '/docs', '/openapi.json'] as const
