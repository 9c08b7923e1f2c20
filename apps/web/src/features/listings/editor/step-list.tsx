import type { HostListing } from '@cabanas/domain/listings'
import { Circle, CircleAlert, CircleCheck, ClipboardCheck } from 'lucide-react'
import { Link } from 'react-router'
import { cx } from '../../../lib/cx'
import { EDITOR_STEP_TITLES, EDITOR_STEPS, type EditorStep, isListingStep, stepReview } from './editor-steps'

const STATUS_WORDS = { complete: 'completo', missing: 'pendiente', invalid: 'por corregir' } as const

type StepListProps = {
  listing: HostListing
  current: EditorStep
  stepHref: (step: EditorStep) => string
  onNavigate?: () => void
}

/** Every step with where it stands; the current one marked. Links, so the browser's Back works. */
export function StepList({ listing, current, stepHref, onNavigate }: StepListProps) {
  return (
    <ol className="flex flex-col gap-0.5">
      {EDITOR_STEPS.map((step, index) => {
        const status = isListingStep(step) ? (stepReview(listing, step)?.status ?? 'missing') : null
        const Icon =
          status === null
            ? ClipboardCheck
            : status === 'complete'
              ? CircleCheck
              : status === 'invalid'
                ? CircleAlert
                : Circle
        return (
          <li key={step}>
            <Link
              to={stepHref(step)}
              onClick={onNavigate}
              aria-current={step === current ? 'step' : undefined}
              className={cx(
                'flex min-h-11 items-center gap-3 rounded-xl px-3 py-2 text-sm transition-colors',
                step === current
                  ? 'bg-brand-50 font-semibold text-brand-900'
                  : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              <Icon
                aria-hidden="true"
                className={cx(
                  'size-5 shrink-0',
                  status === 'complete' && 'text-emerald-600',
                  status === 'invalid' && 'text-accent-600',
                  (status === 'missing' || status === null) && 'text-stone-400',
                )}
              />
              <span className="flex-1">
                {index + 1}. {EDITOR_STEP_TITLES[step]}
                {status && <span className="sr-only"> ({STATUS_WORDS[status]})</span>}
              </span>
            </Link>
          </li>
        )
      })}
    </ol>
  )
}
