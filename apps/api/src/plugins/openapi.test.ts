import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_RENDERED_ROUTES } from '../features/pages/pages.plugin.ts'
import { buildTestApp } from '../test/build-test-app.ts'
import { insertCabin } from '../test/factories.ts'

type Schema = { type?: string | string[]; properties?: Record<string, unknown>; $ref?: string }
type Media = { schema?: Schema; examples?: Record<string, { summary?: string; value: unknown }> }
type Operation = {
  summary?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { description: string; content?: Record<string, Media> }>
}
type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string }
  tags?: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> }
}

/**
 * Every call of spec §7, as this API serves it (docs/decisions.md, "The four API bases of spec §7
 * under one origin"): the user's bookings and the reservations list of the client-auth base (and the
 * declared /get-my-reservations) are GET /auth/reservations; cancel is POST …/cancel; social sign-in
 * is not implemented (spec §7), so it has no success answer.
 */
const SPEC_ROUTES: {
  method: string
  path: string
  input: 'body' | 'query' | 'path' | null
  success: 200 | 201 | null
}[] = [
  { method: 'get', path: '/habitaciones', input: 'query', success: 200 },
  { method: 'get', path: '/habitaciones/{id}', input: 'path', success: 200 },
  { method: 'get', path: '/cotizar/search', input: 'query', success: 200 },
  { method: 'post', path: '/reservas/cotizar', input: 'body', success: 200 },
  { method: 'post', path: '/api/availability/check', input: 'body', success: 200 },
  { method: 'get', path: '/api/availability/date-range', input: 'query', success: 200 },
  { method: 'get', path: '/api/availability/cabin/{id}', input: 'path', success: 200 },
  { method: 'post', path: '/api/bookings', input: 'body', success: 201 },
  { method: 'get', path: '/api/bookings/{id}', input: 'path', success: 200 },
  { method: 'put', path: '/api/bookings/{id}', input: 'body', success: 200 },
  { method: 'post', path: '/api/bookings/{id}/cancel', input: 'path', success: 200 },
  { method: 'get', path: '/auth/reservations', input: null, success: 200 },
  { method: 'post', path: '/payments/charge', input: 'body', success: 200 },
  { method: 'post', path: '/auth/login', input: 'body', success: 200 },
  { method: 'post', path: '/auth/register', input: 'body', success: 201 },
  { method: 'post', path: '/auth/logout', input: null, success: 200 },
  { method: 'get', path: '/auth/check', input: null, success: 200 },
  { method: 'put', path: '/auth/profile', input: 'body', success: 200 },
  { method: 'put', path: '/auth/preferences', input: 'body', success: 200 },
  { method: 'post', path: '/auth/social/{provider}', input: 'path', success: null },
  { method: 'post', path: '/auth/refresh', input: null, success: 200 },
  { method: 'post', path: '/webhooks/openpay', input: 'body', success: 200 },
]

/** The API's bases (spec §7 and /health): every route under them is API and must be documented. */
const API_BASES = [
  '/habitaciones',
  '/cotizar',
  '/reservas',
  '/api',
  '/auth',
  '/payments',
  '/webhooks',
  '/health',
]
const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`)
const isApiUrl = (url: string) => API_BASES.some((base) => under(url, base))

/** Routes that are not API, and why each kind stays out of the document. */
function notApiBecause(url: string): string | null {
  if (url === '/api/app-config') return 'the SPA runtime config for the Vite dev server'
  if (isApiUrl(url)) return null
  if (url === '/openapi.json' || under(url, '/docs')) return 'the documentation itself'
  if (under(url, '/sandbox')) return 'the local stand-in for Openpay, an outside system'
  if (under(url, '/media')) return 'cabin photos'
  if (SERVER_RENDERED_ROUTES.includes(url)) return 'a page'
  if (['/sitemap.xml', '/sitemap-:page.xml', '/robots.txt'].includes(url)) return 'for crawlers'
  if (/\.[a-z0-9]+$/i.test(url)) return "a file of the web app's build"
  return null
}

/** Every method and path Fastify serves, from its own route tree (HEAD is derived from GET). */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    const url = `${stack.join('')}${match[2]}`
    stack.push(match[2] ?? '')
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), url })
    }
  }
  return routes
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}')

/** A message a Spanish-speaking guest reads: Spanish words, and none of Fastify's or zod's English. */
const looksSpanish = (text: string) =>
  (/[áéíóúñ¿¡]/i.test(text) ||
    /\b(el|la|los|las|de|del|no|que|en|un|una|por|para|es|se|con|tu|tus|ya)\b/i.test(text) ||
    /\b\w+(ción|dad|ido|ida)\b/i.test(text)) &&
  !/\b(the|invalid input|expected|required|must|body)\b/i.test(text)

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let doc: OpenApiDocument
beforeAll(async () => {
  ctx = await buildTestApp()
  const res = await ctx.app.inject({ url: '/openapi.json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
})
afterAll(() => ctx.close())

const operation = (method: string, path: string) => doc.paths[path]?.[method]
const jsonSchemaOf = (media: Record<string, Media> | undefined) => media?.['application/json']?.schema

/** The named example of a documented refusal. */
function example(method: string, path: string, status: number, name: string) {
  const examples = operation(method, path)?.responses[status]?.content?.['application/json']?.examples
  expect(examples, `${method} ${path} ${status}`).toBeDefined()
  return examples?.[name]?.value
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document: info, paths with {params}, described responses, declared tags and schemes', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/)
    const tags = new Set(doc.tags?.map((tag) => tag.name))
    const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}))
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20)
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\//)
      expect(path).not.toContain(':')
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      for (const [method, op] of Object.entries(operations)) {
        expect(['get', 'put', 'post', 'delete', 'patch']).toContain(method)
        expect(op.summary, `${method} ${path} summary`).toBeTruthy()
        for (const tag of op.tags ?? []) expect(tags).toContain(tag)
        expect(op.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0)
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(schemes).toContain(scheme)
        }
        for (const name of pathParams) {
          expect(op.parameters).toContainEqual(expect.objectContaining({ in: 'path', name, required: true }))
        }
        // A success answer with its shape, unless the route is not implemented (501); a 204 has no body.
        if (!op.responses[501]) {
          const [status, success] = Object.entries(op.responses).find(([code]) => /^2/.test(code)) ?? []
          if (status === '204') expect(success?.description, `${method} ${path} 204`).toBeTruthy()
          else
            expect(
              Object.values(success?.content ?? {})[0]?.schema,
              `${method} ${path} success`,
            ).toBeDefined()
        }
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/)
          expect(response.description, `${method} ${path} ${status}`).toBeTruthy()
        }
      }
    }
    // Every reference points into the document.
    for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components?.schemas).toHaveProperty(ref as string)
    }
  })

  it.each(SPEC_ROUTES)('documents spec §7 $method $path: input, success and Spanish refusals', (route) => {
    const op = operation(route.method, route.path)
    expect(op, `${route.method} ${route.path} is missing`).toBeDefined()
    if (!op) return
    if (route.input === 'body') {
      expect(jsonSchemaOf(op.requestBody?.content)?.properties).toBeDefined()
    } else if (route.input) {
      expect(op.parameters?.some((parameter) => parameter.in === route.input)).toBe(true)
    }
    if (route.success) {
      const schema = jsonSchemaOf(op.responses[route.success]?.content)
      expect(schema?.properties ?? schema?.$ref, `${route.success} schema`).toBeDefined()
    }
    const refusals = Object.entries(op.responses).filter(([status]) => /^4/.test(status))
    expect(refusals.length).toBeGreaterThan(0)
  })

  it('gives every refusal of every route Spanish examples in the shape the API sends', () => {
    let count = 0
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const media = response.content?.['application/json']
          // Every 4xx, and every 5xx in the error body's shape (/health's 503 is a status report).
          if (!/^4/.test(status) && !(/^5/.test(status) && media?.schema?.properties?.errorType)) continue
          const examples = Object.values(media?.examples ?? {})
          expect(examples.length, `${method} ${path} ${status} examples`).toBeGreaterThan(0)
          for (const { value } of examples) {
            const body = value as { success: boolean; error: string; errorType: string; message: string }
            expect(body.success).toBe(false)
            expect(body.errorType).toMatch(/^[A-Z_]+$/)
            expect(looksSpanish(body.error), `${method} ${path} ${status}: ${body.error}`).toBe(true)
            if (body.message !== undefined) expect(body.message).toBe(body.error)
            count++
          }
        }
      }
    }
    expect(count).toBeGreaterThan(100)
  })

  it('documents every API route Fastify serves, and nothing else', () => {
    const tree = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }))
    expect(tree).toContainEqual({ method: 'get', url: '/habitaciones/:id' })
    // The tree prints a wildcard route without its prefix: these are @fastify/static's, files only.
    const wildcards = tree.filter((route) => route.url.endsWith('*'))
    const knownWildcards = ['/media/*', `/docs/static/*`]
    for (const url of knownWildcards) expect(ctx.app.hasRoute({ method: 'GET', url })).toBe(true)
    expect(wildcards).toHaveLength(knownWildcards.length)
    const routes = tree.filter((route) => !route.url.endsWith('*'))
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method} ${path}`),
      ),
    )
    const undocumented = routes
      .filter((route) => notApiBecause(route.url) === null)
      .map((route) => `${route.method} ${toOpenApiPath(route.url)}`)
      .filter((key) => !documented.has(key))
    expect(undocumented, 'routes neither documented nor known to be outside the API').toEqual([])
    const served = new Set(routes.map((route) => `${route.method} ${toOpenApiPath(route.url)}`))
    for (const key of documented) {
      expect(served, 'documented but not served').toContain(key)
      expect(isApiUrl(key.split(' ')[1] ?? '')).toBe(true)
    }
    expect([...documented].filter((key) => key.includes('/sandbox') || key.includes('app-config'))).toEqual(
      [],
    )
  })

  it('marks the routes that need a session, and those a reservation secret opens', () => {
    expect(operation('get', '/auth/check')?.security).toEqual([{ bearerAuth: [] }])
    expect(operation('get', '/auth/check')?.responses[401]).toBeDefined()
    expect(operation('get', '/api/bookings/{id}')?.security).toEqual([
      { reservationToken: [] },
      { bearerAuth: [] },
    ])
    expect(operation('get', '/habitaciones')?.security).toBeUndefined()
  })
})

describe('the documented examples are what the API answers', () => {
  it('an unknown cabin', async () => {
    const res = await ctx.app.inject({ url: `/habitaciones/${randomUUID()}` })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(example('get', '/habitaciones/{id}', 404, 'CABIN_NOT_FOUND'))
  })

  it('an empty quote request, and a quote for a past arrival (with available: false)', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/reservas/cotizar', payload: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual(example('post', '/reservas/cotizar', 400, 'VALIDATION_ERROR'))

    const cabin = await insertCabin(ctx.db)
    const past = await ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin.id, checkIn: '2026-05-01', checkOut: '2026-05-03', guests: 2 },
    })
    expect(past.statusCode).toBe(400)
    expect(past.json()).toEqual(example('post', '/reservas/cotizar', 400, 'INVALID_DATE'))
  })

  it('a search without its parameters', async () => {
    const res = await ctx.app.inject({ url: '/cotizar/search' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(example('get', '/cotizar/search', 400, 'VALIDATION_ERROR'))
  })

  it('a request without a session, and a body that is not JSON', async () => {
    const anonymous = await ctx.app.inject({ url: '/auth/check' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual(example('get', '/auth/check', 401, 'UNAUTHORIZED'))

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual(example('post', '/auth/login', 400, 'BAD_REQUEST'))
  })
})

describe('GET /docs', () => {
  it('answers the reference UI, whose scripts are same-origin files, under the app CSP', async () => {
    const res = await ctx.app.inject({ url: '/docs', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('id="swagger-ui"')
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'[;\s]/)
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) {
      expect(src).toMatch(/^\/docs\/static\//)
      const script = await ctx.app.inject({ url: src })
      expect(script.statusCode, src).toBe(200)
      expect(script.headers['content-type']).toMatch(/javascript/)
    }
  })

  it('is not taken by the pages: /openapi.json stays JSON for a browser', async () => {
    const res = await ctx.app.inject({ url: '/openapi.json', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })
})
