import type { ListingDraft, ListingFieldIssue, ListingStep } from '@cabanas/domain/listings'

/**
 * What the listing editor gives each step's form: the step's saved draft, the refusals to show beside
 * its fields, and where to send a change (the editor autosaves it, debounced, with the listing's version).
 */
export type ListingStepProps<S extends ListingStep> = {
  listingId: string
  /** The session's token, for the requests a step makes itself (the photos step's uploads). */
  token: string
  /** The step as last saved (undefined: never filled in). */
  value: ListingDraft[S] | undefined
  /** Refusals of this step: from the last save's 400 details, else from the listing's review. */
  issues: ListingFieldIssue[]
  /** The whole step's new value; the editor saves it. */
  onChange: (value: NonNullable<ListingDraft[S]>) => void
  /** In review (submitted): the form shows the values and takes no change. */
  readOnly: boolean
}

/** The message for a field of the step ('weekdayRate', 'seasons.0.endsOn'), if any. */
export function issueAt(issues: readonly ListingFieldIssue[], field: string): string | undefined {
  return issues.find((issue) => issue.path.join('.') === field)?.message
}
