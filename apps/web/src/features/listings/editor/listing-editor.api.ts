import {
  type HostListing,
  LISTING_API,
  ListingResponseSchema,
  type ListingStep,
  type SaveListingStepBody,
} from '@cabanas/domain/listings'
import { apiGet, apiPost, apiPut, bearer } from '../../../lib/api-client'

export async function fetchListing(token: string, id: string, signal?: AbortSignal): Promise<HostListing> {
  const { listing } = await apiGet(LISTING_API.one(id), ListingResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return listing
}

/** Autosave of one step: its whole draft value and the version read (409 when stale, 400 with details). */
export async function saveListingStep(
  token: string,
  id: string,
  step: ListingStep,
  body: SaveListingStepBody,
): Promise<HostListing> {
  const { listing } = await apiPut(LISTING_API.step(id, step), body, ListingResponseSchema, {
    headers: bearer(token),
  })
  return listing
}

export type ListingAction = 'submit' | 'pause' | 'unpause'

/** 'Enviar a revisión', 'Pausar' and 'Reactivar': each answers the listing as it now stands. */
export async function changeListingStatus(
  token: string,
  id: string,
  action: ListingAction,
): Promise<HostListing> {
  const { listing } = await apiPost(LISTING_API[action](id), {}, ListingResponseSchema, {
    headers: bearer(token),
  })
  return listing
}
