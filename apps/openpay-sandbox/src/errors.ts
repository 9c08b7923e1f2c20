import { randomUUID } from 'node:crypto'

/** The Openpay error codes the sandbox answers with: HTTP status, category and English text (reference §6). */
const OPENPAY_ERRORS = {
  1000: [500, 'internal', 'Internal server error, contact support'],
  1001: [400, 'request', 'Bad Request'],
  1002: [401, 'request', 'The api key or merchant id are invalid'],
  1003: [422, 'request', 'Parameters look valid but request failed'],
  1005: [404, 'request', "The requested resource doesn't exist"],
  1006: [409, 'request', 'The order_id has already been processed'],
  1009: [413, 'request', 'The request is too large'],
  1010: [403, 'request', 'Method not allowed for public API key, use private key instead'],
  1012: [412, 'request', 'The transaction amount exceeds your allowed transaction limit'],
  1020: [400, 'request', 'The number of decimal digits is not valid for this currency'],
  2004: [422, 'request', 'The card number verification digit is invalid'],
  2005: [400, 'request', 'The expiration date has expired'],
  2006: [400, 'request', 'The CVV2 security code is required'],
  3001: [402, 'gateway', 'The card was declined'],
  3002: [402, 'gateway', 'The card has expired'],
  3003: [402, 'gateway', "The card doesn't have sufficient funds"],
  3004: [402, 'gateway', 'The card was reported as stolen'],
  3005: [402, 'gateway', 'Fraud risk detected by anti-fraud system'],
} as const satisfies Record<number, readonly [number, 'request' | 'internal' | 'gateway', string]>

export type SandboxErrorCode = keyof typeof OPENPAY_ERRORS

export type OpenpayErrorBody = {
  category: 'request' | 'internal' | 'gateway'
  description: string
  http_code: number
  error_code: number
  request_id: string
}

/** Thrown by the sandbox's handlers; its error handler answers with Openpay's error object. */
export class SandboxOpenpayError extends Error {
  readonly body: OpenpayErrorBody
  constructor(code: SandboxErrorCode, description?: string) {
    const [httpCode, category, defaultDescription] = OPENPAY_ERRORS[code]
    super(description ?? defaultDescription)
    this.name = 'SandboxOpenpayError'
    this.body = {
      category,
      description: description ?? defaultDescription,
      http_code: httpCode,
      error_code: code,
      request_id: randomUUID(),
    }
  }
}

export function sandboxError(code: SandboxErrorCode, description?: string): SandboxOpenpayError {
  return new SandboxOpenpayError(code, description)
}

/** The English text Openpay stores in `error_message` for a declined charge. */
export function declineDescription(code: number): string {
  const entry = (OPENPAY_ERRORS as Record<number, readonly [number, string, string]>)[code]
  return entry?.[2] ?? 'The card was declined'
}

export function isSandboxErrorCode(code: number): code is SandboxErrorCode {
  return code in OPENPAY_ERRORS
}

/**
 * Control characters (Cc: NUL and the rest) and lone surrogates (Cs, with the u flag only unpaired
 * ones match): PostgreSQL refuses NUL in text and jsonb, UTF-8 cannot hold a lone surrogate.
 */
const NOT_PLAIN_TEXT = /[\p{Cc}\p{Cs}]/u

/** Refuses (400/1001) a text field PostgreSQL could not store or Openpay would not take. */
export function checkPlainText(field: string, value: string): string {
  if (NOT_PLAIN_TEXT.test(value)) {
    throw sandboxError(1001, `${field} contains characters that are not allowed`)
  }
  return value
}
