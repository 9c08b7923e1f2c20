import { hostMessages } from '@cabanas/domain/hosts'
import {
  HostPayoutMonthResponseSchema,
  HostPayoutsResponseSchema,
  OperatorPayoutParamsSchema,
  OperatorPayoutResponseSchema,
  OperatorPayoutsResponseSchema,
  PayoutMarkPaidRequestSchema,
  PayoutMonthParamsSchema,
  PayoutTransferRequestSchema,
  payoutCsvFilename,
  payoutMessages,
  payoutMonthCsv,
} from '@cabanas/domain/payouts'
import { messages } from '@cabanas/domain/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import {
  findHostPayoutMonth,
  listHostPayoutMonths,
  listOperatorPayouts,
  payHostMonth,
} from './payouts.service.ts'

/** Payout writes per operator, and per address, in an hour. */
const PAYOUT_WRITES_PER_OPERATOR = 60
const PAYOUT_WRITES_PER_IP = 120

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notOperator = refusal('FORBIDDEN', hostMessages.notOperator)
const badMonth = invalidInput(PayoutMonthParamsSchema, { month: '2026-13' })
const badOperatorParams = invalidInput(OperatorPayoutParamsSchema, { hostId: 'x', month: '2026-05' })
const tooMany = refusal('RATE_LIMITED', payoutMessages.tooManyChanges)
const payRefusals = [
  badOperatorParams,
  unauthorized,
  notOperator,
  refusal('NOT_FOUND', payoutMessages.hostNotFound),
  refusal('CONFLICT', payoutMessages.alreadyPaid),
  tooMany,
]

/**
 * Payouts (issue 22): the host's monthly report and its CSV, and the operator console's months owed,
 * paid by transfer through the provider or marked paid with a bank reference.
 */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitWrites = (reply: FastifyReply, operatorId: string, clientAddress: string) =>
    app.enforceLimits(
      reply,
      [
        { key: `operator-payouts:${operatorId}`, limit: PAYOUT_WRITES_PER_OPERATOR, windowSeconds: 3600 },
        { key: `operator-payouts-ip:${clientAddress}`, limit: PAYOUT_WRITES_PER_IP, windowSeconds: 3600 },
      ],
      payoutMessages.tooManyChanges,
    )

  app.get(
    '/api/hosts/me/payouts',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Pagos del anfitrión: sus meses, con estancias, montos, comisión y lo que se le debe',
        response: { 200: HostPayoutsResponseSchema, ...errorResponses([unauthorized, notHost]) },
      },
    },
    async (request) => {
      const months = await listHostPayoutMonths(app.db, requireSession(request).clientId, app.clock.today())
      return { success: true as const, data: { months } }
    },
  )

  app.get(
    '/api/hosts/me/payouts/:month',
    {
      preHandler: app.requireHost,
      schema: {
        summary: 'Un mes de pagos del anfitrión, estancia por estancia (y los ajustes de meses ya pagados)',
        params: PayoutMonthParamsSchema,
        response: {
          200: HostPayoutMonthResponseSchema,
          ...errorResponses([badMonth, unauthorized, notHost]),
        },
      },
    },
    async (request) => {
      const { clientId } = requireSession(request)
      const month = await findHostPayoutMonth(app.db, clientId, request.params.month, app.clock.today())
      return { success: true as const, data: { month } }
    },
  )

  app.get(
    '/api/hosts/me/payouts/:month/csv',
    {
      preHandler: app.requireHost,
      schema: {
        summary: "'Descargar CSV': el mes del anfitrión como hoja de cálculo (UTF-8, encabezados en español)",
        params: PayoutMonthParamsSchema,
        response: { 200: z.string(), ...errorResponses([badMonth, unauthorized, notHost]) },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      const { month } = request.params
      const detail = await findHostPayoutMonth(app.db, clientId, month, app.clock.today())
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${payoutCsvFilename(month)}"`)
        .header('cache-control', 'private, no-store')
        .send(payoutMonthCsv({ month, lines: detail.lines, totals: detail.totals }))
    },
  )

  app.get(
    '/api/operator/payouts',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: 'Consola: pagos a anfitriones, los meses que se les deben, en curso y los pagados recientes',
        response: { 200: OperatorPayoutsResponseSchema, ...errorResponses([unauthorized, notOperator]) },
      },
    },
    async () => ({
      success: true as const,
      data: { payouts: await listOperatorPayouts(app.db, app.clock.today()) },
    }),
  )

  app.post(
    '/api/operator/payouts/:hostId/:month/transfer',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: "Consola: 'Pagar por transferencia' a la CLABE del anfitrión, por el proveedor de pagos",
        params: OperatorPayoutParamsSchema,
        body: PayoutTransferRequestSchema,
        response: {
          200: OperatorPayoutResponseSchema,
          ...errorResponses([
            ...payRefusals,
            refusal('PAYOUT_REFUSED', payoutMessages.providerRefused),
            refusal('SERVICE_UNAVAILABLE', payoutMessages.providerUnknown),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      await limitWrites(reply, clientId, request.clientAddress)
      const payout = await payHostMonth(
        { db: app.db, gateway: app.paymentGateway, log: request.log },
        {
          ...request.params,
          amount: request.body.amount,
          operatorId: clientId,
          today: app.clock.today(),
          method: 'provider',
        },
      )
      return { success: true as const, message: payoutMessages.transferSent, data: { payout } }
    },
  )

  app.post(
    '/api/operator/payouts/:hostId/:month/mark-paid',
    {
      preHandler: app.requireOperator,
      schema: {
        summary: "Consola: 'Marcar como pagado' un mes pagado por fuera, con la referencia del banco",
        params: OperatorPayoutParamsSchema,
        body: PayoutMarkPaidRequestSchema,
        response: {
          200: OperatorPayoutResponseSchema,
          ...errorResponses([
            ...payRefusals,
            invalidInput(PayoutMarkPaidRequestSchema, { amount: 100, reference: '=1' }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = requireSession(request)
      await limitWrites(reply, clientId, request.clientAddress)
      const payout = await payHostMonth(
        { db: app.db, gateway: app.paymentGateway, log: request.log },
        {
          ...request.params,
          amount: request.body.amount,
          reference: request.body.reference,
          operatorId: clientId,
          today: app.clock.today(),
          method: 'manual',
        },
      )
      return { success: true as const, message: payoutMessages.markedPaid, data: { payout } }
    },
  )
}
