import {
  type HostListing,
  LISTING_STEP_TITLES,
  LISTING_STEPS,
  type ListingStep,
} from '@cabanas/domain/listings'

/** The editor's pages: the listing's steps, then the review. */
export const EDITOR_STEPS = [...LISTING_STEPS, 'review'] as const
export type EditorStep = (typeof EDITOR_STEPS)[number]

export const EDITOR_STEP_TITLES: Record<EditorStep, string> = { ...LISTING_STEP_TITLES, review: 'Revisión' }

export function isListingStep(step: EditorStep): step is ListingStep {
  return step !== 'review'
}

/** The step's review: complete, missing or invalid, with its messages. */
export function stepReview(listing: HostListing, step: ListingStep) {
  return listing.steps.find((review) => review.step === step)
}
