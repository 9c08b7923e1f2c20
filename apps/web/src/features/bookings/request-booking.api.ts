import {
  type BookingRequest,
  type BookingRequestResponse,
  BookingRequestResponseSchema,
} from '@cabanas/domain/bookings'
import { apiPost } from '../../lib/api-client'

/** POST /api/bookings: stores a request to book for the host. It holds no dates and charges nothing. */
export function requestBooking(request: BookingRequest): Promise<BookingRequestResponse> {
  return apiPost('/api/bookings', request, BookingRequestResponseSchema)
}
