import { createHash } from 'node:crypto'
import { EARLY_TAPS_SCRIPT } from '@cabanas/contracts/early-taps'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

/** Origins the map may load tiles from, derived from MAP_TILE_URL ('{s}' subdomains included). */
function tileSources(mapTileUrl: string): string[] {
  if (!/^https?:\/\//.test(mapTileUrl)) return []
  const origin = new URL(mapTileUrl.replaceAll('{s}', 'a')).origin
  return mapTileUrl.includes('{s}') ? [origin.replace('://a.', '://*.')] : [origin]
}

/** With real keys, the checkout loads Openpay.js and the browser talks to Openpay's API. */
function openpaySources(config: Config): { scripts: string[]; api: string[] } {
  if (config.openpay.mode === 'sandbox') return { scripts: [], api: [] }
  const scripts = config.openpay.jsUrls
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
  const api = config.openpay.production ? 'https://api.openpay.mx' : 'https://sandbox-api.openpay.mx'
  return { scripts: [...new Set(scripts)], api: [api] }
}

/** The server-rendered pages' one inline script (it keeps taps made before the app runs), by its hash. */
const EARLY_TAPS_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`

export function contentSecurityPolicy(config: Config): string {
  const openpay = openpaySources(config)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tileSources(config.mapTileUrl), ...openpay.api],
    'script-src': ["'self'", ...openpay.scripts, ...openpay.api, EARLY_TAPS_SOURCE],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...openpay.api],
    'frame-src': ["'self'", ...openpay.api],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** Paths whose answers carry personal data or secrets (sessions, reservations, payments, tokens). */
const PRIVATE_PREFIXES = ['/auth/', '/api/bookings', '/api/users', '/payments/', '/webhooks/', '/sandbox/']

/**
 * No browser, proxy or CDN may keep these answers: anything under the private prefixes, and any
 * request that presents a session or a reservation's secret.
 */
function carriesPrivateData(request: FastifyRequest): boolean {
  const { headers } = request
  // The route's own path: `/%61uth/login` reaches /auth/login and must be treated as it.
  const path = request.routeOptions.url ?? request.url
  return (
    headers.authorization !== undefined ||
    headers['x-reservation-token'] !== undefined ||
    PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix))
  )
}

/** Pages that a mailed link opens with its secret in the address. */
const LINK_PAGES = ['/reserva/', '/verificar-correo', '/forgot-password']

/**
 * The trip page (/reserva/{id}), 'Confirma tu correo' and the password reset (client-rendered) arrive
 * with their secret in the address (`#token=`, or `?token=` in links mailed before): no request they
 * make names it in a Referer, even before the page has taken the secret out of the address.
 */
function opensWithLinkSecret(request: FastifyRequest): boolean {
  return LINK_PAGES.some((page) => request.url.startsWith(page))
}

/**
 * Public files that other origins embed: the cabin photos the mails show (webmail and mail apps load
 * them from their own origin) and link previews. Read from the matched route, so only what the media
 * route serves qualifies, not any address that starts with its prefix.
 */
function isEmbeddedElsewhere(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/media/') ?? false
}

/**
 * The usual hardening headers (what helmet sends), computed once at start-up instead of per request:
 * every response of the API and the SPA carries them.
 */
async function securityHeadersPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const headers = {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers)
    if (carriesPrivateData(request)) reply.header('cache-control', 'no-store')
    if (opensWithLinkSecret(request)) reply.header('referrer-policy', 'no-referrer')
    // Everything else stays same-origin: no other site may embed an API answer or a page.
    if (isEmbeddedElsewhere(request)) reply.header('cross-origin-resource-policy', 'cross-origin')
  })
}

export default fp(securityHeadersPlugin, { name: 'security-headers' })
