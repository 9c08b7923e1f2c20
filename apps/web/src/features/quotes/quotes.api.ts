import type { PageData } from '@cabanas/contracts/ssr'
import type { CabinCalendarResponse } from '@cabanas/domain/availability'
import { type QuoteError, type QuoteRequest, type QuoteResponse, quoteMessages } from '@cabanas/domain/quotes'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, apiPost, isApiError, lazySchema, parseOrThrow } from '../../lib/api-client'

/** The answers' schemas load with the widget's first request (quotes.schemas.ts). */
const schemas = () => import('./quotes.schemas')
const QuoteResponseSchema = lazySchema(() => schemas().then((module) => module.QuoteResponseSchema))
const QuoteErrorSchema = lazySchema(() => schemas().then((module) => module.QuoteErrorSchema))
const CabinCalendarResponseSchema = lazySchema(() =>
  schemas().then((module) => module.CabinCalendarResponseSchema),
)

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

/** A refusal's body as the widget reads it: the backend's error body, else the §7 connection error. */
async function refusalOf(body: unknown): Promise<QuoteOutcome> {
  const schema = await QuoteErrorSchema.loadSchema().catch(() => null)
  const error = schema?.safeParse(body)
  return { ok: false, error: error?.success ? error.data : CONNECTION_ERROR }
}

/** POST /reservas/cotizar. A refused stay is an outcome, not an exception: the backend error body is the result. */
export async function requestQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteOutcome> {
  try {
    return { ok: true, quote: await apiPost('/reservas/cotizar', request, QuoteResponseSchema, { signal }) }
  } catch (error) {
    if (!isApiError(error)) throw error
    return refusalOf(error.body)
  }
}

/** GET /api/availability/cabin/:id: booked nights of the next 12 months and the minimum stay. */
export function fetchCabinCalendar(cabinId: string, signal?: AbortSignal): Promise<CabinCalendarResponse> {
  return apiGet(`/api/availability/cabin/${encodeURIComponent(cabinId)}`, CabinCalendarResponseSchema, {
    signal,
  })
}

/**
 * Server rendering (ssr/server-routes): the cabin's calendar from the API's own data function, under
 * the key `useCabinCalendar` reads. Left to the browser when it cannot be read.
 */
export async function prefetchCabinCalendar(queryClient: QueryClient, data: PageData, cabinId: string) {
  const body = await data.cabinCalendar(cabinId)
  if (body === null) return
  queryClient.setQueryData(
    quoteKeys.calendar(cabinId),
    parseOrThrow(await CabinCalendarResponseSchema.loadSchema(), body, 'calendar'),
  )
}

/**
 * Server rendering: the quote of the stay in the address, from the API's own quote (the route's very
 * logic), read as `requestQuote` reads an answer and put under the key `useQuote` reads. A refusal is
 * cached too: the page shows it as the browser would.
 */
export async function prefetchQuote(queryClient: QueryClient, data: PageData, request: QuoteRequest) {
  const { status, body } = await data.quote(request)
  const outcome: QuoteOutcome =
    status >= 200 && status < 300
      ? { ok: true, quote: parseOrThrow(await QuoteResponseSchema.loadSchema(), body, 'quote') }
      : await refusalOf(body)
  queryClient.setQueryData(quoteKeys.stay(request), outcome)
}
