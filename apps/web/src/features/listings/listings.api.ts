import { LISTING_API, type ListingSummary, ListingsResponseSchema } from '@cabanas/domain/listings'
import { z } from 'zod'
import { apiGet, apiPost, bearer } from '../../lib/api-client'

/** 'Mis cabañas': the host's listings, newest first as the API answers them. */
export async function fetchMyListings(token: string, signal?: AbortSignal): Promise<ListingSummary[]> {
  const { listings } = await apiGet(LISTING_API.mine, ListingsResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return listings
}

/**
 * Only the new draft's id is read here: the editor fetches the whole listing itself, so this page's
 * chunk does not carry the draft schemas (and the municipality list they check against).
 */
const CreatedListingSchema = z.object({ listing: z.object({ id: z.string() }) })

/** 'Publicar una cabaña nueva': an empty draft (201), opened at once in the editor. */
export async function createListing(token: string): Promise<{ id: string }> {
  const { listing } = await apiPost(LISTING_API.mine, {}, CreatedListingSchema, { headers: bearer(token) })
  return listing
}
