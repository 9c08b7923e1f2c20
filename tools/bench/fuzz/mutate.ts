import { gzipSync } from 'node:zlib'
import { multipartBody } from '../multipart.ts'
import { authHeaders, basic } from './auth.ts'
import type { FuzzContext, RouteSpec } from './context.ts'
import {
  encodeSegment,
  hostileFieldValue,
  hostileId,
  hostileSegment,
  hostileString,
  hostileValue,
  type Json,
  type Labelled,
  RawJson,
  toJsonText,
  withOwnKey,
} from './hostile.ts'
import { Random, requestSeed } from './random.ts'
import { NOT_FOUND_ROUTE, routeKey, STATIC_FILE_ROUTE } from './routes.ts'

/** One request of the run, fully decided before it is sent. */
export type FuzzRequest = {
  index: number
  /** The route it aims at, for the report ('POST /payments/charge', 'GET <static file>', …). */
  route: string
  method: string
  /** As written on the request line, query included. */
  path: string
  headers: [string, string][]
  body?: Buffer
  /** The whole request as bytes, for what an HTTP client refuses to send; sent on its own socket. */
  raw?: Buffer
  /** What is hostile about it, in a few words (never the value itself). */
  mutation: string
}

/** What a request aims at: a known route, the SPA's static files, or no route at all. */
export type Target = { key: string; spec: RouteSpec | null; kind: 'route' | 'static' | 'not-found' }

export type GenerateOptions = {
  seed: number
  /** The server trusts X-Forwarded-For from 127.0.0.1: spread requests over many client addresses. */
  spreadAddresses: boolean
  /** Requests 0..n of the run are the method sweep (methodSweep). */
  sweepMethods: boolean
}

const EXTRA_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'SEARCH',
]

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

const MEDIA_TRAVERSALS = [
  '/media/../package.json',
  '/media/%2e%2e/%2e%2e/package.json',
  '/media/cabins/..%2f..%2f..%2fsrc%2fconfig.ts',
  '/media/..%5c..%5cpackage.json',
  '/media/cabins/x/5.webp%00.png',
  '/media//etc/passwd',
  '/media/cabins/',
  '/media/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/media/cabins/%ff.webp',
  '/media/%00',
  '/media/cabins/%ED%A0%80.webp',
  `/media/${'a/'.repeat(2000)}x.webp`,
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
  const swept = options.sweepMethods && index < sweep.length ? sweep[index]! : null
  const target = swept ? swept.target : random.pick(targets)
  const base =
    target.kind === 'route'
      ? baseRequest(target.spec!, ctx, random)
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

/** A request being built: the body is still a value until the end. */
type Draft = Omit<FuzzRequest, 'body'> & {
  spec: RouteSpec | null
  query: [string, string][] | null
  /** The path with its params filled in, before the query. */
  pathname: string
  params: Record<string, string>
  json: Json | undefined
  /** A body as bytes decided by a mutation (wins over json). */
  bodyBytes: Buffer | null
  contentType: string | null
  /** A hand-written query string (wins over query). */
  rawQuery: string | null
}

const hasHeader = (headers: [string, string][], name: string) =>
  headers.some(([key]) => key.toLowerCase() === name)

const setHeader = (headers: [string, string][], name: string, value: string) => {
  const kept = headers.filter(([key]) => key.toLowerCase() !== name.toLowerCase())
  kept.push([name, value])
  headers.splice(0, headers.length, ...kept)
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
  const [path, query] = pathname.split('?')
  return {
    spec: null,
    method: 'GET',
    path: '',
    pathname: path!,
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

type Mutation = (draft: Draft, ctx: FuzzContext, random: Random) => string

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

/** Every path to a value inside a JSON value (objects and arrays), root excluded. */
function valuePaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return []
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return keys.flatMap((key) => {
    const path = [...prefix, key]
    return [path, ...valuePaths((value as Record<string | number, Json>)[key]!, path)]
  })
}

function parentOf(root: Json, path: (string | number)[]): Record<string | number, Json> {
  let node = root as Record<string | number, Json>
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>
  return node
}

const realIdsOf = (ctx: FuzzContext) => [
  ...ctx.cabins.slice(0, 5).map((cabin) => cabin.id),
  ...(ctx.reservation ? [ctx.reservation.id] : []),
  // Ids of another kind where one is expected: a listing's for a cabin's, a photo's for a listing's.
  ...Object.values(ctx.host.listings).flatMap((listing) => (listing ? [listing.id] : [])),
  ...ctx.host.photoIds.slice(0, 1),
]

const mutateBodyField: Mutation = (draft, ctx, random) => {
  const paths = valuePaths(draft.json!)
  if (paths.length === 0) return replaceBody(draft, ctx, random)
  const path = random.pick(paths)
  const [label, value] = hostileFieldValue(random, String(path[path.length - 1]), realIdsOf(ctx))
  parentOf(draft.json!, path)[path[path.length - 1]!] = value
  return `body.${path.join('.')} = ${label}`
}

const deleteBodyField: Mutation = (draft, _ctx, random) => {
  const paths = valuePaths(draft.json!)
  if (paths.length === 0) return 'well-formed'
  const path = random.pick(paths)
  const parent = parentOf(draft.json!, path)
  const key = path[path.length - 1]!
  if (Array.isArray(parent)) parent.splice(Number(key), 1)
  else delete parent[key]
  return `body.${path.join('.')} removed`
}

const pollutePrototype: Mutation = (draft, _ctx, random) => {
  if (draft.json === undefined || draft.json === null || typeof draft.json !== 'object') {
    draft.json = {}
    draft.contentType = 'application/json'
  }
  const objects = [[], ...valuePaths(draft.json)].filter((path) => {
    const node = path.length === 0 ? draft.json : parentOf(draft.json!, path)[path[path.length - 1]!]
    return node !== null && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson)
  })
  const path = random.pick(objects)
  const node = (
    path.length === 0 ? draft.json : parentOf(draft.json!, path)[path[path.length - 1]!]
  ) as Record<string, Json>
  const where = path.length === 0 ? 'body' : `body.${path.join('.')}`
  const kind = random.int(0, 2)
  if (kind === 0) {
    withOwnKey(node, '__proto__', { polluted: true, isAdmin: true })
    return `${where}.__proto__ = {polluted}`
  }
  if (kind === 1) {
    withOwnKey(node, 'constructor', { prototype: { polluted: true } })
    return `${where}.constructor.prototype = {polluted}`
  }
  draft.bodyBytes = null
  withOwnKey(node, 'hasOwnProperty', 'x')
  withOwnKey(node, 'toString', 'x')
  return `${where}.hasOwnProperty/toString = 'x'`
}

const replaceBody: Mutation = (draft, _ctx, random) => {
  const [label, value] = random.chance(0.2)
    ? (['body wrapped in an array', [draft.json ?? {}]] as Labelled<Json>)
    : hostileValue(random)
  draft.json = value
  draft.bodyBytes = null
  draft.contentType = 'application/json'
  return `whole body = ${label}`
}

/** A photo upload broken the ways a phone, a proxy or an attacker may break it. */
const mutateMultipart: Mutation = (draft, ctx, random) => {
  const photo = ctx.photo ?? Buffer.from([0xff, 0xd8, 0xff, 0xe0])
  const file = (body: Buffer | string, filename = 'IMG_0001.jpg') => ({
    name: 'photos',
    filename,
    contentType: 'image/jpeg',
    body,
  })
  const use = ({ contentType, body }: { contentType: string; body: Buffer }, label: string) => {
    draft.bodyBytes = body
    draft.contentType = contentType
    return label
  }
  return random.weighted<() => string>([
    [2, () => use(multipartBody([file('%PDF-1.4\n%%EOF\n', 'contrato.jpg')]), 'multipart: PDF named .jpg')],
    [
      2,
      () => use(multipartBody([file(photo.subarray(0, photo.length >> 1))]), 'multipart: photo cut in half'),
    ],
    [1, () => use(multipartBody([file(Buffer.alloc(0))]), 'multipart: empty file')],
    [
      1,
      () =>
        use(
          multipartBody([
            file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000_000, 7)])),
          ]),
          'multipart: 2 MB of junk after a JPEG signature',
        ),
    ],
    [1, () => use(multipartBody(Array.from({ length: 11 }, () => file('x'))), 'multipart: 11 files')],
    [
      1,
      () =>
        use(
          multipartBody(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, body: 'x' }))),
          'multipart: 40 fields',
        ),
    ],
    [
      1,
      () =>
        use(
          multipartBody([{ name: '__proto__', body: '{"polluted":true}' }, file(photo)]),
          'multipart: __proto__ field',
        ),
    ],
    [2, () => use(multipartBody([file(photo)], { close: false }), 'multipart: no final boundary')],
    [
      1,
      () => {
        const body = multipartBody([file(photo)])
        return use(
          { ...body, contentType: 'multipart/form-data; boundary=otra' },
          'multipart: wrong boundary',
        )
      },
    ],
    [
      1,
      () =>
        use(
          { ...multipartBody([file(photo)]), contentType: 'multipart/form-data' },
          'multipart: no boundary',
        ),
    ],
    [
      1,
      () =>
        use(
          multipartBody([
            { name: 'photos', filename: `${'á'.repeat(300)}.jpg`, contentType: 'image/jpeg', body: photo },
          ]),
          'multipart: 300-character file name',
        ),
    ],
  ])()
}

function jsonText(draft: Draft): string {
  return draft.json === undefined ? '{}' : toJsonText(draft.json)
}

const breakBodyEncoding: Mutation = (draft, _ctx, random) => {
  const text = jsonText(draft)
  const bytes = (value: string | Buffer, contentType: string | null, label: string) => {
    draft.bodyBytes = typeof value === 'string' ? Buffer.from(value) : value
    draft.contentType = contentType
    return label
  }
  return random.weighted<() => string>([
    [
      3,
      () =>
        bytes(text.slice(0, Math.max(1, Math.floor(text.length / 2))), 'application/json', 'truncated JSON'),
    ],
    [1, () => bytes('{"a":1,}', 'application/json', 'JSON with trailing comma')],
    [1, () => bytes("{'a':1}", 'application/json', 'JSON with single quotes')],
    [1, () => bytes('{"guests":NaN,"n":Infinity}', 'application/json', 'JSON with NaN literal')],
    [1, () => bytes(`/* c */${text}`, 'application/json', 'JSON with a comment')],
    [1, () => bytes(`\ufeff${text}`, 'application/json', 'JSON with a BOM')],
    [2, () => bytes('', 'application/json', 'empty body, JSON content type')],
    [1, () => bytes('  \n ', 'application/json', 'whitespace body')],
    [1, () => bytes(random.pick(['null', '"x"', '1', 'true', '[]']), 'application/json', 'JSON scalar body')],
    [
      2,
      () => {
        const [label, value] = hostileValue(random)
        const key = random.pick(['guests', 'email', 'checkIn', 'cabinId', 'token_id', 'type', 'password'])
        const duplicated = text.startsWith('{') && text !== '{}' ? `${text.slice(0, -1)},` : '{'
        return bytes(
          `${duplicated}"${key}":${toJsonText(value)}}`,
          'application/json',
          `duplicate key ${key} = ${label}`,
        )
      },
    ],
    [
      2,
      () =>
        bytes(
          Buffer.concat([
            Buffer.from(text.slice(0, -1)),
            Buffer.from(',"x":"\xff\xfe'),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('"}'),
          ]),
          'application/json',
          'invalid UTF-8 bytes',
        ),
    ],
    [
      1,
      () =>
        bytes(
          Buffer.concat([
            Buffer.from('{"email":"a'),
            Buffer.from([0xc0, 0x80]),
            Buffer.from('@example.com"}'),
          ]),
          'application/json',
          'overlong UTF-8 NUL',
        ),
    ],
    [1, () => bytes(Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16', 'UTF-16 body')],
    [
      6,
      () => {
        const type = random.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=latin1',
          'APPLICATION/JSON',
          'application/json, text/html',
          'application/jsonx',
          'application/vnd.api+json',
          'application/merge-patch+json',
          `application/json; ${'x=y; '.repeat(400)}`,
          'application/json;;;',
          '*/*',
          'text/html; charset=utf-8',
        ])
        return bytes(text, type, `content-type ${type.length > 40 ? `${type.slice(0, 40)}…` : type}`)
      },
    ],
    [1, () => bytes(text, null, 'body without content type')],
    [
      2,
      () =>
        bytes(
          'checkIn=2026-06-01&guests=2&guests=3&email[]=a&__proto__[x]=1',
          'application/x-www-form-urlencoded',
          'form-urlencoded body',
        ),
    ],
    [
      2,
      () =>
        bytes(
          '--fuzz\r\nContent-Disposition: form-data; name="guests"\r\n\r\n2\r\n--fuzz\r\nContent-Disposition: form-data; name="f"; filename="../../x.sh"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\r\n--fuzz--\r\n',
          'multipart/form-data; boundary=fuzz',
          'multipart body',
        ),
    ],
    [
      2,
      () => {
        draft.headers.push(['Content-Encoding', random.pick(['gzip', 'br', 'deflate', 'x-unknown'])])
        return bytes(
          random.chance(0.5) ? gzipSync(text) : text,
          'application/json',
          'content-encoding on the body',
        )
      },
    ],
    [
      2,
      () => {
        const size = random.pick([150_000, 1_000_000])
        return bytes(
          `{"pad":"${'p'.repeat(size)}",${text.slice(1)}`,
          'application/json',
          `body of ${size / 1000} kB`,
        )
      },
    ],
  ])()
}

function queryPairs(draft: Draft): [string, string][] {
  return draft.query ? draft.query.map(([key, value]) => [key, value] as [string, string]) : []
}

const encodePairs = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&')

const mutateQuery: Mutation = (draft, ctx, random) => {
  const pairs = queryPairs(draft)
  const keys = pairs.length > 0 ? pairs.map(([key]) => key) : ['q', 'limit', 'checkIn']
  const key = random.pick(keys)
  const raw = (query: string, label: string) => {
    draft.rawQuery = query
    return label
  }
  return random.weighted<() => string>([
    [
      6,
      () => {
        const [label, value] = random.chance(0.5) ? hostileString(random) : hostileId(random, realIdsOf(ctx))
        const kept = pairs.filter(([name]) => name !== key)
        return raw(encodePairs([...kept, [key, value]]), `query ${key} = ${label}`)
      },
    ],
    [3, () => raw(`${encodePairs(pairs)}&${key}=1&${key}=2`, `query ${key} repeated`)],
    [
      3,
      () =>
        raw(
          `${encodePairs(pairs.filter(([name]) => name !== key))}&${key}[]=1&${key}[]=2`,
          `query ${key}[] array`,
        ),
    ],
    [1, () => raw(`${encodePairs(pairs)}&${key}[a][b]=1&${key}[0]=x`, `query ${key} nested brackets`)],
    [2, () => raw(encodePairs(pairs.filter(([name]) => name !== key)), `query ${key} removed`)],
    [
      2,
      () =>
        raw(
          `${encodePairs(pairs)}&__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&hasOwnProperty=1`,
          'query prototype keys',
        ),
    ],
    [
      3,
      () => {
        const junk = random.pick([
          '%',
          '%zz=1',
          '&&&',
          '=',
          'a==b',
          'a=%00',
          'a=%ff%fe',
          '+=+',
          '%ED%A0%80=1',
          ';a=1',
        ])
        return raw(`${encodePairs(pairs)}&${junk}`, `query junk ${junk}`)
      },
    ],
    [
      2,
      () => {
        const size = random.pick([8_000, 20_000])
        return raw(`${encodePairs(pairs)}&${key}=${'a'.repeat(size)}`, `query value of ${size} chars`)
      },
    ],
    [
      1,
      () => raw(Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&'), 'query with 1500 parameters'),
    ],
  ])()
}

const mutatePathParam: Mutation = (draft, ctx, random) => {
  const names = Object.keys(draft.params)
  const name = random.pick(names)
  const [label, segment] = hostileSegment(random, realIdsOf(ctx))
  const url = draft.spec!.url
  draft.pathname = url
    .split('/')
    .map((part) => {
      if (part === `:${name}` || (part === '*' && name === '*')) return segment
      if (part.startsWith(':')) return encodeSegment(draft.params[part.slice(1)] ?? 'fuzz')
      if (part === '*') return draft.params['*'] ?? 'fuzz'
      return part.replace(/:(\w+)/g, (_, other: string) =>
        other === name ? segment : encodeSegment(draft.params[other] ?? 'fuzz'),
      )
    })
    .join('/')
  return `:${name} = ${label}`
}

function mediaTraversal(draft: Draft, random: Random): string {
  draft.pathname = random.pick(MEDIA_TRAVERSALS)
  return `media path ${draft.pathname.length > 60 ? `${draft.pathname.slice(0, 60)}…` : draft.pathname}`
}

const mutatePathShape: Mutation = (draft, _ctx, random) => {
  const path = draft.pathname
  const [label, next] = random.pick<Labelled<string>>([
    ['trailing slash', `${path}/`],
    ['double leading slash', `/${path}`],
    ['upper-case path', path.toUpperCase()],
    ['/./ inserted', path.replace(/^\/([^/]+)/, '/$1/.')],
    ['/x/../ inserted', path.replace(/^\/([^/]+)/, '/$1/x/..')],
    ['encoded first letter', path.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)],
    ['matrix parameter', `${path};jsessionid=1`],
    ['%00 appended', `${path}%00`],
    ['extra segment', `${path}/extra`],
    ['fragment', `${path}#frag`],
    ['absolute-form URL', `http://evil.example${path}`],
    ['8000-char extra segment', `${path}/${'a'.repeat(8000)}`],
  ])
  draft.pathname = next
  return label
}

const changeMethod: Mutation = (draft, _ctx, random) => {
  const method = random.pick(EXTRA_METHODS.filter((name) => name !== draft.method))
  draft.method = method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') {
    if (random.chance(0.7)) {
      draft.json = undefined
      draft.contentType = null
    }
  }
  return `method ${method}${draft.json !== undefined ? ' with a body' : ''}`
}

function forgedTokens(ctx: FuzzContext): Labelled<string>[] {
  const token = ctx.session.token ?? 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'
  const [header = '', payload = '', signature = ''] = token.split('.')
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  let claims: Record<string, unknown> = {}
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {}
  return [
    ['alg none JWT', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['alg none, no signature part', `${b64({ alg: 'none' })}.${payload}`],
    [
      'tampered claims',
      `${header}.${b64({ ...claims, clientId: '00000000-0000-0000-0000-000000000000', sub: 'x' })}.${signature}`,
    ],
    ['expired claims', `${header}.${b64({ ...claims, exp: 1, iat: 0 })}.${signature}`],
    ['exp 1e309', `${header}.${Buffer.from('{"exp":1e309,"iat":-0}').toString('base64url')}.${signature}`],
    ['HS512 header', `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`],
    ['kid traversal header', `${b64({ alg: 'HS256', kid: '../../../dev/null' })}.${payload}.${signature}`],
    ['wrong signature', `${header}.${payload}.${'A'.repeat(43)}`],
    ['real token plus a char', `${token}x`],
    ['garbage token', 'garbage'],
    ['three dots', 'a.b.c'],
    ['payload not JSON', `${header}.${Buffer.from('\u0000not json').toString('base64url')}.${signature}`],
    ['8 kB token', 'e'.repeat(8000)],
  ]
}

const mutateAuth: Mutation = (draft, ctx, random) => {
  const headers = draft.headers
  return random.weighted<() => string>([
    [
      6,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ...forgedTokens(ctx).map(
            ([name, token]) => [`Bearer ${name}`, `Bearer ${token}`] as Labelled<string>,
          ),
          ['Bearer without token', 'Bearer'],
          ['Bearer and spaces', 'Bearer    '],
          ['lower-case bearer', `bearer ${ctx.session.token ?? 'x'}`],
          ['Basic garbage', 'Basic !!!notbase64!!!'],
          ['Basic empty credentials', basic('')],
          ['Basic without colon', `Basic ${Buffer.from('user').toString('base64')}`],
          ['Basic sandbox public key', ctx.sandbox ? basic(ctx.sandbox.publicKey) : basic('pk_x')],
          ['Basic webhook user, wrong password', basic(ctx.webhook.user, 'wrong-password-123')],
          ['Basic 4 kB', `Basic ${'QUFB'.repeat(1000)}`],
          ['Digest scheme', 'Digest username="x", realm="y"'],
          ['latin-1 bytes in token', 'Bearer \u00f1\u00e9\u00ff'],
        ])
        setHeader(headers, 'Authorization', value)
        return `Authorization: ${label}`
      },
    ],
    [
      1,
      () => {
        headers.push(
          ['Authorization', `Bearer ${ctx.session.spareToken ?? 'x'}`],
          ['Authorization', 'Bearer garbage'],
        )
        return 'Authorization header twice'
      },
    ],
    [
      3,
      () => {
        const real = ctx.reservation?.accessToken ?? 'r'.repeat(32)
        const [label, value] = random.pick<Labelled<string>>([
          ['empty', ''],
          ['15 chars', 'a'.repeat(15)],
          ['16 chars', 'a'.repeat(16)],
          ['real token with a space', `${real} `],
          ['real token upper-case', real.toUpperCase()],
          ['10 kB', 't'.repeat(10_000)],
          ['SQL', "' OR '1'='1' -- xxxxxxxxxxxx"],
          ['latin-1 bytes', '\u00f1'.repeat(20)],
        ])
        setHeader(headers, 'X-Reservation-Token', value)
        if (random.chance(0.2)) headers.push(['X-Reservation-Token', real])
        return `X-Reservation-Token: ${label}`
      },
    ],
    [
      3,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ['empty', ''],
          ['7 chars', 'abcdefg'],
          ['101 chars', 'k'.repeat(101)],
          ['with spaces', 'fuzz key with spaces'],
          ['latin-1 bytes', '\u00f1'.repeat(10)],
          ['SQL', "';DROP TABLE idempotency_keys;--"],
          ['fixed key reused with other bodies', 'fuzz-fixed-idempotency-key-1'],
          ['fixed key reused with other bodies', 'fuzz-fixed-idempotency-key-2'],
        ])
        setHeader(headers, 'Idempotency-Key', value)
        if (random.chance(0.15)) headers.push(['Idempotency-Key', 'fuzz-second-value-0001'])
        return `Idempotency-Key: ${label}`
      },
    ],
  ])()
}

const mutateHeaders: Mutation = (draft, _ctx, random) => {
  const headers = draft.headers
  const set = (name: string, value: string, label: string) => {
    setHeader(headers, name, value)
    return label
  }
  return random.weighted<() => string>([
    [
      3,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ['unknown', 'unknown'],
          ['empty', ''],
          ['IPv6 and IPv4 list', '::1, 1.2.3.4'],
          ['invalid address', '999.999.999.999'],
          ['1000 addresses', Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ')],
          ['5000 chars', 'a'.repeat(5000)],
          ['spoofed loopback', '127.0.0.1'],
          ['IPv6 zone', 'fe80::1%eth0'],
        ])
        return set('X-Forwarded-For', value, `X-Forwarded-For: ${label}`)
      },
    ],
    [1, () => set('X-Forwarded-Host', 'evil.example', 'X-Forwarded-Host: evil.example')],
    [1, () => set('X-Forwarded-Proto', 'javascript', 'X-Forwarded-Proto: javascript')],
    [1, () => set('Forwarded', 'for=1.2.3.4;host=evil.example;proto=http', 'Forwarded header')],
    [
      2,
      () =>
        set(
          'Host',
          random.pick(['evil.example', 'localhost:99999', '[::1', 'a'.repeat(300)]),
          'Host header altered',
        ),
    ],
    [2, () => set('Accept', 'text/html,application/xhtml+xml', 'Accept: text/html')],
    [1, () => set('Accept', `${'application/x-fuzz, '.repeat(300)}*/*`, 'Accept of 6 kB')],
    [
      2,
      () => {
        const value = random.pick([
          'br',
          'gzip',
          'deflate',
          'identity;q=0',
          '*;q=0',
          'gzip;q=NaN',
          'zstd',
          ',',
        ])
        return set('Accept-Encoding', value, `Accept-Encoding: ${value}`)
      },
    ],
    [
      2,
      () => {
        const value = random.pick([
          'bytes=0-0',
          'bytes=-1',
          'bytes=999999999-',
          'bytes=5-1',
          'items=0-1',
          `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`,
        ])
        return set('Range', value, `Range: ${value.slice(0, 30)}`)
      },
    ],
    [1, () => set('If-None-Match', random.pick(['*', 'garbage', '"x", W/"y"']), 'If-None-Match altered')],
    [
      1,
      () =>
        set(
          'If-Modified-Since',
          random.pick(['garbage', 'Thu, 01 Jan 1970 00:00:00 GMT']),
          'If-Modified-Since altered',
        ),
    ],
    [1, () => set('Cookie', `a=${'c'.repeat(8000)}; __proto__=x`, 'Cookie of 8 kB')],
    [1, () => set('Origin', random.pick(['null', 'http://evil.example']), 'Origin altered')],
    [1, () => set('Expect', random.pick(['100-continue', 'fuzz']), 'Expect header')],
    [
      1,
      () => {
        for (let i = 0; i < 150; i++) headers.push([`X-Fuzz-${i}`, String(i)])
        return '150 extra headers'
      },
    ],
    [1, () => set('X-Fuzz-Big', 'h'.repeat(random.pick([12_000, 20_000])), 'one oversized header')],
    [
      1,
      () => {
        headers.push(['Content-Type', 'text/plain'])
        return 'Content-Type twice'
      },
    ],
  ])()
}

/** Requests an HTTP client would refuse to write: sent as bytes on a fresh socket. */
const rawRequest: Mutation = (draft, _ctx, random) => {
  const path = draft.pathname
  const body = draft.json === undefined ? '' : toJsonText(draft.json)
  const length = Buffer.byteLength(body)
  // The head as single bytes (control bytes and all), the body as UTF-8, as its Content-Length counts it.
  const lines = (requestLine: string, headers: string[], payload = '') =>
    Buffer.concat([
      Buffer.from(`${[requestLine, 'Host: 127.0.0.1', ...headers].join('\r\n')}\r\n\r\n`, 'latin1'),
      Buffer.from(payload),
    ])
  const [label, bytes] = random.pick<Labelled<Buffer>>([
    ['control byte in path', lines(`${draft.method} ${path}/\u0001x HTTP/1.1`, ['Connection: close'])],
    ['space in path', lines(`${draft.method} ${path}/a b HTTP/1.1`, ['Connection: close'])],
    [
      'NUL in header value',
      lines(`${draft.method} ${path} HTTP/1.1`, ['X-A: a\u0000b', 'Connection: close']),
    ],
    [
      'obs-fold header',
      lines(`${draft.method} ${path} HTTP/1.1`, ['X-A: a', ' folded', 'Connection: close']),
    ],
    [
      'Content-Length and Transfer-Encoding',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Transfer-Encoding: chunked',
          'Connection: close',
        ],
        `${length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
      ),
    ],
    [
      'two different Content-Length',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Content-Length: 1',
          'Connection: close',
        ],
        body,
      ),
    ],
    [
      'bad chunk size',
      lines(
        `POST ${path} HTTP/1.1`,
        ['Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close'],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
    ],
    ['HTTP/1.0 without Host', Buffer.from(`GET ${path} HTTP/1.0\r\n\r\n`, 'latin1')],
    ['HTTP/1.1 without Host', Buffer.from(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`, 'latin1')],
    ['HTTP/2.0 version', lines(`GET ${path} HTTP/2.0`, ['Connection: close'])],
    ['lower-case method', lines(`get ${path} HTTP/1.1`, ['Connection: close'])],
    ['unknown method', lines(`FUZZ ${path} HTTP/1.1`, ['Connection: close'])],
    ['asterisk-form OPTIONS', lines('OPTIONS * HTTP/1.1', ['Connection: close'])],
    ['header name with a space', lines(`GET ${path} HTTP/1.1`, ['X Bad: 1', 'Connection: close'])],
    [
      'bare LF line endings',
      Buffer.from(`GET ${path} HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n`, 'latin1'),
    ],
    ['20 kB header', lines(`GET ${path} HTTP/1.1`, [`X-Big: ${'b'.repeat(20_000)}`, 'Connection: close'])],
    [
      'two pipelined requests',
      Buffer.concat([
        lines(`GET ${path} HTTP/1.1`, []),
        lines(`GET ${path} HTTP/1.1`, ['Connection: close']),
      ]),
    ],
    [
      'Upgrade: websocket',
      lines(`GET ${path} HTTP/1.1`, [
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
      ]),
    ],
    [
      'Expect: 100-continue with body',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Expect: 100-continue',
          'Connection: close',
        ],
        body,
      ),
    ],
    [
      'UTF-8 bytes in path',
      Buffer.concat([
        Buffer.from(`GET ${path}/`),
        Buffer.from('ñ€'),
        Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      ]),
    ],
  ])
  draft.raw = bytes
  return `raw: ${label}`
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
