import {
  type HostCancelRequest,
  type HostReservationDetail,
  HostReservationDetailResponseSchema,
  type HostReservationsPage,
  HostReservationsResponseSchema,
  type HostReservationTab,
  hostReservationsCsvFilename,
} from '@cabanas/domain/reservations'
import { ApiError, apiGet, apiPost } from '../../lib/api-client'

const HOST_RESERVATIONS = '/api/hosts/me/reservations'

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {})

/** A page of the host's reservations in one tab. */
export async function fetchHostReservations(
  token: string,
  { tab, page }: { tab: HostReservationTab; page: number },
  signal?: AbortSignal,
): Promise<HostReservationsPage> {
  const { data } = await apiGet(HOST_RESERVATIONS, HostReservationsResponseSchema, {
    query: { tab, page },
    headers: bearer(token),
    ...withSignal(signal),
  })
  return data
}

export async function fetchHostReservation(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<HostReservationDetail> {
  const { data } = await apiGet(
    `${HOST_RESERVATIONS}/${encodeURIComponent(id)}`,
    HostReservationDetailResponseSchema,
    {
      headers: bearer(token),
      ...withSignal(signal),
    },
  )
  return data.reservation
}

/** 'Cancelar reserva': the answer's message says what happened to the guest's money. */
export async function cancelHostReservation(
  token: string,
  id: string,
  body: HostCancelRequest,
): Promise<{ message: string; reservation: HostReservationDetail }> {
  const answer = await apiPost(
    `${HOST_RESERVATIONS}/${encodeURIComponent(id)}/cancel`,
    body,
    HostReservationDetailResponseSchema,
    { headers: bearer(token) },
  )
  return { message: answer.message ?? '', reservation: answer.data.reservation }
}

/** 'Descargar CSV': fetched rather than linked, since the token travels in a header, never in a URL. */
export async function fetchHostReservationsCsv(
  token: string,
  tab: HostReservationTab,
): Promise<{ file: Blob; fileName: string }> {
  let response: Response
  try {
    response = await fetch(`${HOST_RESERVATIONS}/csv?tab=${tab}`, {
      headers: { Accept: 'text/csv', ...bearer(token) },
    })
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'HTTP_ERROR',
      message: `HTTP Error: ${response.status}`,
    })
  }
  return { file: await response.blob(), fileName: hostReservationsCsvFilename(tab) }
}
