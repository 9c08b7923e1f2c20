import type { Centavos } from '@cabanas/domain/shared'

/** Openpay charge statuses (transaction objects use lowercase). */
export type ChargeStatus =
  | 'completed'
  | 'in_progress'
  | 'charge_pending'
  | 'failed'
  | 'cancelled'
  | 'refunded'
  | 'chargeback_pending'
  | 'chargeback_accepted'
  | 'chargeback_adjustment'

export type CreateChargeInput = {
  /** Token id from Openpay.js (single use). */
  sourceId: string
  deviceSessionId: string
  amount: Centavos
  currency: 'MXN'
  description: string
  /** Our reservation id: unique per merchant, so a charge can be looked up after a lost response. */
  orderId: string
  customer: { name: string; lastName: string; email: string; phoneNumber: string }
  /** The shopper's IP, sent as X-Forwarded-For (Openpay's anti-fraud). */
  clientIp?: string
}

/** A charge as our code sees it: Openpay's transaction object, typed, money in centavos. */
export type GatewayCharge = {
  id: string
  status: ChargeStatus
  amount: Centavos
  currency: string
  orderId: string | null
  authorization: string | null
  errorCode: number | null
  errorMessage: string | null
  card: { brand: string; cardNumber: string; holderName: string } | null
  creationDate: string
}

/** An Openpay error object (§6 of the reference): the provider answered and said no. */
export class PaymentProviderError extends Error {
  readonly errorCode: number
  readonly httpCode: number
  readonly category: 'request' | 'internal' | 'gateway'
  readonly description: string
  readonly requestId: string | null
  constructor(body: {
    error_code: number
    http_code: number
    category: 'request' | 'internal' | 'gateway'
    description: string
    request_id?: string | null
  }) {
    super(`Openpay ${body.error_code}: ${body.description}`)
    this.name = 'PaymentProviderError'
    this.errorCode = body.error_code
    this.httpCode = body.http_code
    this.category = body.category
    this.description = body.description
    this.requestId = body.request_id ?? null
  }
}

/** Openpay's 1006: a charge with this order id exists already, so only a lookup tells its outcome. */
const ORDER_ALREADY_PROCESSED = 1006

/**
 * Did the provider refuse the charge itself, so that nothing was charged? A bad or unknown request
 * (category 'request': malformed, unknown or used token, wrong key; any 4xx) and a card decline
 * (category 'gateway', 402/412) are final. An internal error (category 'internal', a 5xx) says nothing
 * about the card, and 1006 says a charge for this order exists: those outcomes are unknown.
 */
export function isChargeRefused(error: PaymentProviderError): boolean {
  if (error.errorCode === ORDER_ALREADY_PROCESSED) return false
  if (error.category === 'internal') return false
  if (error.category === 'request') return true
  return error.httpCode < 500
}

/**
 * The outcome is unknown: our timeout fired, the connection failed mid-request, or the provider
 * answered 5xx (or anything but 4xx) without an error object. The charge may or may not exist; reconcile by order id.
 */
export class PaymentOutcomeUnknownError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PaymentOutcomeUnknownError'
  }
}

export type CreatePayoutInput = {
  /** Where the money goes: the host's CLABE (18 digits), never logged. */
  clabe: string
  holderName: string
  amount: Centavos
  description: string
  /** Our payout id: unique per merchant, so the provider refuses (1006) the same payout twice. */
  orderId: string
}

/** A payout (transfer to a bank account) as our code sees it. */
export type GatewayPayout = {
  id: string
  /** 'in_progress' while the bank transfer runs, 'completed' once it arrived, 'failed'. */
  status: 'in_progress' | 'completed' | 'failed'
  amount: Centavos
  orderId: string | null
  creationDate: string
}

export type PaymentGateway = {
  /** Resolves with a completed (or otherwise non-error) charge; throws PaymentProviderError on a decline. */
  createCharge(input: CreateChargeInput): Promise<GatewayCharge>
  getCharge(chargeId: string): Promise<GatewayCharge>
  /** The charge made with this order id, or null when there is none. */
  findChargeByOrderId(orderId: string): Promise<GatewayCharge | null>
  refundCharge(
    chargeId: string,
    options?: { amount?: Centavos; description?: string },
  ): Promise<GatewayCharge>
  /**
   * Sends a payout to a bank account by CLABE (Openpay's `POST /payouts`, method `bank_account`).
   * Throws PaymentProviderError when refused (a bad CLABE, a duplicate order id: 1006) and
   * PaymentOutcomeUnknownError when the answer was lost.
   */
  createPayout(input: CreatePayoutInput): Promise<GatewayPayout>
  /** The payout sent with this order id (our payout's id), or null: how a lost answer is settled. */
  findPayoutByOrderId(orderId: string): Promise<GatewayPayout | null>
}
