import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database, DatabaseHandle } from './db/client.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { availabilityRoutes } from './features/availability/availability.routes.ts'
import { bookingsRoutes } from './features/bookings/bookings.routes.ts'
import { reconcilePendingReservations } from './features/bookings/reconcile.ts'
import { catalogRoutes } from './features/catalog/catalog.routes.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { createOpenpayGateway } from './features/payments/openpay-gateway.ts'
import type { PaymentGateway } from './features/payments/payment-gateway.ts'
import { paymentsRoutes } from './features/payments/payments.routes.ts'
import {
  OPENPAY_SANDBOX_PREFIX,
  openpaySandboxRoutes,
} from './features/payments/sandbox/openpay-sandbox.routes.ts'
import { webhooksRoutes } from './features/payments/webhooks.routes.ts'
import { quotesRoutes } from './features/quotes/quotes.routes.ts'
import { searchRoutes } from './features/search/search.routes.ts'
import { createSearchIndexSync, type SearchIndexSync } from './features/search/search-sync.ts'
import authPlugin from './plugins/auth.ts'
import type { Clock } from './plugins/clock.ts'
import errorsPlugin from './plugins/errors.ts'
import securityHeadersPlugin from './plugins/security-headers.ts'
import staticPlugin from './plugins/static.ts'

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
  /** Pino logger options; tests pass false. */
  logger?: boolean | { level: string }
}

/** The whole HTTP app: plugins once, then one route plugin per feature. Tests build it too. */
export async function buildApp({
  config,
  clock,
  database,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 100 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.decorate('config', config)
  app.decorate('clock', clock)
  app.decorate('db', database.db)
  app.decorate('dbEngine', database.engine)
  const search = createSearchIndexSync(database.db, {
    maxStalenessMs: config.searchIndexMaxStalenessMs,
    intervalMs: config.searchIndexMaxStalenessMs,
  })
  app.decorate('searchIndex', search)
  app.addHook('onReady', async () => {
    await search.refresh()
    search.start()
  })
  app.addHook('onClose', async () => search.stop())

  app.decorate('paymentGateway', createPaymentGateway(app, config))
  startReconciliation(app, config)

  await app.register(errorsPlugin)
  await app.register(authPlugin)
  await app.register(securityHeadersPlugin, { config })
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] })

  await app.register(healthRoutes)
  await app.register(catalogRoutes)
  await app.register(searchRoutes)
  await app.register(quotesRoutes)
  await app.register(availabilityRoutes)
  await app.register(bookingsRoutes)
  await app.register(paymentsRoutes)
  await app.register(webhooksRoutes)
  if (config.openpay.mode === 'sandbox') {
    await app.register(openpaySandboxRoutes, { prefix: OPENPAY_SANDBOX_PREFIX })
  }
  await app.register(authRoutes)
  await app.register(staticPlugin, { config })

  return app
}

/**
 * The Openpay client. With no keys configured it talks, over HTTP like to the real Openpay, to the
 * sandbox this same app serves, on whatever port it listens.
 */
function createPaymentGateway(app: FastifyInstance, config: Config): PaymentGateway {
  const { openpay } = config
  const ownSandbox = () => {
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('the sandbox needs the server to listen')
    return `http://127.0.0.1:${address.port}/sandbox/openpay`
  }
  return createOpenpayGateway({
    baseUrl: openpay.apiUrl ? () => openpay.apiUrl! : ownSandbox,
    merchantId: openpay.merchantId,
    privateKey: openpay.privateKey,
    timeoutMs: openpay.timeoutMs,
  })
}

/** The sweeper that settles pending reservations (unknown outcomes, expired holds). */
function startReconciliation(app: FastifyInstance, config: Config) {
  if (config.reconcileIntervalMs <= 0) return
  const graceSeconds = Math.ceil(config.openpay.timeoutMs / 1000) + 30
  let timer: NodeJS.Timeout | null = null
  let running = false
  app.addHook('onReady', async () => {
    timer = setInterval(async () => {
      if (running) return
      running = true
      try {
        await reconcilePendingReservations(
          { db: app.db, gateway: app.paymentGateway, log: app.log },
          { graceSeconds },
        )
      } catch (error) {
        app.log.error({ err: error }, 'reconciliation failed')
      } finally {
        running = false
      }
    }, config.reconcileIntervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
