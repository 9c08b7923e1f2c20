import type { RouteSpec } from './context.ts'
import { AUTH_ROUTES } from './routes-auth.ts'
import { BOOKING_ROUTES } from './routes-bookings.ts'
import { CALENDAR_ROUTES } from './routes-calendar.ts'
import { CATALOG_ROUTES } from './routes-catalog.ts'
import { HOST_BUSINESS_ROUTES } from './routes-host-business.ts'
import { HOST_ROUTES } from './routes-hosts.ts'
import { LISTING_ROUTES } from './routes-listings.ts'
import { PAGE_ROUTES } from './routes-pages.ts'
import { PAYOUT_ROUTES } from './routes-payouts.ts'
import { PHOTO_ROUTES } from './routes-photos.ts'
import { SANDBOX_ROUTES } from './routes-sandbox.ts'

/**
 * Every route of the app, one file per feature (routes-*.ts; what they share: context.ts). A route the
 * live server serves that is missing from them fails the run's "route coverage" check: add it to its
 * feature's file with a well-formed request, and the fuzzer mutates it.
 */
export const ROUTES: RouteSpec[] = [
  ...CATALOG_ROUTES,
  ...BOOKING_ROUTES,
  ...SANDBOX_ROUTES,
  ...AUTH_ROUTES,
  ...HOST_ROUTES,
  ...PAYOUT_ROUTES,
  ...HOST_BUSINESS_ROUTES,
  ...LISTING_ROUTES,
  ...CALENDAR_ROUTES,
  ...PHOTO_ROUTES,
  ...PAGE_ROUTES,
]

/** The static files of the built SPA (`/assets/…`, `/favicon.svg`): one family for the report. */
export const STATIC_FILE_ROUTE = 'GET <static file>'
/** Paths no route serves: the not-found handler (JSON 404, or the SPA for browser navigations). */
export const NOT_FOUND_ROUTE = '* <no route>'

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`

export type LiveRoute = { method: string; url: string }

export type Coverage = {
  /** Routes of the live server the fuzzer knows, by key. */
  known: RouteSpec[]
  staticFiles: string[]
  /** Live routes this file does not describe: the "route coverage" check fails on them. */
  unknown: LiveRoute[]
  /** Routes described here that the live server does not serve (not a failure: reported). */
  absent: RouteSpec[]
}

const isStaticFile = (route: LiveRoute) =>
  (route.method === 'GET' || route.method === 'HEAD') &&
  !route.url.includes(':') &&
  !route.url.includes('*') &&
  /\.[a-z0-9]+$/i.test(route.url)

/** Matches the live route list against ROUTES. HEAD twins of GET routes are Fastify's own. */
export function matchRoutes(live: LiveRoute[]): Coverage {
  const liveKeys = new Set(live.map(routeKey))
  const specs = new Map(ROUTES.map((route) => [routeKey(route), route]))
  const known: RouteSpec[] = []
  const staticFiles: string[] = []
  const unknown: LiveRoute[] = []
  for (const route of live) {
    if (route.method === 'HEAD' && liveKeys.has(`GET ${route.url}`)) continue
    const spec = specs.get(routeKey(route))
    if (spec) known.push(spec)
    else if (isStaticFile(route)) {
      if (route.method === 'GET') staticFiles.push(route.url)
    } else unknown.push(route)
  }
  const absent = ROUTES.filter((route) => !liveKeys.has(routeKey(route)))
  return { known, staticFiles, unknown, absent }
}
