import {
  ReservationCancelResponseSchema,
  type ReservationDetails,
  ReservationDetailsResponseSchema,
  stayCalendarFileName,
  type TripLinkRequest,
  TripLinkResponseSchema,
} from '@cabanas/domain/reservations'
import { apiGet, apiGetFile, apiPost } from '../../lib/api-client'
import { type TripCredentials, tripHeaders } from './trip-access'

const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`

/** GET /api/bookings/{id}: the reservation as its trip page shows it (404 for anyone else). */
export async function fetchTrip(
  id: string,
  credentials: TripCredentials,
  signal?: AbortSignal,
): Promise<ReservationDetails> {
  const { data } = await apiGet(bookingPath(id), ReservationDetailsResponseSchema, {
    headers: tripHeaders(credentials),
    signal,
  })
  return data
}

/** POST /api/bookings/{id}/cancel: the reservation afterwards, and what happened to the payment. */
export async function cancelTrip(
  id: string,
  credentials: TripCredentials,
): Promise<{ reservation: ReservationDetails; message: string }> {
  const { data, message } = await apiPost(
    `${bookingPath(id)}/cancel`,
    undefined,
    ReservationCancelResponseSchema,
    {
      headers: tripHeaders(credentials),
    },
  )
  return { reservation: data, message }
}

/** POST /api/bookings/{id}/link: a new link mailed to the reservation's address; the same answer either way. */
export async function requestTripLink(id: string, body: TripLinkRequest): Promise<string> {
  return (await apiPost(`${bookingPath(id)}/link`, body, TripLinkResponseSchema)).message
}

/**
 * GET /api/bookings/{id}/calendar.ics. Fetched rather than linked: the credentials travel in
 * headers, never in a URL.
 */
export async function fetchTripCalendar(
  id: string,
  credentials: TripCredentials,
): Promise<{ file: Blob; fileName: string }> {
  const file = await apiGetFile(`${bookingPath(id)}/calendar.ics`, 'text/calendar', tripHeaders(credentials))
  return { file, fileName: stayCalendarFileName(id) }
}
