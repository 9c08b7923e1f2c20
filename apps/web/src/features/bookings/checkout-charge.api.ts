import { type ChargeRequest, type ChargeResponse, ChargeResponseSchema } from '@cabanas/domain/bookings'
import { apiPost } from '../../lib/api-client'

type ChargeOptions = {
  /** One key per attempt: a retry of the same request after a lost answer reuses it. */
  idempotencyKey: string
  /** A signed-in client's session token. */
  authToken?: string | undefined
}

/**
 * POST /payments/charge. 200 (confirmed) and 202 (pending) resolve; a decline (402), taken dates
 * (409) or invalid data (400) throw an ApiError carrying the body.
 */
export function chargeReservation(
  request: ChargeRequest,
  { idempotencyKey, authToken }: ChargeOptions,
): Promise<ChargeResponse> {
  return apiPost('/payments/charge', request, ChargeResponseSchema, {
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(authToken ? { Authorization: `Bearer ${authToken}` } : {}),
    },
  })
}

/** 32 random hex characters, from a source that also works outside secure contexts. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
