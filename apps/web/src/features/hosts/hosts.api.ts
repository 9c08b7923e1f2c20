import {
  type HostProfile,
  type HostProfileCreate,
  HostProfileResponseSchema,
  type HostProfileUpdate,
} from '@cabanas/domain/hosts'
import { apiGet, apiPost, apiPut, bearer } from '../../lib/api-client'

const HOSTS_ME = '/api/hosts/me'

export type HostProfileSaved = { hostProfile: HostProfile; message: string }

/** 'Publica tu cabaña': the signed-in client becomes a host. */
export async function createHostProfile(token: string, body: HostProfileCreate): Promise<HostProfileSaved> {
  const { message, data } = await apiPost(HOSTS_ME, body, HostProfileResponseSchema, {
    headers: bearer(token),
  })
  return { hostProfile: data.hostProfile, message: message ?? '' }
}

export async function fetchHostProfile(token: string, signal?: AbortSignal): Promise<HostProfile> {
  const { data } = await apiGet(HOSTS_ME, HostProfileResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.hostProfile
}

/** The CLABE only when the host typed a new one. */
export async function updateHostProfile(token: string, body: HostProfileUpdate): Promise<HostProfileSaved> {
  const { message, data } = await apiPut(HOSTS_ME, body, HostProfileResponseSchema, {
    headers: bearer(token),
  })
  return { hostProfile: data.hostProfile, message: message ?? '' }
}
