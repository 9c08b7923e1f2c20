import type { HostListing, ListingDraft, ListingStep } from '@cabanas/domain/listings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, ListOrdered } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonStyles } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { isApiError } from '../../../lib/api-client'
import { AutosaveIndicator } from './autosave-indicator'
import { EDITOR_STEP_TITLES, EDITOR_STEPS, type EditorStep, isListingStep, stepReview } from './editor-steps'
import { changeListingStatus, type ListingAction, saveListingStep } from './listing-editor.api'
import { ReviewStep } from './review-step'
import { StatusBanner } from './status-banner'
import { STEP_FORMS, type StepForm } from './step-forms'
import { StepList } from './step-list'
import { listingKey } from './use-listing'
import { useListingAutosave } from './use-listing-autosave'

export type ListingEditorProps = {
  token: string
  listing: HostListing
  step: EditorStep
  stepHref: (step: EditorStep) => string
  /** 'Mis cabañas': where 'Atrás' leads from the first step. */
  backHref: string
  /** The published cabin's page link ('Ver publicada'), when it has one. */
  cabinLink: ReactNode
  onUnauthorized: () => void
  /** Reads the listing again (after a 409): the editor starts over from it. */
  onReload: () => void | Promise<void>
}

/**
 * The listing editor: the step's title, 'Paso N de 10' and a progress bar, autosave's state, the step's
 * form, 'Atrás'/'Siguiente' and the list of steps (a sheet on a phone). Every change is autosaved;
 * leaving a step sends what waits at once.
 */
export function ListingEditor({
  token,
  listing,
  step,
  stepHref,
  backHref,
  cabinLink,
  onUnauthorized,
  onReload,
}: ListingEditorProps) {
  const queryClient = useQueryClient()
  const key = listingKey(token, listing.id)
  const { autosave, snapshot } = useListingAutosave(listing, {
    save: (saved, value, version) => saveListingStep(token, listing.id, saved, { value, version }),
    onSaved: (saved) => queryClient.setQueryData(key, saved),
    onUnauthorized,
  })
  const [stepsOpen, setStepsOpen] = useState(false)

  // Leaving a step sends its pending save at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs its cleanup when the step changes
  useEffect(() => () => autosave.flush(), [autosave, step])

  const action = useMutation({
    mutationFn: (kind: ListingAction) => changeListingStatus(token, listing.id, kind),
    onSuccess: (changed) => queryClient.setQueryData(key, changed),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) onUnauthorized()
    },
  })
  const actionError = action.isError
    ? isApiError(action.error) && action.error.status > 0 && action.error.status < 500
      ? action.error.message
      : 'No se pudo completar. Revisa tu conexión e intenta de nuevo.'
    : null

  const index = EDITOR_STEPS.indexOf(step)
  const previous = EDITOR_STEPS[index - 1]
  const next = EDITOR_STEPS[index + 1]
  const readOnly = listing.status === 'submitted'
  const hasUnsaved = Object.keys(snapshot.unsaved).length > 0 || snapshot.status === 'saving'

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 sm:pt-8 lg:px-8">
      <title>{`${EDITOR_STEP_TITLES[step]} — Mis cabañas — Cabañas MX`}</title>
      <StatusBanner
        listing={listing}
        cabinLink={cabinLink}
        busy={action.isPending}
        error={action.variables !== 'submit' ? actionError : null}
        onPause={() => action.mutate('pause')}
        onUnpause={() => action.mutate('unpause')}
      />
      <div className="mt-4 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-10">
        <nav aria-label="Pasos del anuncio" className="hidden lg:block">
          <StepList listing={listing} current={step} stepHref={stepHref} />
        </nav>
        <div className="min-w-0">
          <header className="border-b border-stone-200 pb-4">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-medium text-stone-600">
                Paso {index + 1} de {EDITOR_STEPS.length}
              </p>
              <Button
                variant="outline"
                size="md"
                className="lg:hidden"
                onClick={() => setStepsOpen(true)}
                aria-haspopup="dialog"
              >
                <ListOrdered aria-hidden="true" />
                Pasos
              </Button>
            </div>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              {EDITOR_STEP_TITLES[step]}
            </h1>
            <div
              role="progressbar"
              aria-label="Avance del anuncio"
              aria-valuemin={1}
              aria-valuemax={EDITOR_STEPS.length}
              aria-valuenow={index + 1}
              aria-valuetext={`Paso ${index + 1} de ${EDITOR_STEPS.length}`}
              className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
            >
              <div
                className="h-full rounded-full bg-brand-700 transition-[width]"
                style={{ width: `${((index + 1) / EDITOR_STEPS.length) * 100}%` }}
              />
            </div>
            <div className="mt-2">
              <AutosaveIndicator snapshot={snapshot} onRetry={autosave.flush} onReload={onReload} />
            </div>
          </header>
          <div className="mt-6">
            {isListingStep(step) ? (
              <StepFormFor
                token={token}
                step={step}
                listing={listing}
                value={snapshot.unsaved[step] ?? listing.draft[step]}
                issues={snapshot.issues[step] ?? reviewIssues(listing, step)}
                onChange={(value) => {
                  // In review nothing is saved, whatever a form lets through.
                  if (!readOnly) autosave.change(step, value)
                }}
                readOnly={readOnly}
              />
            ) : (
              <ReviewStep
                listing={listing}
                stepHref={stepHref}
                saving={hasUnsaved}
                submitting={action.isPending && action.variables === 'submit'}
                submitError={action.variables === 'submit' ? actionError : null}
                onSubmit={() => action.mutate('submit')}
              />
            )}
          </div>
          <nav
            aria-label="Navegación entre pasos"
            className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-t-2xl"
          >
            <div className="flex items-center justify-between gap-3">
              <Link
                to={previous ? stepHref(previous) : backHref}
                className={buttonStyles({ variant: 'outline' })}
              >
                <ChevronLeft aria-hidden="true" />
                Atrás
              </Link>
              {next && (
                <Link to={stepHref(next)} className={buttonStyles()}>
                  Siguiente
                  <ChevronRight aria-hidden="true" />
                </Link>
              )}
            </div>
          </nav>
        </div>
      </div>
      <Dialog open={stepsOpen} onOpenChange={setStepsOpen} title="Pasos del anuncio" placement="sheet">
        <nav aria-label="Pasos del anuncio" className="p-2">
          <StepList
            listing={listing}
            current={step}
            stepHref={stepHref}
            onNavigate={() => setStepsOpen(false)}
          />
        </nav>
      </Dialog>
    </div>
  )
}

/** The review's messages for a step filled in with mistakes; none for a step never filled in. */
function reviewIssues(listing: HostListing, step: ListingStep) {
  const review = stepReview(listing, step)
  return review?.status === 'invalid' ? review.issues : []
}

type StepFormForProps = {
  token: string
  step: ListingStep
  listing: HostListing
  value: unknown
  issues: ReturnType<typeof reviewIssues>
  onChange: (value: NonNullable<ListingDraft[ListingStep]>) => void
  readOnly: boolean
}

/** The step's form from STEP_FORMS, fresh for each step (its values start from the saved ones). */
function StepFormFor({ token, step, listing, value, issues, onChange, readOnly }: StepFormForProps) {
  const Form = STEP_FORMS[step] as StepForm<ListingStep>
  return (
    <Form
      key={`${listing.id}:${step}`}
      listingId={listing.id}
      token={token}
      value={value as never}
      issues={issues}
      onChange={onChange}
      readOnly={readOnly}
    />
  )
}
