import { HOST_TODAY_API, type HostToday, HostTodayResponseSchema } from '@cabanas/domain/hosts'
import { apiGet, bearer } from '../../lib/api-client'

/** 'Hoy': the signed-in host's arrivals, departures, requests, recent bookings and conflicts. */
export async function fetchHostToday(token: string, signal?: AbortSignal): Promise<HostToday> {
  const { data } = await apiGet(HOST_TODAY_API, HostTodayResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data
}
