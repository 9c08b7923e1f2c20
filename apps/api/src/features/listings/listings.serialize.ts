import {
  findMexicoState,
  findMunicipality,
  type HostListing,
  type ListingSummary,
  reviewListing,
} from '@cabanas/domain/listings'
import { uploadedPhotoPaths } from '@cabanas/domain/photos'
import { isUuid } from '../../lib/uuid.ts'
import type { ListingRow } from './listings.queries.ts'

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The listing as its host (and an operator) reads it, with the review of every step. */
export function toHostListing(row: ListingRow): HostListing {
  const review = reviewListing(row.draft)
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    draft: row.draft,
    steps: review.steps,
    readyToSubmit: review.ok,
    returnReason: row.returnReason,
    cabinId: row.cabinId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    publishedAt: iso(row.publishedAt),
  }
}

/** 'Mazamitla, Jalisco' once the location step names them. */
function placeOf(row: ListingRow): string | null {
  const location = row.draft.location
  const state = location?.stateCode ? findMexicoState(location.stateCode) : undefined
  const municipality = location?.municipalityCode ? findMunicipality(location.municipalityCode) : undefined
  if (!state || !municipality) return null
  return `${location?.locality || municipality.name}, ${state.name}`
}

/** A line of 'Mis cabañas' and of the operator's queue. */
export function toListingSummary(row: ListingRow): ListingSummary {
  const review = reviewListing(row.draft)
  const cover = row.draft.photos?.photos?.[0]?.id
  return {
    id: row.id,
    status: row.status,
    title: row.draft.description?.title ?? null,
    coverUrl: cover && isUuid(cover) ? uploadedPhotoPaths(cover).preview : null,
    place: placeOf(row),
    pendingSteps: review.steps.filter((step) => step.status !== 'complete').map((step) => step.step),
    returnReason: row.returnReason,
    cabinId: row.cabinId,
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
  }
}
