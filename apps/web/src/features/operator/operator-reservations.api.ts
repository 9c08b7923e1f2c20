import {
  type OperatorBookingRequestsPage,
  OperatorBookingRequestsResponseSchema,
  OperatorRefundResponseSchema,
  type OperatorReservation,
  type OperatorReservationsPage,
  OperatorReservationsResponseSchema,
} from '@cabanas/domain/reservations'
import { apiGet, apiPost, bearer } from '../../lib/api-client'

export type OperatorReservationFilter = {
  status?: OperatorReservation['status'] | undefined
  q?: string | undefined
  page: number
}

/** Every reservation, latest first, by status and a cabin's name or a reservation's id. */
export async function fetchOperatorReservations(
  token: string,
  { status, q, page }: OperatorReservationFilter,
  signal?: AbortSignal,
): Promise<OperatorReservationsPage> {
  const { data } = await apiGet('/api/operator/reservations', OperatorReservationsResponseSchema, {
    query: { status, q: q?.trim() || undefined, page },
    headers: bearer(token),
    signal,
  })
  return data
}

/** 'Reembolsar': cancels the reservation with a full refund; the answer's message says how it went. */
export async function refundOperatorReservation(token: string, id: string): Promise<string> {
  const answer = await apiPost(
    `/api/operator/reservations/${encodeURIComponent(id)}/refund`,
    undefined,
    OperatorRefundResponseSchema,
    { headers: bearer(token) },
  )
  return answer.message
}

/** The requests to book, latest first (read-only). */
export async function fetchOperatorBookingRequests(
  token: string,
  page: number,
  signal?: AbortSignal,
): Promise<OperatorBookingRequestsPage> {
  const { data } = await apiGet('/api/operator/booking-requests', OperatorBookingRequestsResponseSchema, {
    query: { page },
    headers: bearer(token),
    signal,
  })
  return data
}
