import { z } from '@cabanas/domain/shared'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers, nothing else is touched. */
  const liveSchema = {
    summary: 'El proceso responde (liveness)',
    response: { 200: z.object({ status: z.string().describe('ok') }) },
  }
  app.get('/health/live', { schema: liveSchema }, async () => ({ status: 'ok' }))

  /** Readiness: the database answers too. */
  // Loose: whatever else the answer reports about the service passes through.
  const state = z.looseObject({ status: z.string(), database: z.string().describe('pglite o postgres') })
  const readySchema = {
    summary: 'El servicio está listo: la base de datos responde',
    response: {
      200: state.describe('Listo (status: ok)'),
      503: state.extend({ error: z.string() }).describe('No listo (status: error), y por qué'),
    },
  }
  app.get('/health', { schema: readySchema }, async (request, reply) => {
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
