import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { CalendarDate } from '@cabanas/domain/shared'
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import { authenticateSandbox, type SandboxAccount } from './auth.ts'
import { tokenizeSandboxCard } from './cards.ts'
import { parseSandboxChargeRequest, parseSandboxRefundAmount } from './charge-request.ts'
import {
  createSandboxCharge,
  findSandboxCharge,
  insertSandboxToken,
  listSandboxCharges,
  refundSandboxCharge,
} from './charges.ts'
import { type SandboxDatabase, sqlStateOf } from './database.ts'
import {
  checkPlainText,
  isSandboxErrorCode,
  type OpenpayErrorBody,
  SandboxOpenpayError,
  sandboxError,
} from './errors.ts'
import { createSandboxFaults, holdResponse, SandboxFaultSchema, type SandboxFaults } from './faults.ts'
import {
  createSandboxPayout,
  listSandboxPayouts,
  parseSandboxPayoutRequest,
  toOpenpayPayout,
} from './payouts.ts'
import { toOpenpayTransaction } from './transaction.ts'

/** Where the host mounts the sandbox; the browser script and the REST API live under it. */
export const OPENPAY_SANDBOX_PREFIX = '/sandbox/openpay'

/** What the host gives the sandbox: it knows nothing else of the app that mounts it. */
export type OpenpaySandboxOptions = {
  /** Where tokens and charges are kept (tables of schema.ts, created by the host's migrations). */
  db: SandboxDatabase
  /** The one merchant account it serves. */
  account: SandboxAccount
  /** Today's date where the cards are used (a card that expired this month is refused). */
  today: () => CalendarDate
  /** How long the host's client waits for an answer: the 'timeout' fault answers just after it. */
  clientTimeoutMs: number
  /** Serves /_faults, which makes the next calls slow or failing (tests only). */
  faults: boolean
}

const script = readFileSync(path.join(import.meta.dirname, 'openpay-sandbox.js'), 'utf8')
const scriptEtag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`

/** Openpay's resource ids (charges 'tr…', tokens 'k…') are letters and digits. */
const OPENPAY_ID = /^[A-Za-z0-9]{1,45}$/

type MerchantParams = { Params: { merchantId: string } }
type ChargeParams = { Params: { merchantId: string; chargeId: string } }
type ListParams = MerchantParams & { Querystring: Record<string, string | undefined> }

/** A list's filters: `order_id` (plain text), then `offset` and `limit` (whole numbers, bounded). */
function listFilters(query: Record<string, string | undefined>) {
  const orderId = query.order_id || undefined
  if (orderId !== undefined) checkPlainText('order_id', orderId)
  return { orderId, offset: pageNumber(query.offset, 0, 1_000_000), limit: pageNumber(query.limit, 10, 100) }
}

type Fault = ReturnType<SandboxFaults['take']>

/**
 * A fault that strikes before anything is stored: an HTML error page (sent), an Openpay error (thrown)
 * or a delay. True when the reply is sent. (A boolean, not the reply: a reply is a thenable, and an
 * async function's result would wait for it.)
 */
async function faultBeforeWrite(fault: Fault, reply: FastifyReply): Promise<boolean> {
  if (fault?.mode === 'error5xx') {
    reply.status(503).type('text/html; charset=utf-8').send('<h1>503 Service Unavailable</h1>')
    return true
  }
  if (fault?.mode === 'error4xx') {
    reply.status(400).type('text/html; charset=utf-8').send('<h1>400 Bad Request</h1>')
    return true
  }
  if (fault?.mode === 'openpay-error') throw sandboxError(fault.errorCode)
  if (fault?.mode === 'delay') await holdResponse(reply, fault.delayMs)
  return false
}

/**
 * A fault that strikes once the write is stored: the answer lost (the connection dropped) or held past
 * the client's timeout. True when the reply is taken over (hijacked): the route answers nothing more.
 */
async function faultAfterWrite(fault: Fault, reply: FastifyReply): Promise<boolean> {
  if (fault?.mode === 'lose-response') {
    reply.hijack()
    reply.raw.destroy()
    return true
  }
  if (fault?.mode === 'timeout') {
    await holdResponse(reply, fault.delayMs)
    if (reply.raw.destroyed) {
      reply.hijack()
      return true
    }
  }
  return false
}

function sendOpenpayError(reply: FastifyReply, body: OpenpayErrorBody) {
  return reply.status(body.http_code).type('application/json; charset=utf-8').send(body)
}

function pageNumber(value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > max) {
    throw sandboxError(1001, 'offset and limit must be non-negative integers')
  }
  return number
}

/**
 * A local, Openpay-compatible sandbox (reference §12): the REST endpoints our gateway uses, with
 * Openpay's request, response and error shapes, the documented test cards, and the browser script
 * that stands in for Openpay.js. Its state is in the database so several API processes share it; the
 * full card number and the CVV are checked and dropped, never stored nor logged.
 */
export const openpaySandboxRoutes: FastifyPluginAsync<OpenpaySandboxOptions> = async (app, options) => {
  const { db, account: openpay, today } = options
  const faults = createSandboxFaults({ clientTimeoutMs: options.clientTimeoutMs })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxOpenpayError) return sendOpenpayError(reply, error.body)
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendOpenpayError(reply, sandboxError(1009).body)
    if (error.statusCode && error.statusCode < 500) return sendOpenpayError(reply, sandboxError(1001).body)
    // A value the database cannot take (SQLSTATE class 22, "data exception") is a bad request.
    if (sqlStateOf(error)?.startsWith('22')) {
      request.log.warn(
        { code: sqlStateOf(error) },
        'openpay sandbox refused a value the database cannot store',
      )
      return sendOpenpayError(reply, sandboxError(1001).body)
    }
    request.log.error({ err: error }, 'openpay sandbox failed')
    return sendOpenpayError(reply, sandboxError(1000).body)
  })
  app.setNotFoundHandler((_request, reply) => sendOpenpayError(reply, sandboxError(1005).body))

  app.get('/openpay.v1.js', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').header('etag', scriptEtag)
    if (request.headers['if-none-match'] === scriptEtag) return reply.status(304).send()
    return reply.type('application/javascript; charset=utf-8').send(script)
  })

  // Openpay.js side calls (reference §8): no anti-fraud beacon in the sandbox.
  app.get<MerchantParams>('/antifraud/:merchantId/components', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(''),
  )
  app.get<MerchantParams>('/v1/:merchantId/antifraudkeys', async (request) => {
    authenticateSandbox(request, openpay, request.params.merchantId, 'public')
    return { data: '' }
  })

  app.post<MerchantParams>('/v1/:merchantId/tokens', async (request) => {
    const { merchantId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'public')
    const card = tokenizeSandboxCard(request.body, today())
    const token = await insertSandboxToken(db, merchantId, card)
    request.log.info({ outcome: card.outcome }, 'openpay sandbox token created')
    return {
      id: token.id,
      card: {
        card_number: card.cardNumber,
        holder_name: card.holderName,
        expiration_year: card.expirationYear,
        expiration_month: card.expirationMonth,
        address: card.address,
        creation_date: null,
        brand: card.brand,
        points_card: false,
      },
    }
  })

  app.post<MerchantParams>('/v1/:merchantId/charges', async (request, reply) => {
    const { merchantId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    const chargeRequest = parseSandboxChargeRequest(request.body)
    const fault = faults.take()
    if (await faultBeforeWrite(fault, reply)) return reply
    const charge = await createSandboxCharge(db, merchantId, chargeRequest)
    request.log.info({ chargeId: charge.id, status: charge.status }, 'openpay sandbox charge stored')
    if (await faultAfterWrite(fault, reply)) return reply
    if (charge.status === 'failed' && charge.errorCode !== null && isSandboxErrorCode(charge.errorCode)) {
      throw sandboxError(charge.errorCode)
    }
    return toOpenpayTransaction(charge)
  })

  app.get<ListParams>('/v1/:merchantId/charges', async (request) => {
    const { merchantId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    const charges = await listSandboxCharges(db, merchantId, listFilters(request.query))
    return charges.map(toOpenpayTransaction)
  })

  app.get<ChargeParams>('/v1/:merchantId/charges/:chargeId', async (request) => {
    const { merchantId, chargeId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    const charge = OPENPAY_ID.test(chargeId) ? await findSandboxCharge(db, merchantId, chargeId) : null
    if (!charge) throw sandboxError(1005)
    return toOpenpayTransaction(charge)
  })

  app.post<ChargeParams>('/v1/:merchantId/charges/:chargeId/refund', async (request) => {
    const { merchantId, chargeId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    if (!OPENPAY_ID.test(chargeId)) throw sandboxError(1005)
    const body = (request.body ?? {}) as { amount?: unknown; description?: unknown }
    const amount = body.amount === undefined ? undefined : parseSandboxRefundAmount(body.amount)
    const description =
      typeof body.description === 'string'
        ? checkPlainText('description', body.description).slice(0, 250)
        : undefined
    const charge = await refundSandboxCharge(db, merchantId, chargeId, { amount, description })
    request.log.info({ chargeId: charge.id }, 'openpay sandbox charge refunded')
    return toOpenpayTransaction(charge)
  })

  // A payout to a bank account by CLABE (the operator's 'Pagar por transferencia'); the faults apply.
  app.post<MerchantParams>('/v1/:merchantId/payouts', async (request, reply) => {
    const { merchantId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    const payoutRequest = parseSandboxPayoutRequest(request.body)
    const fault = faults.take()
    if (await faultBeforeWrite(fault, reply)) return reply
    const payout = await createSandboxPayout(db, merchantId, payoutRequest)
    request.log.info({ payoutId: payout.id }, 'openpay sandbox payout stored')
    if (await faultAfterWrite(fault, reply)) return reply
    return toOpenpayPayout(payout)
  })

  app.get<ListParams>('/v1/:merchantId/payouts', async (request) => {
    const { merchantId } = request.params
    authenticateSandbox(request, openpay, merchantId, 'private')
    const payouts = await listSandboxPayouts(db, merchantId, listFilters(request.query))
    return payouts.map(toOpenpayPayout)
  })

  if (options.faults) {
    app.post('/_faults', async (request, reply) => {
      const fault = SandboxFaultSchema.safeParse(request.body)
      if (!fault.success) {
        throw sandboxError(
          1001,
          'mode must be delay, error5xx, error4xx, openpay-error, timeout or lose-response',
        )
      }
      faults.set(fault.data)
      return reply.status(204).send()
    })
    app.delete('/_faults', async (_request, reply) => {
      faults.clear()
      return reply.status(204).send()
    })
  }
}
