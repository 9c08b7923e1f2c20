import {
  type HostListing,
  LISTING_STEP_TITLES,
  LISTING_STEPS,
  type ListingSummary,
  MISSING_STEP_MESSAGES,
} from '@cabanas/domain/listings'

/** A host's listing as the API answers it: a fresh draft unless overridden. */
export function buildHostListing(overrides: Partial<HostListing> = {}): HostListing {
  return {
    id: '6f1c2d3e-0000-4000-8000-0000000000a1',
    status: 'draft',
    version: 3,
    draft: {},
    steps: LISTING_STEPS.map((step) => ({
      step,
      title: LISTING_STEP_TITLES[step],
      status: 'missing' as const,
      issues: [{ path: [], message: MISSING_STEP_MESSAGES[step] }],
    })),
    readyToSubmit: false,
    returnReason: null,
    cabinId: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    submittedAt: null,
    publishedAt: null,
    ...overrides,
  }
}

/** Every step complete: what the review step needs to offer 'Enviar a revisión'. */
export function completeSteps(): HostListing['steps'] {
  return LISTING_STEPS.map((step) => ({
    step,
    title: LISTING_STEP_TITLES[step],
    status: 'complete' as const,
    issues: [],
  }))
}

export function buildListingSummary(overrides: Partial<ListingSummary> = {}): ListingSummary {
  return {
    id: '6f1c2d3e-0000-4000-8000-0000000000b1',
    status: 'draft',
    title: null,
    coverUrl: null,
    place: null,
    pendingSteps: [...LISTING_STEPS],
    returnReason: null,
    cabinId: null,
    updatedAt: '2026-11-28T10:00:00.000Z',
    submittedAt: null,
    ...overrides,
  }
}
