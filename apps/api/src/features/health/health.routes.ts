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

  /**
   * Readiness: the database answers, and the search index (what search and quotes read) is not
   * older than its limit because its reads fail. `searchIndex` says how old it is and why.
   */
  // Loose, so that a field added to the report is never filtered out of it.
  const state = z.looseObject({
    status: z.string(),
    database: z.string().describe('pglite o postgres'),
    searchIndex: z
      .looseObject({
        ageMs: z.number().nullable().describe('Milisegundos desde la última lectura correcta'),
        maxStalenessMs: z.number().describe('Edad máxima: más vieja, búsqueda y cotizaciones responden 503'),
        lastErrorCode: z.string().nullable().describe('Código del error de la última lectura, si falló'),
        cabins: z.number(),
        heldStays: z.number(),
      })
      .describe('El índice de búsqueda que leen búsqueda y cotizaciones'),
  })
  const readySchema = {
    summary: 'El servicio está listo: la base de datos responde y el índice de búsqueda está al día',
    response: {
      200: state.describe('Listo (status: ok)'),
      503: state.extend({ error: z.string() }).describe('No listo (status: error), y por qué'),
    },
  }
  app.get('/health', { schema: readySchema }, async (request, reply) => {
    const searchIndex = app.searchIndex.status()
    const indexFailing =
      searchIndex.lastErrorCode !== null &&
      (searchIndex.ageMs === null || searchIndex.ageMs > searchIndex.maxStalenessMs)
    try {
      await app.db.execute(sql`select 1`)
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply.status(503).send({
        status: 'error',
        database: app.dbEngine,
        searchIndex,
        error: 'Base de datos no disponible',
      })
    }
    if (indexFailing)
      return reply.status(503).send({
        status: 'error',
        database: app.dbEngine,
        searchIndex,
        error: 'Índice de búsqueda desactualizado',
      })
    return { status: 'ok', database: app.dbEngine, searchIndex }
  })
}
