import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers, nothing else is touched. */
  app.get('/health/live', async () => ({ status: 'ok' }))

  /** Readiness: the database answers too. */
  app.get('/health', async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`)
      return { status: 'ok', database: app.dbEngine }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply
        .status(503)
        .send({ status: 'error', database: app.dbEngine, error: 'Base de datos no disponible' })
    }
  })
}
