import type { HostListing } from '@cabanas/domain/listings'
import { CircleAlert, CircleCheck, MailCheck, Send } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonStyles } from '../../../components/ui/button'
import { cx } from '../../../lib/cx'
import { EDITOR_STEP_TITLES, type EditorStep } from './editor-steps'

const STATUS_LABELS = { complete: 'Completo', missing: 'Pendiente', invalid: 'Por corregir' } as const

type ReviewStepProps = {
  listing: HostListing
  stepHref: (step: EditorStep) => string
  /** Changes still being saved: the review waits for them. */
  saving: boolean
  submitting: boolean
  submitError: string | null
  onSubmit: () => void
}

/** Step 10: what each step still needs, with a link to it, and 'Enviar a revisión' once nothing does. */
export function ReviewStep({
  listing,
  stepHref,
  saving,
  submitting,
  submitError,
  onSubmit,
}: ReviewStepProps) {
  if (listing.status === 'submitted') {
    return (
      <Alert tone="success" title="¡Listo! Tu cabaña está en revisión">
        El equipo de Cabañas MX la revisa y te escribirá por correo cuando esté publicada o si necesita un
        cambio. Mientras tanto no puedes editarla.
        <MailCheck aria-hidden="true" className="mt-2 size-6" />
      </Alert>
    )
  }
  const canSubmit = listing.status === 'draft' || listing.status === 'returned'
  return (
    <div className="flex flex-col gap-6">
      <p className="text-stone-600">
        Revisa cada paso. Cuando todos estén completos, envía tu cabaña para que el equipo de Cabañas MX la
        revise antes de publicarla.
      </p>
      <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {listing.steps.map((review) => {
          const done = review.status === 'complete'
          return (
            <li key={review.step} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                ) : (
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
                )}
                <div className="min-w-0">
                  <h3 className="font-medium text-stone-900">
                    {EDITOR_STEP_TITLES[review.step]}
                    <span
                      className={cx(
                        'ml-2 text-sm font-normal',
                        done ? 'text-emerald-700' : 'text-accent-700',
                      )}
                    >
                      {STATUS_LABELS[review.status]}
                    </span>
                  </h3>
                  {!done && (
                    <ul className="mt-1 list-disc pl-5 text-sm text-stone-600">
                      {review.issues.map((issue) => (
                        <li key={`${issue.path.join('.')}:${issue.message}`}>{issue.message}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </div>
              {!done && canSubmit && (
                <Link
                  to={stepHref(review.step)}
                  className={buttonStyles({ variant: 'outline', className: 'self-start sm:ml-auto' })}
                  aria-label={`Completar ${EDITOR_STEP_TITLES[review.step]}`}
                >
                  Completar
                </Link>
              )}
            </li>
          )
        })}
      </ul>
      {canSubmit && (
        <div className="flex flex-col gap-3">
          {submitError && <Alert tone="error" role="alert" title={submitError} />}
          <Button
            size="lg"
            className="self-stretch sm:self-start"
            disabled={!listing.readyToSubmit || saving || submitting}
            onClick={onSubmit}
          >
            <Send aria-hidden="true" />
            {submitting ? 'Enviando…' : 'Enviar a revisión'}
          </Button>
          {!listing.readyToSubmit && (
            <p className="text-sm text-stone-600">Completa los pasos pendientes para poder enviarla.</p>
          )}
        </div>
      )}
    </div>
  )
}
