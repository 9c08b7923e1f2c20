import { API_BASES } from '@cabanas/contracts/routes'
import { messages } from '@cabanas/domain/shared'
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import { type DocumentedError, refusal, withCommonErrors } from './error-responses.ts'

/** The OpenAPI 3.1 document, and the reference UI that reads it. */
export const OPENAPI_PATH = '/openapi.json'
export const DOCS_PREFIX = '/docs'

/** Routes under those bases that are plumbing of the web app, not API (the dev server's runtime config). */
export const INTERNAL_ROUTES = ['/api/app-config']

/** The tag of each path, by its longest matching prefix; the first tags are listed first. */
const TAGS: { prefix: string; name: string; description: string }[] = [
  { prefix: '/habitaciones', name: 'Catálogo', description: 'Cabañas y destinos' },
  { prefix: '/api/destinations', name: 'Catálogo', description: 'Cabañas y destinos' },
  { prefix: '/cotizar', name: 'Búsqueda', description: 'Cabañas libres para unas fechas, con su precio' },
  { prefix: '/reservas', name: 'Cotizaciones', description: 'El precio de una estancia' },
  { prefix: '/api/availability', name: 'Disponibilidad', description: 'Noches libres y ocupadas' },
  { prefix: '/api/bookings', name: 'Reservas', description: 'Solicitudes de reserva y reservas pagadas' },
  { prefix: '/payments', name: 'Pagos', description: 'El cargo con tarjeta (Openpay) y sus avisos' },
  { prefix: '/webhooks', name: 'Pagos', description: 'El cargo con tarjeta (Openpay) y sus avisos' },
  { prefix: '/auth', name: 'Cuenta', description: 'Registro, sesión, perfil y Mis Reservas' },
  {
    prefix: '/api/hosts',
    name: 'Anfitriones',
    description: 'El perfil de anfitrión: nombre, teléfono y CLABE',
  },
  {
    prefix: '/api/operator',
    name: 'Consola de operación',
    description: 'Solo para operadores del marketplace',
  },
  {
    prefix: '/api/messages',
    name: 'Mensajes',
    description: 'Conversaciones entre huésped y anfitrión por solicitud y por reserva',
  },
  {
    prefix: '/api/hosts/me/messages',
    name: 'Mensajes',
    description: 'Conversaciones entre huésped y anfitrión por solicitud y por reserva',
  },
  { prefix: '/api/photos', name: 'Fotos', description: 'Fotos de las cabañas: subida y procesamiento' },
  { prefix: '/health', name: 'Operación', description: 'Estado del servicio' },
  { prefix: '/api', name: 'API', description: 'Otras rutas de la API' },
]

/** Security requirements for the route schemas: who may call (one of the entries suffices). */
type SecurityRequirements = { [scheme: string]: readonly string[] }[]
/** Anonymous, or signed in (the request then joins the client's account). */
export const OPTIONAL_SESSION: SecurityRequirements = [{}, { bearerAuth: [] }]
/** The reservation's secret from checkout, or the session of the client who booked it. */
export const RESERVATION_ACCESS: SecurityRequirements = [{ reservationToken: [] }, { bearerAuth: [] }]
/** Openpay, with the webhook's Basic credentials. */
export const OPENPAY_WEBHOOK: SecurityRequirements = [{ openpayWebhook: [] }]

const startsWithBase = (url: string, base: string) => url === base || url.startsWith(`${base}/`)

/**
 * Every route under the API's bases (API_BASES of the route manifest: spec §7 and /health) is
 * documented; everything else (pages, sitemaps, static files, media, the Openpay sandbox, these docs)
 * is not API and stays out.
 */
export function isDocumentedRoute(url: string): boolean {
  return !INTERNAL_ROUTES.includes(url) && API_BASES.some((base) => startsWithBase(url, base))
}

function tagOf(url: string): string {
  const matches = TAGS.filter((tag) => startsWithBase(url, tag.prefix))
  return matches.sort((a, b) => b.prefix.length - a.prefix.length)[0]?.name ?? 'API'
}

const hasHook = (hooks: RouteOptions['preHandler'], hook: unknown) =>
  hooks !== undefined && (Array.isArray(hooks) ? hooks.includes(hook as never) : hooks === hook)

/** The description of a success answer whose schema has none. */
const SUCCESS_TEXT: Record<string, string> = { 200: 'Correcto', 201: 'Creado', 202: 'Aceptado' }

/** What every documented route may answer besides its own refusals. */
function commonErrors(schema: FastifySchema, requiresSession: boolean): DocumentedError[] {
  return [
    ...(schema.body
      ? [
          refusal('BAD_REQUEST', messages.malformedJson),
          refusal('PAYLOAD_TOO_LARGE', messages.payloadTooLarge),
          refusal('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType),
        ]
      : []),
    ...(requiresSession ? [refusal('UNAUTHORIZED', messages.unauthorized)] : []),
    // The global limit (RATE_LIMIT_PER_MINUTE) and under-pressure's load shedding apply to every route.
    refusal('RATE_LIMITED', messages.tooManyRequests),
    refusal('SERVER_ERROR', messages.serverError),
    refusal('SERVICE_UNAVAILABLE', messages.overloaded),
  ]
}

/**
 * The zod type provider's transform (zod → JSON Schema) for the API's routes, plus what the routes
 * share: the tag, the session requirement (`app.requireClient`, `requireHost`, `requireOperator` →
 * bearer token and a 401) and the common refusals. Any other route is hidden.
 */
function createTransform(app: FastifyInstance): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] })
  return (document) => {
    const { url, route } = document
    if (!isDocumentedRoute(url)) return { schema: { hide: true }, url }
    const schema: FastifySchema = document.schema ?? {}
    const requiresSession = [app.requireClient, app.requireHost, app.requireOperator].some((hook) =>
      hasHook(route.preHandler, hook),
    )
    const response = withCommonErrors(
      (schema.response ?? {}) as Record<string, unknown>,
      commonErrors(schema, requiresSession),
    )
    const transformed = zodTransform({ ...document, schema: { ...schema, response } })
    const responses = (transformed.schema.response ?? {}) as Record<string, { description?: string }>
    for (const [status, json] of Object.entries(responses)) {
      json.description ??= SUCCESS_TEXT[status]
    }
    return {
      url: transformed.url,
      schema: {
        ...transformed.schema,
        tags: schema.tags ?? [tagOf(url)],
        ...(requiresSession && !schema.security ? { security: [{ bearerAuth: [] }] } : {}),
      },
    }
  }
}

/**
 * OpenAPI 3.1 at /openapi.json, generated from the routes' zod schemas, and Swagger UI at /docs. The
 * UI's scripts are files of its own origin, so it runs under the app's CSP (script-src 'self').
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
async function openapiPlugin(app: FastifyInstance) {
  const tags = [...new Map(TAGS.map((tag) => [tag.name, tag])).values()]
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cabañas MX API',
        version: '0.1.0',
        description: [
          'La API de Cabañas MX: catálogo, búsqueda, cotizaciones, disponibilidad, reservas, pagos y cuentas.',
          'El dinero va en centavos enteros de MXN (`185000` = $1,850.00) y las fechas como `aaaa-mm-dd`.',
          'Cada error responde `{ success: false, error, errorType, message }` con un mensaje en español;',
          'la web elige su texto por `errorType`.',
        ].join(' '),
      },
      tags: tags.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'El token que devuelven /auth/login y /auth/register',
          },
          reservationToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Reservation-Token',
            description: 'El secreto de una reserva, entregado al pagarla (abre la reserva sin cuenta)',
          },
          openpayWebhook: {
            type: 'http',
            scheme: 'basic',
            description: 'Las credenciales del webhook configuradas en Openpay',
          },
        },
      },
    },
    transform: createTransform(app),
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Cabañas MX · API' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return app.swagger()
  })
}

export default fp(openapiPlugin, { name: 'openapi' })
