import { centavosToPesos } from '@cabanas/domain/payments'
import type { openpaySandboxCharges, openpaySandboxTokens } from './schema.ts'

export type SandboxChargeRow = typeof openpaySandboxCharges.$inferSelect
export type SandboxTokenRow = typeof openpaySandboxTokens.$inferSelect

/** Openpay writes dates in Mexico City's offset (UTC−6 all year since 2022): 2026-06-01T12:00:00-06:00. */
export function openpayDate(instant: Date): string {
  return `${new Date(instant.getTime() - 6 * 3_600_000).toISOString().slice(0, 19)}-06:00`
}

/** The `card` object of a transaction, from a token's stored (masked) card. */
export function transactionCard(token: SandboxTokenRow): Record<string, unknown> {
  const amex = token.brand === 'american_express'
  return {
    type: amex ? 'credit' : 'debit',
    brand: token.brand,
    address: null,
    card_number: token.cardNumber,
    holder_name: token.holderName,
    expiration_year: token.expirationYear,
    expiration_month: token.expirationMonth,
    allows_charges: true,
    allows_payouts: !amex,
    creation_date: null,
    bank_name: amex ? 'AMERICAN EXPRESS' : 'BANAMEX',
    bank_code: amex ? '103' : '002',
  }
}

/** An Openpay-like commission (2.9 % + $2.50), in centavos: only so the object has a plausible `fee`. */
function sandboxFee(amount: number): number {
  return Math.round((amount * 29) / 1000) + 250
}

/** A stored sandbox charge as Openpay's transaction object (reference §5). */
export function toOpenpayTransaction(charge: SandboxChargeRow): Record<string, unknown> {
  const created = openpayDate(charge.createdAt)
  const amount = centavosToPesos(charge.amount)
  const refund = charge.refund
    ? {
        ...charge.refund,
        creation_date: openpayDate(charge.updatedAt),
        operation_date: openpayDate(charge.updatedAt),
      }
    : undefined
  return {
    id: charge.id,
    authorization: charge.authorization,
    operation_type: 'in',
    transaction_type: 'charge',
    method: 'card',
    creation_date: created,
    operation_date: created,
    status: charge.status,
    conciliated: false,
    description: charge.description,
    error_message: charge.errorMessage,
    ...(charge.errorCode === null ? {} : { error_code: charge.errorCode }),
    order_id: charge.orderId,
    customer_id: null,
    amount,
    currency: charge.currency,
    card: charge.card,
    customer: charge.customer,
    ...(charge.status === 'failed'
      ? {}
      : { fee: { amount: centavosToPesos(sandboxFee(charge.amount)), tax: 0, currency: 'MXN' } }),
    ...(refund ? { refund } : {}),
  }
}

export type SandboxChargeEventType =
  | 'charge.created'
  | 'charge.succeeded'
  | 'charge.failed'
  | 'charge.cancelled'
  | 'charge.refunded'

export type OpenpayWebhookEvent = {
  type: SandboxChargeEventType
  event_date: string
  transaction: Record<string, unknown>
}

/**
 * Openpay's webhook payload (reference §9) for a stored sandbox charge. The event date is the charge's
 * last change unless given. No delivery loop: the charge flow's tests post it to /webhooks/openpay.
 */
export function buildSandboxChargeEvent(
  charge: SandboxChargeRow,
  type: SandboxChargeEventType,
  eventDate: Date = charge.updatedAt,
): OpenpayWebhookEvent {
  return { type, event_date: openpayDate(eventDate), transaction: toOpenpayTransaction(charge) }
}
