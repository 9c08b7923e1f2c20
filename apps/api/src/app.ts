import type { PageRenderer } from '@cabanas/contracts/ssr'
import { messages } from '@cabanas/domain/shared'
import { OPENPAY_SANDBOX_PREFIX, openpaySandboxRoutes } from '@cabanas/openpay-sandbox'
import fastifyCompress from '@fastify/compress'
import fastifyRateLimit from '@fastify/rate-limit'
import underPressure from '@fastify/under-pressure'
import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database, DatabaseHandle } from './db/client.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { availabilityRoutes } from './features/availability/availability.routes.ts'
import { bookingsRoutes } from './features/bookings/bookings.routes.ts'
import { hostRequestsRoutes } from './features/bookings/host-requests.routes.ts'
import { requestClockJob } from './features/bookings/request-clock.ts'
import { calendarRoutes } from './features/calendar/calendar.routes.ts'
import { calendarSyncRoutes } from './features/calendar/calendar-sync.routes.ts'
import { FEED_LIMITS, icalImportJob } from './features/calendar/ical-import.ts'
import { catalogRoutes } from './features/catalog/catalog.routes.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { hostReservationsRoutes } from './features/host-reservations/host-reservations.routes.ts'
import { hostTodayRoutes } from './features/hosts/host-today.routes.ts'
import { hostsRoutes } from './features/hosts/hosts.routes.ts'
import { listingsRoutes } from './features/listings/listings.routes.ts'
import { operatorListingsRoutes } from './features/listings/operator-listings.routes.ts'
import mailPlugin from './features/mail/mail.plugin.ts'
import { messagesRoutes } from './features/messages/messages.routes.ts'
import { operatorsRoutes } from './features/operators/operators.routes.ts'
import pagesPlugin from './features/pages/pages.plugin.ts'
import { createOpenpayGateway } from './features/payments/openpay-gateway.ts'
import type { PaymentGateway } from './features/payments/payment-gateway.ts'
import { paymentsRoutes } from './features/payments/payments.routes.ts'
import { reconciliationJob } from './features/payments/reconcile.ts'
import { refundCancelledReservation, scheduleRefund } from './features/payments/refunds.ts'
import { webhooksRoutes } from './features/payments/webhooks.routes.ts'
import { payoutsRoutes } from './features/payouts/payouts.routes.ts'
import { createPhotoStorage } from './features/photos/photo-storage.ts'
import { photosRoutes } from './features/photos/photos.routes.ts'
import { QUOTE_ROUTE, quotesRoutes } from './features/quotes/quotes.routes.ts'
import { completeStaysJob } from './features/reservations/complete-stays.ts'
import { myReservationsRoutes } from './features/reservations/my-reservations.routes.ts'
import { reservationsRoutes } from './features/reservations/reservations.routes.ts'
import { searchRoutes } from './features/search/search.routes.ts'
import {
  createSearchIndexSync,
  pruneTombstonesJob,
  type SearchIndexSync,
} from './features/search/search-sync.ts'
import { endConnectionsOnClose } from './lib/close-connections.ts'
import { createSecretBox, installSecretBox } from './lib/secret-box.ts'
import authPlugin from './plugins/auth.ts'
import type { Clock } from './plugins/clock.ts'
import { responseSerializerCompiler } from './plugins/error-responses.ts'
import errorsPlugin, { sendError, sendFrameworkError } from './plugins/errors.ts'
import { pruneIdempotencyKeys } from './plugins/idempotency-keys.ts'
import jobsPlugin from './plugins/jobs.ts'
import { loggerOptions } from './plugins/logging.ts'
import openapiPlugin from './plugins/openapi.ts'
import outboxPlugin from './plugins/outbox.ts'
import rateLimitsPlugin, { pruneRateLimitEvents } from './plugins/rate-limits.ts'
import securityHeadersPlugin from './plugins/security-headers.ts'
import staticPlugin from './plugins/static.ts'
import { resolveSandboxCredentials } from './sandbox-account.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    clock: Clock
    db: Database
    dbEngine: DatabaseHandle['engine']
    searchIndex: SearchIndexSync
    paymentGateway: PaymentGateway
  }
}

export type BuildAppOptions = {
  config: Config
  clock: Clock
  database: DatabaseHandle
  /**
   * The web's server renderer (apps/web/src/ssr) for the public pages; null or absent: every page is
   * the client-rendered index.html. server.ts loads the built one; tests load the source.
   */
  pageRenderer?: PageRenderer | null
  /** false: no logs (most tests); a stream: the logs go there (tests that read them). */
  logger?: false | { level?: string; stream?: { write(line: string): void } }
}

/** How long a request may take, headers and body (Fastify's requestTimeout). */
const REQUEST_TIMEOUT_MS = 30_000

/** The whole HTTP app: plugins once, then one route plugin per feature. Tests build it too. */
export async function buildApp({
  config: givenConfig,
  clock,
  database,
  logger,
  pageRenderer = null,
}: BuildAppOptions): Promise<FastifyInstance> {
  // The payment sandbox's credentials live in the database (one set per installation).
  const config = await resolveSandboxCredentials(givenConfig, database.db)
  // Before anything can queue a mail or store a charge's answer (lib/secret-box.ts).
  installSecretBox(createSecretBox(config.secretsKeys))
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger?.level ?? config.logLevel, logger?.stream),
    bodyLimit: 100 * 1024,
    // Only a configured proxy may say who the client is (X-Forwarded-For): never by default.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A slow or silent client cannot hold a connection open for long.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: 60_000,
    // Longer than the idle timeout of the usual reverse proxies (60 s), so they never reuse a closed one.
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a path segment over 100 characters, a bad %-escape), in Spanish.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>()
  // Headers must arrive within 15 s; Node's default limit of 16 KiB of headers stays.
  app.server.headersTimeout = 15_000
  // A closing app waits no longer for a request than a request may last.
  endConnectionsOnClose(app, { graceMs: REQUEST_TIMEOUT_MS })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler)

  app.decorate('config', config)
  app.decorate('clock', clock)
  app.decorate('db', database.db)
  app.decorate('dbEngine', database.engine)
  const search = createSearchIndexSync(database.db, {
    maxStalenessMs: config.searchIndexMaxStalenessMs,
    // Read twice per limit, so that a request never finds the index too old while the database answers.
    intervalMs: Math.floor(config.searchIndexMaxStalenessMs / 2),
    today: () => clock.today(),
    log: app.log,
  })
  app.decorate('searchIndex', search)
  app.addHook('onReady', async () => {
    await search.refresh()
    search.start()
  })
  app.addHook('onClose', async () => search.stop())
  // Read your own writes: after a write this process answered, its next search or quote reads the
  // database's changes first (quotes are POSTs that write nothing, and the hottest request: not them).
  // Marked before the answer leaves, so the request it leads to finds the mark.
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS'
    if (!reads && reply.statusCode < 400 && request.routeOptions.url !== QUOTE_ROUTE) search.invalidate()
    return payload
  })

  app.decorate('paymentGateway', createPaymentGateway(app, config))

  await app.register(errorsPlugin)
  await app.register(jobsPlugin)
  await app.register(rateLimitsPlugin)
  await app.register(outboxPlugin, { intervalMs: config.outboxIntervalMs })
  await app.register(mailPlugin)
  // Load shedding (MAX_EVENT_LOOP_DELAY_MS, 1 s by default; off with 0, as in tests not about it).
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: 10,
      pressureHandler: (_request, reply) => {
        reply.header('retry-after', '10')
        sendError(reply, 'SERVICE_UNAVAILABLE', messages.overloaded)
      },
    })
  }
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // Static files and media are cheap; the budget counts API and page requests.
      allowList: (request) => /^\/(assets|media)\//.test(request.url),
      errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED' }),
    })
  }
  scheduleHousekeeping(app, config)
  await app.register(authPlugin)
  await app.register(securityHeadersPlugin, { config })
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] })

  // Before the routes: it documents each one as it is added (/openapi.json, /docs).
  await app.register(openapiPlugin)
  await app.register(healthRoutes)
  await app.register(catalogRoutes)
  await app.register(searchRoutes)
  await app.register(quotesRoutes)
  await app.register(availabilityRoutes)
  await app.register(bookingsRoutes)
  // The guest's reservation; its cancellation's refunds come from payments, which needs reservations.
  await app.register(reservationsRoutes, {
    refunds: {
      schedule: scheduleRefund,
      refundNow: (log, reservationId, amount) =>
        refundCancelledReservation({ db: app.db, gateway: app.paymentGateway, log }, reservationId, amount),
    },
  })
  await app.register(paymentsRoutes)
  await app.register(webhooksRoutes)
  if (config.openpay.mode === 'sandbox') {
    // An outside system (apps/openpay-sandbox), mounted here only so that development needs no
    // second process: our payment code reaches it over HTTP, as it would reach Openpay.
    await app.register(openpaySandboxRoutes, {
      prefix: OPENPAY_SANDBOX_PREFIX,
      db: database.db,
      account: config.openpay,
      today: () => clock.today(),
      clientTimeoutMs: config.openpay.timeoutMs,
      faults: config.openpay.sandboxFaults,
    })
    app.addHook('onReady', async () => {
      app.log.warn(
        { payments: 'sandbox', merchantId: config.openpay.merchantId },
        'PAGOS EN MODO SANDBOX: ningún cargo es real (define las llaves OPENPAY_* para cobrar de verdad)',
      )
    })
  }
  await app.register(authRoutes)
  await app.register(myReservationsRoutes)
  await app.register(hostsRoutes)
  await app.register(operatorsRoutes)
  const photoStorage = createPhotoStorage(config.storage)
  await app.register(photosRoutes, { storage: photoStorage, limits: config.photos })
  await app.register(listingsRoutes, { storage: photoStorage })
  await app.register(operatorListingsRoutes)
  await app.register(calendarRoutes)
  await app.register(calendarSyncRoutes)
  await app.register(payoutsRoutes)
  await app.register(messagesRoutes)
  await app.register(hostTodayRoutes)
  await app.register(hostRequestsRoutes)
  await app.register(hostReservationsRoutes)
  await app.register(staticPlugin, { config })
  await app.register(pagesPlugin, { renderer: pageRenderer })

  return app
}

/**
 * The Openpay client. With no keys configured it talks, over HTTP like to the real Openpay, to the
 * sandbox this same app serves, on whatever port it listens.
 */
function createPaymentGateway(app: FastifyInstance, config: Config): PaymentGateway {
  const { openpay } = config
  const { apiUrl } = openpay
  const ownSandbox = () => {
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('the sandbox needs the server to listen')
    return `http://127.0.0.1:${address.port}${OPENPAY_SANDBOX_PREFIX}`
  }
  return createOpenpayGateway({
    baseUrl: apiUrl ? () => apiUrl : ownSandbox,
    merchantId: openpay.merchantId,
    privateKey: openpay.privateKey,
    timeoutMs: openpay.timeoutMs,
  })
}

/** Periodic jobs; each runs in one process at a time (plugins/jobs.ts). */
function scheduleHousekeeping(app: FastifyInstance, config: Config) {
  app.schedule(
    reconciliationJob(() => ({ db: app.db, gateway: app.paymentGateway, log: app.log }), {
      intervalMs: config.reconcileIntervalMs,
      gatewayTimeoutMs: config.openpay.timeoutMs,
    }),
  )
  app.schedule({
    name: 'prune-idempotency-keys',
    intervalMs: 60 * 60_000,
    run: () => pruneIdempotencyKeys(app.db),
  })
  app.schedule(completeStaysJob({ db: app.db, today: () => app.clock.today(), log: app.log }))
  app.schedule(requestClockJob({ db: app.db, now: () => app.clock.now(), log: app.log }))
  app.schedule(pruneTombstonesJob(app.db))
  app.schedule(
    icalImportJob(
      {
        db: app.db,
        today: () => app.clock.today(),
        log: app.log,
        limits: { ...FEED_LIMITS, allowPrivate: config.ical.allowPrivate },
      },
      config.ical.pollIntervalMs,
    ),
  )
  app.schedule({
    name: 'prune-rate-limits',
    intervalMs: 10 * 60_000,
    run: () => pruneRateLimitEvents(app.db),
  })
}
