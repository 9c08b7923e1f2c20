import { detectCardBrand, isCardExpired, isLuhnValid } from '@cabanas/domain/payments'
import type { CalendarDate } from '@cabanas/domain/shared'
import { checkPlainText, sandboxError } from './errors.ts'

/** Test cards that are approved (reference §7); any other Luhn-valid number is approved too. */
export const APPROVED_TEST_CARDS = [
  '4111111111111111',
  '4242424242424242',
  '5555555555554444',
  '5105105105105100',
  '345678000000007',
  '343434343434343',
] as const

/** Test cards that tokenize fine and are declined at charge time with this Openpay code. */
export const DECLINED_TEST_CARDS = {
  '4222222222222220': 3001,
  '4000000000000069': 3002,
  '4444444444444448': 3003,
  '4000000000000119': 3004,
  '4000000000000044': 3005,
} as const satisfies Record<string, number>

export type SandboxCard = {
  /** Masked as 6 + X… + 4; the full number is dropped right after the checks. */
  cardNumber: string
  brand: string
  holderName: string
  expirationMonth: string
  expirationYear: string
  /** 'approved' or the decline code as text ('3001'). */
  outcome: string
  address: Record<string, string> | null
}

export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'X'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`
}

const OPENPAY_BRANDS = { visa: 'visa', mastercard: 'mastercard', amex: 'american_express' } as const

const ADDRESS_REQUIRED = ['line1', 'postal_code', 'state', 'city', 'country_code'] as const

function requiredText(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field]
  if (typeof value !== 'string' || value.trim() === '') {
    throw sandboxError(1001, `${field} is required`)
  }
  if (value.length > max) throw sandboxError(1001, `${field} length must be at most ${max}`)
  return checkPlainText(field, value)
}

function readAddress(value: unknown): Record<string, string> | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw sandboxError(1001, 'address must be an object')
  const address = value as Record<string, unknown>
  for (const field of ADDRESS_REQUIRED) requiredText(address, field, 100)
  return Object.fromEntries(
    Object.entries(address).map(([key, text]) => [
      checkPlainText('address', key).slice(0, 50),
      checkPlainText(`address.${key}`, String(text ?? '')).slice(0, 100),
    ]),
  )
}

/**
 * Openpay's checks at tokenization (reference §3 and §7): required fields and formats (1001), Luhn
 * (2004), expiry in the past (2005), missing CVV (2006). Returns the card without its number or CVV.
 */
export function tokenizeSandboxCard(body: unknown, today: CalendarDate): SandboxCard {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw sandboxError(1001, 'The request body must be a JSON object')
  }
  const fields = body as Record<string, unknown>
  const digits = requiredText(fields, 'card_number', 19)
  const holderName = requiredText(fields, 'holder_name', 80)
  const month = requiredText(fields, 'expiration_month', 2)
  const year = requiredText(fields, 'expiration_year', 2)
  if (!/^\d{12,19}$/.test(digits)) throw sandboxError(1001, 'card_number must be 12 to 19 digits')
  if (!isLuhnValid(digits)) throw sandboxError(2004)
  if (!/^(0[1-9]|1[0-2])$/.test(month)) throw sandboxError(1001, 'expiration_month must be 01 to 12')
  if (!/^\d{2}$/.test(year)) throw sandboxError(1001, 'expiration_year must have 2 digits')
  if (isCardExpired(month, year, today)) throw sandboxError(2005)
  const cvv = fields.cvv2
  if (cvv === undefined || cvv === null || cvv === '') throw sandboxError(2006)
  const brand = detectCardBrand(digits)
  const cvvPattern = brand === 'amex' ? /^\d{4}$/ : brand === 'unknown' ? /^\d{3,4}$/ : /^\d{3}$/
  if (typeof cvv !== 'string' || !cvvPattern.test(cvv)) throw sandboxError(1001, 'cvv2 is not valid')
  const address = readAddress(fields.address)
  const decline = (DECLINED_TEST_CARDS as Record<string, number>)[digits]
  return {
    cardNumber: maskCardNumber(digits),
    brand: brand === 'unknown' ? 'unknown' : OPENPAY_BRANDS[brand],
    holderName: holderName.trim(),
    expirationMonth: month,
    expirationYear: year,
    outcome: decline ? String(decline) : 'approved',
    address,
  }
}
