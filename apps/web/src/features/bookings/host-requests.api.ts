import {
  type HostRequest,
  HostRequestResponseSchema,
  HostRequestsResponseSchema,
  type RequestState,
} from '@cabanas/domain/bookings'
import { apiGet, apiPost, bearer } from '../../lib/api-client'

const HOST_REQUESTS = '/api/hosts/me/requests'

/** The host's requests to book, newest first, optionally in one state. */
export async function fetchHostRequests(
  token: string,
  status: RequestState | null,
  signal?: AbortSignal,
): Promise<HostRequest[]> {
  const url = status ? `${HOST_REQUESTS}?status=${status}` : HOST_REQUESTS
  const { data } = await apiGet(url, HostRequestsResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.requests
}

export async function fetchHostRequest(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<HostRequest> {
  const { data } = await apiGet(`${HOST_REQUESTS}/${encodeURIComponent(id)}`, HostRequestResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data
}

export async function acceptHostRequest(token: string, id: string): Promise<HostRequest> {
  const { data } = await apiPost(
    `${HOST_REQUESTS}/${encodeURIComponent(id)}/accept`,
    {},
    HostRequestResponseSchema,
    {
      headers: bearer(token),
    },
  )
  return data
}

export async function declineHostRequest(token: string, id: string, message: string): Promise<HostRequest> {
  const body = message.trim() ? { message } : {}
  const { data } = await apiPost(
    `${HOST_REQUESTS}/${encodeURIComponent(id)}/decline`,
    body,
    HostRequestResponseSchema,
    {
      headers: bearer(token),
    },
  )
  return data
}
