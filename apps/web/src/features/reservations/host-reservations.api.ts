import {
  type HostCancelRequest,
  type HostReservationDetail,
  HostReservationDetailResponseSchema,
  type HostReservationsPage,
  HostReservationsResponseSchema,
  type HostReservationTab,
  hostReservationsCsvFilename,
} from '@cabanas/domain/reservations'
import { apiGet, apiGetFile, apiPost, bearer } from '../../lib/api-client'

const HOST_RESERVATIONS = '/api/hosts/me/reservations'

/** A page of the host's reservations in one tab. */
export async function fetchHostReservations(
  token: string,
  { tab, page }: { tab: HostReservationTab; page: number },
  signal?: AbortSignal,
): Promise<HostReservationsPage> {
  const { data } = await apiGet(HOST_RESERVATIONS, HostReservationsResponseSchema, {
    query: { tab, page },
    headers: bearer(token),
    signal,
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
      signal,
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
  const file = await apiGetFile(`${HOST_RESERVATIONS}/csv?tab=${tab}`, 'text/csv', bearer(token))
  return { file, fileName: hostReservationsCsvFilename(tab) }
}
