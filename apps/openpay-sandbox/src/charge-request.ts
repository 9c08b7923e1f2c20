import { pesosToCentavos } from '@cabanas/domain/payments'
import { checkPlainText, sandboxError } from './errors.ts'

/** A card charge request (reference §4), checked the way Openpay does, money in centavos. */
export type SandboxChargeRequest = {
  sourceId: string
  amount: number
  currency: 'MXN' | 'USD'
  description: string
  orderId: string | null
  deviceSessionId: string | null
  customer: Record<string, unknown>
}

/** The amount column is a 32-bit integer of centavos; more is "over your limit" (1012). */
const MAX_AMOUNT = 2_147_483_647

function text(body: Record<string, unknown>, field: string, max: number, required: true): string
function text(body: Record<string, unknown>, field: string, max: number, required: boolean): string | null
function text(body: Record<string, unknown>, field: string, max: number, required: boolean): string | null {
  const value = body[field]
  if (value === undefined || value === null || value === '') {
    if (required) throw sandboxError(1001, `${field} is required`)
    return null
  }
  if (typeof value !== 'string' && typeof value !== 'number')
    throw sandboxError(1001, `${field} must be a string`)
  const result = String(value)
  if (result.length > max) throw sandboxError(1001, `${field} length must be at most ${max}`)
  return checkPlainText(field, result)
}

/** Openpay's ids (tokens 'k…', stored cards) are letters and digits only. */
const SOURCE_ID = /^[A-Za-z0-9]+$/

function readCustomer(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw sandboxError(1001, 'customer is required')
  }
  const customer = value as Record<string, unknown>
  const name = text(customer, 'name', 100, true)
  const email = text(customer, 'email', 100, true)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '')) {
    throw sandboxError(1001, `'${email}' is not a valid email address`)
  }
  return {
    name,
    last_name: text(customer, 'last_name', 100, false),
    email,
    phone_number: text(customer, 'phone_number', 100, false),
    address: null,
    creation_date: null,
    external_id: null,
    clabe: null,
  }
}

export function parseSandboxChargeRequest(body: unknown): SandboxChargeRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw sandboxError(1001, 'The request body must be a JSON object')
  }
  const fields = body as Record<string, unknown>
  if (fields.method !== 'card') throw sandboxError(1001, "method must be 'card'")
  if (fields.capture === false || fields.use_3d_secure === true || fields.use_3d_secure === 'true') {
    throw sandboxError(
      1001,
      'The local sandbox only makes direct card charges (no capture:false, no 3-D Secure)',
    )
  }
  const sourceId = text(fields, 'source_id', 45, true)
  if (!SOURCE_ID.test(sourceId)) throw sandboxError(1001, 'source_id is not a valid token or card id')
  if (typeof fields.amount !== 'number' || !(fields.amount > 0)) {
    throw sandboxError(1001, 'amount must be a number greater than 0')
  }
  const amount = pesosToCentavos(fields.amount)
  if (amount === null) throw sandboxError(1020)
  if (amount > MAX_AMOUNT) throw sandboxError(1012)
  const currency = fields.currency ?? 'MXN'
  if (currency !== 'MXN' && currency !== 'USD') throw sandboxError(1001, 'currency must be MXN or USD')
  return {
    sourceId,
    amount,
    currency,
    description: text(fields, 'description', 250, true),
    orderId: text(fields, 'order_id', 100, false),
    deviceSessionId: text(fields, 'device_session_id', 255, false),
    customer: readCustomer(fields.customer),
  }
}

/** The optional `amount` of a refund, in centavos. */
export function parseSandboxRefundAmount(value: unknown): number {
  if (typeof value !== 'number' || !(value > 0))
    throw sandboxError(1001, 'amount must be a number greater than 0')
  const amount = pesosToCentavos(value)
  if (amount === null) throw sandboxError(1020)
  return amount
}
