import { authHeaders } from './auth.ts'
import type { FuzzContext, RouteSpec } from './context.ts'
import {
  type Draft,
  encodePairs,
  type FuzzRequest,
  type GenerateOptions,
  hasHeader,
  type Mutation,
  type Target,
} from './draft.ts'
import { encodeSegment, hostileSegment, toJsonText } from './hostile.ts'
import { mutateAuth, mutateHeaders } from './mutate-auth.ts'
import {
  breakBodyEncoding,
  deleteBodyField,
  mutateBodyField,
  mutateMultipart,
  pollutePrototype,
  replaceBody,
} from './mutate-body.ts'
import { rawRequest } from './mutate-raw.ts'
import { changeMethod, mediaTraversal, mutatePathParam, mutatePathShape, mutateQuery } from './mutate-url.ts'
import { Random, requestSeed } from './random.ts'
import { NOT_FOUND_ROUTE, routeKey, STATIC_FILE_ROUTE } from './routes.ts'

export type { FuzzRequest, Target } from './draft.ts'

// The request generator: a target, its well-formed request, then one hostile change picked by weight.
// The changes live by family in mutate-body.ts, mutate-url.ts, mutate-auth.ts and mutate-raw.ts.

const SPA_AND_UNKNOWN_PATHS = [
  '/',
  '/index.html',
  '/cabanas/tapalpa',
  '/habitacion/123',
  '/mis-reservas',
  '/perfil',
  '/checkout?cabin=1',
  '/forgot-password?token=abc',
  '/.env',
  '/.git/config',
  '/wp-admin/',
  '/api',
  '/api/',
  '/api/unknown',
  '/api/users',
  '/api/users/1',
  '/api/bookings/',
  '/habitaciones/a/b/c',
  '/auth',
  '/auth/unknown',
  '/sandbox',
  '/sandbox/openpay/v2/x',
  '/sandbox/openpay/_faults',
  '/media',
  '/media/',
  '/assets/missing.js',
  '/assets/../../package.json',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/favicon.ico',
  '/robots.txt',
  '/health/x',
  '/server-status',
  '/index.html%00',
  '/%00',
  '/%ff',
  '//etc/passwd',
]

/** Builds request `index` of a run: a pure function of the seed, the index, the targets and the context. */
export function generateRequest(
  index: number,
  targets: readonly Target[],
  ctx: FuzzContext,
  options: GenerateOptions,
): FuzzRequest {
  const random = new Random(requestSeed(options.seed, index))
  const sweep = methodSweep(targets)
  // The first requests try every method on every target, so none is left to chance.
  const swept = options.sweepMethods ? (sweep[index] ?? null) : null
  const target = swept ? swept.target : random.pick(targets)
  const base =
    target.kind === 'route'
      ? baseRequest(target.spec, ctx, random)
      : target.kind === 'static'
        ? staticRequest(ctx, random)
        : notFoundRequest(random)
  const request: Draft = { ...base, index, route: target.key }
  if (swept) {
    request.method = swept.method
    request.mutation = [request.mutation, `method sweep: ${swept.method}`].filter(Boolean).join('; ')
  } else mutate(request, target, ctx, random)
  if (options.spreadAddresses && random.chance(0.85) && !hasHeader(request.headers, 'x-forwarded-for')) {
    request.headers.push(['X-Forwarded-For', randomAddress(random)])
  }
  return finish(request)
}

const SWEPT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']

/**
 * Every target (once each) with every method, the body of the route's own request kept: every target
 * with the first method, then with the next, so that even a short run reaches every target.
 */
export function methodSweep(targets: readonly Target[]): { target: Target; method: string }[] {
  const unique = [...new Map(targets.map((target) => [target.key, target])).values()]
  return SWEPT_METHODS.flatMap((method) => unique.map((target) => ({ target, method })))
}

function randomAddress(random: Random): string {
  return random.chance(0.9)
    ? `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`
    : `2001:db8::${random.hex(4)}`
}

function fillUrl(url: string, params: Record<string, string>): string {
  return url
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return encodeSegment(params[part.slice(1)] ?? `fuzz`)
      if (part === '*') return params['*'] ?? 'fuzz'
      // A param inside a segment ('/sitemap-:page.xml').
      return part.replace(/:(\w+)/g, (_, name: string) => encodeSegment(params[name] ?? 'fuzz'))
    })
    .join('/')
}

function baseRequest(spec: RouteSpec, ctx: FuzzContext, random: Random): Omit<Draft, 'index' | 'route'> {
  const params = spec.params?.(ctx, random) ?? {}
  const json = spec.body?.(ctx, random, params)
  const multipart = spec.multipart?.(ctx, random)
  return {
    spec,
    method: spec.method,
    path: '',
    pathname: fillUrl(spec.url, params),
    params,
    query: spec.query?.(ctx, random) ?? null,
    rawQuery: null,
    json,
    bodyBytes: multipart?.body ?? null,
    contentType: multipart ? multipart.contentType : json === undefined ? null : 'application/json',
    headers: [
      ['Accept', random.pick(['application/json', '*/*', 'application/json, text/plain, */*'])],
      ...authHeaders(spec, ctx, random),
      ...(spec.headers?.(ctx, random) ?? []),
    ],
    mutation: '',
  }
}

function staticRequest(ctx: FuzzContext, random: Random): Omit<Draft, 'index' | 'route'> {
  const file = ctx.staticFiles.length > 0 ? random.pick(ctx.staticFiles) : '/favicon.svg'
  return {
    spec: null,
    method: 'GET',
    path: '',
    pathname: file,
    params: {},
    query: null,
    rawQuery: null,
    json: undefined,
    bodyBytes: null,
    contentType: null,
    headers: [['Accept', random.pick(['*/*', 'text/css', 'application/javascript'])]],
    mutation: '',
  }
}

function notFoundRequest(random: Random): Omit<Draft, 'index' | 'route'> {
  const pathname = random.chance(0.8)
    ? random.pick(SPA_AND_UNKNOWN_PATHS)
    : `/${hostileSegment(random, [])[1]}`
  // split gives at least one part: the default is never used.
  const [path = '', query] = pathname.split('?')
  return {
    spec: null,
    method: 'GET',
    path: '',
    pathname: path,
    params: {},
    query: null,
    rawQuery: query ?? null,
    json: undefined,
    bodyBytes: null,
    contentType: null,
    headers: [['Accept', random.pick(['text/html,application/xhtml+xml', 'application/json', '*/*'])]],
    mutation: `path ${pathname.length > 60 ? `${pathname.slice(0, 60)}…` : pathname}`,
  }
}

/** Picks and applies the hostile part of the request; leaves its description in `mutation`. */
function mutate(draft: Draft, target: Target, ctx: FuzzContext, random: Random) {
  const hasBody = draft.json !== undefined
  const hasParams = Object.keys(draft.params).length > 0
  const choices: [number, Mutation][] = [
    [8, () => 'well-formed'],
    [hasBody ? 22 : 0, mutateBodyField],
    [hasBody ? 4 : 0, deleteBodyField],
    [hasBody ? 4 : 2, pollutePrototype],
    [hasBody ? 8 : 3, replaceBody],
    [10, breakBodyEncoding],
    [8, mutateQuery],
    [hasParams ? 10 : 0, mutatePathParam],
    [target.key === 'GET /media/*' ? 6 : 0, () => mediaTraversal(draft, random)],
    [draft.spec?.multipart ? 16 : 0, mutateMultipart],
    [5, mutatePathShape],
    [6, changeMethod],
    [8, mutateAuth],
    [7, mutateHeaders],
    [3, rawRequest],
  ]
  const description = random.weighted(choices)(draft, ctx, random)
  draft.mutation = [draft.mutation, description].filter(Boolean).join('; ')
}

/** The draft as the request to send: path and query joined, body serialized, Host and lengths set. */
function finish(draft: Draft): FuzzRequest {
  const query = draft.rawQuery ?? (draft.query ? encodePairs(draft.query) : '')
  const path = `${draft.pathname}${query ? `?${query}` : ''}`
  let body: Buffer | undefined
  if (draft.bodyBytes) body = draft.bodyBytes
  else if (draft.json !== undefined) body = Buffer.from(toJsonText(draft.json))
  const headers = draft.headers
  if (!hasHeader(headers, 'host')) headers.unshift(['Host', '127.0.0.1'])
  if (body && draft.contentType && !hasHeader(headers, 'content-type'))
    headers.push(['Content-Type', draft.contentType])
  if (body) headers.push(['Content-Length', String(body.length)])
  // As browsers do: without it Node's client sends a body-less POST chunked, which Fastify refuses
  // with 415 (no content type) before the route runs.
  else if (/^(POST|PUT|PATCH|DELETE)$/.test(draft.method)) headers.push(['Content-Length', '0'])
  return {
    index: draft.index,
    route: draft.route,
    method: draft.method,
    path,
    headers,
    ...(body ? { body } : {}),
    ...(draft.raw ? { raw: draft.raw } : {}),
    mutation: draft.mutation,
  }
}

/** The targets of a run: every known live route, the static files (one target) and no route at all. */
export function targetsOf(
  known: readonly RouteSpec[],
  hasStaticFiles: boolean,
  unknown: readonly RouteSpec[],
): Target[] {
  return [
    ...known.map((spec) => ({ key: routeKey(spec), spec, kind: 'route' as const })),
    // Live routes the fuzzer does not describe are still sent hostile requests (generic ones).
    ...unknown.map((spec) => ({ key: routeKey(spec), spec, kind: 'route' as const })),
    ...(hasStaticFiles ? [{ key: STATIC_FILE_ROUTE, spec: null, kind: 'static' as const }] : []),
    { key: NOT_FOUND_ROUTE, spec: null, kind: 'not-found' as const },
    { key: NOT_FOUND_ROUTE, spec: null, kind: 'not-found' as const },
  ]
}
