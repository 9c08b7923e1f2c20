import { type MyBookingRequest, MyBookingRequestsResponseSchema } from '@cabanas/domain/auth'
import { apiGet, bearer } from '../../lib/api-client'

/** GET /auth/booking-requests: the signed-in client's requests to book, latest stay first. */
export async function listMyBookingRequests(
  token: string,
  signal?: AbortSignal,
): Promise<MyBookingRequest[]> {
  const { data } = await apiGet('/auth/booking-requests', MyBookingRequestsResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.requests
}
