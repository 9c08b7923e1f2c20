import { centavosToPesos, pesosToCentavos } from '@cabanas/domain/payments'
import { z } from 'zod'
import {
  type ChargeStatus,
  type CreateChargeInput,
  type CreatePayoutInput,
  type GatewayCharge,
  type GatewayPayout,
  type PaymentGateway,
  PaymentOutcomeUnknownError,
  PaymentProviderError,
} from './payment-gateway.ts'

export type OpenpayGatewayOptions = {
  /** Base URL without /v1: Openpay's API, or the app's own /sandbox/openpay (known once it listens). */
  baseUrl: () => string
  merchantId: string
  privateKey: string
  /** Our own limit for one call, response body included. */
  timeoutMs: number
  fetch?: typeof fetch
}

const chargeStatuses = [
  'completed',
  'in_progress',
  'charge_pending',
  'failed',
  'cancelled',
  'refunded',
  'chargeback_pending',
  'chargeback_accepted',
  'chargeback_adjustment',
] as const satisfies readonly ChargeStatus[]

/** Openpay's error object (reference §6); http_code comes as a number or a string. */
const OpenpayErrorSchema = z.object({
  error_code: z.coerce.number().int(),
  http_code: z.coerce.number().int().optional(),
  category: z.string().optional(),
  description: z.string().optional(),
  request_id: z.string().nullish(),
})

/** The transaction fields we read (reference §5); Openpay sends many more. */
const TransactionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(chargeStatuses),
  amount: z.number(),
  currency: z.string().nullish(),
  order_id: z.union([z.string(), z.number()]).nullish(),
  authorization: z.string().nullish(),
  error_code: z.coerce.number().int().nullish(),
  error_message: z.string().nullish(),
  creation_date: z.string(),
  card: z
    .object({
      brand: z.string().nullish(),
      card_number: z.string().nullish(),
      holder_name: z.string().nullish(),
    })
    .nullish(),
})
type Transaction = z.infer<typeof TransactionSchema>

/** The payout transaction fields we read (transaction_type 'payout'). */
const PayoutSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['in_progress', 'completed', 'failed']),
  amount: z.number(),
  order_id: z.union([z.string(), z.number()]).nullish(),
  creation_date: z.string(),
})

/** Our view of Openpay's payout object; an answer of another shape leaves the outcome unknown. */
function readPayout(json: unknown, what: string): GatewayPayout {
  const payout = PayoutSchema.safeParse(json)
  if (!payout.success) throw new PaymentOutcomeUnknownError(`Openpay ${what}: unexpected shape`)
  return {
    id: payout.data.id,
    status: payout.data.status,
    amount: pesosToCentavos(payout.data.amount) ?? Math.round(payout.data.amount * 100),
    orderId: payout.data.order_id == null ? null : String(payout.data.order_id),
    creationDate: payout.data.creation_date,
  }
}

function toGatewayCharge(tx: Transaction): GatewayCharge {
  return {
    id: tx.id,
    status: tx.status,
    amount: pesosToCentavos(tx.amount) ?? Math.round(tx.amount * 100),
    currency: tx.currency ?? 'MXN',
    orderId: tx.order_id == null ? null : String(tx.order_id),
    authorization: tx.authorization || null,
    errorCode: tx.error_code ?? null,
    errorMessage: tx.error_message ?? null,
    card: tx.card
      ? {
          brand: tx.card.brand ?? '',
          cardNumber: tx.card.card_number ?? '',
          holderName: tx.card.holder_name ?? '',
        }
      : null,
    creationDate: tx.creation_date,
  }
}

function toProviderError(status: number, body: z.infer<typeof OpenpayErrorSchema>): PaymentProviderError {
  const category = body.category
  return new PaymentProviderError({
    error_code: body.error_code,
    http_code: body.http_code ?? status,
    category:
      category === 'request' || category === 'internal' || category === 'gateway'
        ? category
        : status >= 500
          ? 'internal'
          : 'request',
    description: body.description ?? '',
    request_id: body.request_id ?? null,
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Openpay's REST API on Node's fetch (reference §11: not the `openpay` npm package). Every failure
 * becomes one of two errors: PaymentProviderError when Openpay answered with its error object (or
 * refused the request with a 4xx), and PaymentOutcomeUnknownError when it did not (our timeout, a
 * network failure, a 5xx or any answer we cannot read) — then the charge may exist, and only a
 * lookup by order id tells. Card data never passes through here: charges carry a token id.
 */
export function createOpenpayGateway(options: OpenpayGatewayOptions): PaymentGateway {
  const fetchFn = options.fetch ?? fetch
  const authorization = `Basic ${Buffer.from(`${options.privateKey}:`).toString('base64')}`

  async function call(
    method: 'GET' | 'POST',
    path: string,
    { body, clientIp }: { body?: unknown; clientIp?: string | undefined } = {},
  ): Promise<unknown> {
    const url = `${options.baseUrl().replace(/\/+$/, '')}/v1/${options.merchantId}${path}`
    const headers: Record<string, string> = { authorization, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (clientIp) headers['x-forwarded-for'] = clientIp
    const what = `Openpay ${method} ${path.split('?')[0]}`

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), options.timeoutMs)
    let status: number
    let text: string
    try {
      const response = await fetchFn(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      const reason = controller.signal.aborted ? `no answer within ${options.timeoutMs} ms` : 'network error'
      throw new PaymentOutcomeUnknownError(`${what}: ${reason}`, { cause: error })
    } finally {
      clearTimeout(timer)
    }

    const json = parseJson(text)
    if (status >= 200 && status < 300) {
      if (json === undefined) throw new PaymentOutcomeUnknownError(`${what}: unreadable ${status} answer`)
      return json
    }
    const error = OpenpayErrorSchema.safeParse(json)
    if (error.success) throw toProviderError(status, error.data)
    if (status >= 400 && status < 500) {
      // Refused before anything was done (a proxy in front of Openpay, or Openpay without its error
      // object): a request error like 1001, never an unknown outcome.
      throw new PaymentProviderError({
        error_code: 1001,
        http_code: status,
        category: 'request',
        description: `HTTP ${status} without an Openpay error`,
      })
    }
    throw new PaymentOutcomeUnknownError(`${what}: HTTP ${status} without an Openpay error`)
  }

  function readCharge(json: unknown, what: string): GatewayCharge {
    const tx = TransactionSchema.safeParse(json)
    if (!tx.success) throw new PaymentOutcomeUnknownError(`Openpay ${what}: unexpected transaction shape`)
    return toGatewayCharge(tx.data)
  }

  return {
    async createCharge(input: CreateChargeInput) {
      const body = {
        method: 'card',
        source_id: input.sourceId,
        amount: centavosToPesos(input.amount),
        currency: input.currency,
        description: input.description,
        order_id: input.orderId,
        device_session_id: input.deviceSessionId,
        customer: {
          name: input.customer.name,
          last_name: input.customer.lastName,
          email: input.customer.email,
          phone_number: input.customer.phoneNumber,
        },
      }
      return readCharge(await call('POST', '/charges', { body, clientIp: input.clientIp }), 'create charge')
    },

    async getCharge(chargeId: string) {
      return readCharge(await call('GET', `/charges/${encodeURIComponent(chargeId)}`), 'get charge')
    },

    async findChargeByOrderId(orderId: string) {
      const json = await call('GET', `/charges?order_id=${encodeURIComponent(orderId)}`)
      if (!Array.isArray(json)) throw new PaymentOutcomeUnknownError('Openpay list charges: not an array')
      // Newest first; the filter is exact, but never trust another order's charge.
      const match = json.find((item) => String((item as { order_id?: unknown })?.order_id) === orderId)
      return match === undefined ? null : readCharge(match, 'list charges')
    },

    async refundCharge(chargeId: string, refund: { amount?: number; description?: string } = {}) {
      const body = {
        ...(refund.description === undefined ? {} : { description: refund.description }),
        ...(refund.amount === undefined ? {} : { amount: centavosToPesos(refund.amount) }),
      }
      const json = await call('POST', `/charges/${encodeURIComponent(chargeId)}/refund`, { body })
      return readCharge(json, 'refund')
    },

    async createPayout(input: CreatePayoutInput): Promise<GatewayPayout> {
      const body = {
        method: 'bank_account',
        bank_account: { clabe: input.clabe, holder_name: input.holderName },
        amount: centavosToPesos(input.amount),
        description: input.description,
        order_id: input.orderId,
      }
      return readPayout(await call('POST', '/payouts', { body }), 'create payout')
    },

    async findPayoutByOrderId(orderId: string) {
      const json = await call('GET', `/payouts?order_id=${encodeURIComponent(orderId)}`)
      if (!Array.isArray(json)) throw new PaymentOutcomeUnknownError('Openpay list payouts: not an array')
      // As for charges: never trust another order's payout, whatever the filter did.
      const match = json.find((item) => String((item as { order_id?: unknown })?.order_id) === orderId)
      return match === undefined ? null : readPayout(match, 'list payouts')
    },
  }
}
