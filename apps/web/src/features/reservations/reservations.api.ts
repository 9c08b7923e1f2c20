import { ReservationsListResponseSchema, type ReservationView } from '@cabanas/domain/reservations'
import { apiGet, bearer } from '../../lib/api-client'

/** GET /auth/reservations: the signed-in client's reservations (spec §7), newest stay first. */
export async function listMyReservations(token: string, signal?: AbortSignal): Promise<ReservationView[]> {
  const { data } = await apiGet('/auth/reservations', ReservationsListResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.reservations
}
