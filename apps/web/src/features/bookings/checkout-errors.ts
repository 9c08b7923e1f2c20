import { chargeMessages } from '@cabanas/domain/bookings'
import { paymentErrorMessage } from '@cabanas/domain/payments'
import { isApiError } from '../../lib/api-client'

/** Spec §8 checkout display texts. */
export const checkoutErrorTexts = {
  title: 'Error en el procesamiento:',
  retryHint: 'Puedes intentar procesar el pago nuevamente.',
  unexpected: 'Error inesperado al procesar el pago',
  backend: chargeMessages.backendFallback,
  unsuccessful: 'Error en el procesamiento del pago',
  /** Spec §7 connection text: the request may not have reached us, or its answer was lost. */
  network: 'Error de conexión. Por favor, intenta nuevamente.',
  /** 409 NOT_AVAILABLE at the charge: another guest took the nights first. */
  datesTakenTitle: 'Estas fechas ya no están disponibles',
  datesTaken:
    'Otra persona reservó esta cabaña para las mismas fechas mientras completabas el pago. No se realizó ningún cargo a tu tarjeta.',
} as const

type ErrorBody = {
  error?: unknown
  message?: unknown
  detail?: unknown
  details?: unknown
  error_code?: unknown
  http_code?: unknown
}

const asBody = (value: unknown): ErrorBody =>
  typeof value === 'object' && value !== null ? (value as ErrorBody) : {}
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** 400 details: [{ field, message }], each message once. */
function detailMessages(details: unknown): string[] {
  if (!Array.isArray(details)) return []
  const messages = details.map((detail) => text(asBody(detail).message)).filter((m) => m !== undefined)
  return [...new Set(messages)]
}

/** What a failed charge says to the shopper (spec §8: provider errors by code, else the backend's text). */
function apiErrorMessages(status: number, code: string, rawBody: unknown): string[] {
  if (status === 0) return [checkoutErrorTexts.network]
  if (code === 'INVALID_RESPONSE') return [checkoutErrorTexts.unexpected]
  const body = asBody(rawBody)
  const providerCode = Number(body.error_code)
  if (body.error_code !== undefined && Number.isInteger(providerCode)) {
    return [paymentErrorMessage(providerCode, text(body.error))]
  }
  const details = detailMessages(body.details)
  if (details.length > 0) return details
  return [text(body.error) ?? text(body.message) ?? checkoutErrorTexts.backend]
}

/** Spec §8 checkout display: the messages listed under 'Error en el procesamiento:'. */
export function checkoutErrorMessages(error: unknown): string[] {
  if (isApiError(error)) return apiErrorMessages(error.status, error.code, error.body)
  if (error instanceof Error) return [text(error.message) ?? checkoutErrorTexts.unexpected]
  const body = asBody(error)
  const shown = [text(body.error), text(body.detail)].filter((m) => m !== undefined)
  return shown.length > 0 ? shown : [checkoutErrorTexts.unexpected]
}

/**
 * A failure after which the charge may or may not have happened (no answer, a 5xx, our previous
 * request still running): the retry must send the same request with the same Idempotency-Key.
 */
export function isChargeOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS' ||
    error.code === 'INVALID_RESPONSE'
  )
}

/**
 * The charge found the nights taken by another guest (409 NOT_AVAILABLE): the hold was refused
 * before any charge, so nothing was charged; a retry would be refused the same way.
 */
export function isDatesTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'NOT_AVAILABLE'
}
