import { requireValue } from '../shared/require-value.ts'
import {
  LISTING_STEP_TITLES,
  LISTING_STEPS,
  type ListingStep,
  MISSING_STEP_MESSAGES,
} from './listing-rules.ts'
import { type Listing, ListingSchema } from './listing-schemas.ts'

/** A refusal inside a step: its field's path within the step ([] for the step as a whole). */
export type ListingFieldIssue = { path: (string | number)[]; message: string }

export type ListingStepReview = {
  step: ListingStep
  title: string
  /** complete: nothing to fix; missing: never filled in; invalid: filled in, with fields to fix. */
  status: 'complete' | 'missing' | 'invalid'
  issues: ListingFieldIssue[]
}

export type ListingReview =
  | { ok: true; listing: Listing; steps: ListingStepReview[] }
  | {
      ok: false
      steps: ListingStepReview[]
      /** Steps never filled in, in the editor's order. */
      missingSteps: ListingStep[]
      /** Problems of the draft as a whole (not an object, an unknown step). */
      general: string[]
    }

function isStep(key: unknown): key is ListingStep {
  return typeof key === 'string' && (LISTING_STEPS as readonly string[]).includes(key)
}

/**
 * The review step, and the check before submitting: the draft against the complete listing, each
 * refusal filed under its step with its field's path and Spanish message ('Falta la ubicación',
 * 'Sube al menos 5 fotos para publicar tu alojamiento'). ok: the listing can be submitted as it is.
 */
export function reviewListing(draft: unknown): ListingReview {
  const result = ListingSchema.safeParse(draft)
  const byStep = new Map<ListingStep, ListingFieldIssue[]>(LISTING_STEPS.map((step) => [step, []]))
  const general: string[] = []
  const present = (step: ListingStep) =>
    typeof draft === 'object' && draft !== null && (draft as Record<string, unknown>)[step] !== undefined
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [step, ...path] = issue.path
      if (isStep(step)) {
        requireValue(byStep.get(step), 'the issues of a listing step').push({
          path: path.map((p) => (typeof p === 'number' ? p : String(p))),
          message: issue.message,
        })
      } else {
        general.push(issue.message)
      }
    }
  }
  const steps = LISTING_STEPS.map((step): ListingStepReview => {
    const issues = requireValue(byStep.get(step), 'the issues of a listing step')
    if (!present(step)) {
      return {
        step,
        title: LISTING_STEP_TITLES[step],
        status: 'missing',
        issues: [{ path: [], message: MISSING_STEP_MESSAGES[step] }],
      }
    }
    return {
      step,
      title: LISTING_STEP_TITLES[step],
      status: issues.length === 0 ? 'complete' : 'invalid',
      issues,
    }
  })
  if (result.success) return { ok: true, listing: result.data, steps }
  return {
    ok: false,
    steps,
    missingSteps: steps.filter((step) => step.status === 'missing').map((step) => step.step),
    general,
  }
}
