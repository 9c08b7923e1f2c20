import { type CabinCalendarResponse, CabinCalendarResponseSchema } from '@cabanas/domain/availability'
import {
  type QuoteError,
  QuoteErrorSchema,
  type QuoteRequest,
  type QuoteResponse,
  QuoteResponseSchema,
  quoteMessages,
} from '@cabanas/domain/quotes'
import { apiGet, apiPost, isApiError } from '../../lib/api-client'

/** A quote either prices the stay or says, with a §8 errorType, why it cannot be booked. */
export type QuoteOutcome = { ok: true; quote: QuoteResponse } | { ok: false; error: QuoteError }

/** Spec §7: what a failed quote without a backend error body becomes. */
export const CONNECTION_ERROR: QuoteError = {
  success: false,
  available: false,
  error: quoteMessages.connection,
  errorType: 'SERVER_ERROR',
}

export const quoteKeys = {
  all: ['quotes'] as const,
  stay: (request: QuoteRequest | null) => [...quoteKeys.all, 'stay', request] as const,
  calendar: (cabinId: string) => [...quoteKeys.all, 'calendar', cabinId] as const,
}

/** POST /reservas/cotizar. A refused stay is an outcome, not an exception: the backend error body is the result. */
export async function requestQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteOutcome> {
  try {
    return { ok: true, quote: await apiPost('/reservas/cotizar', request, QuoteResponseSchema, { signal }) }
  } catch (error) {
    if (!isApiError(error)) throw error
    const body = QuoteErrorSchema.safeParse(error.body)
    return { ok: false, error: body.success ? body.data : CONNECTION_ERROR }
  }
}

/** GET /api/availability/cabin/:id: booked nights of the next 12 months and the minimum stay. */
export function fetchCabinCalendar(cabinId: string, signal?: AbortSignal): Promise<CabinCalendarResponse> {
  return apiGet(`/api/availability/cabin/${encodeURIComponent(cabinId)}`, CabinCalendarResponseSchema, {
    signal,
  })
}
