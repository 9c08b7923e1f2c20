import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_NAMES,
  cancellationPolicies,
} from '@cabanas/domain/catalog'
import { useId } from 'react'
import { FieldError, RadioCard, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { useStepForm } from './use-step-form'

/** Step 9: the policy guests read on the card, the page, the checkout and their trip. */
export function CancellationStep(props: ListingStepProps<'cancellation'>) {
  const { form, errorOf } = useStepForm('cancellation', props)
  const errorId = useId()
  const error = errorOf('policy')
  return (
    <StepFrame
      intro="Elige qué pasa cuando un huésped cancela. Se muestra en tu anuncio y al reservar."
      readOnly={props.readOnly}
    >
      <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
        <legend className="sr-only">Política de cancelación</legend>
        <div className="flex flex-col gap-2.5">
          {CANCELLATION_POLICIES.map((policy) => (
            <RadioCard
              key={policy}
              value={policy}
              label={CANCELLATION_POLICY_NAMES[policy]}
              description={cancellationPolicies[policy].summary}
              {...form.register('policy')}
            />
          ))}
        </div>
        <div className="mt-2">
          <FieldError id={errorId} message={error} />
        </div>
      </fieldset>
    </StepFrame>
  )
}
