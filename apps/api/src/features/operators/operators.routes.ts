import { hostMessages, OperatorHostsResponseSchema } from '@cabanas/domain/hosts'
import { messages } from '@cabanas/domain/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, refusal } from '../../plugins/error-responses.ts'
import { grantConfiguredOperators, listHostsForOperator } from './operators.queries.ts'

/**
 * The operator console's API. No route here or anywhere grants the operator role: that is
 * `npm run operator` and OPERATOR_EMAILS (granted below, when the app is ready).
 */
export const operatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    const { granted, waiting } = await grantConfiguredOperators(app.db, app.config.operatorEmails)
    if (granted.length > 0) app.log.info({ clientIds: granted }, 'operator role granted (OPERATOR_EMAILS)')
    if (waiting > 0) {
      app.log.warn(
        { waiting },
        'OPERATOR_EMAILS: some addresses have no account with a confirmed address yet; they get the role at the next start',
      )
    }
  })

  app.get(
    '/api/operator/hosts',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola de operación: los anfitriones, el más reciente primero (CLABE enmascarada)',
        response: {
          200: OperatorHostsResponseSchema,
          ...errorResponses([
            refusal('UNAUTHORIZED', messages.unauthorized),
            refusal('FORBIDDEN', hostMessages.notOperator),
          ]),
        },
      },
    },
    async () => ({ success: true as const, data: { hosts: await listHostsForOperator(app.db) } }),
  )
}
