import { ACCOMMODATION_TYPES } from '@cabanas/domain/listings'
import { useId } from 'react'
import { FieldError, RadioCard, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { useStepForm } from './use-step-form'

/** Step 1: what kind of place it is, as cards and the cabin page will name it. */
export function TypeStep(props: ListingStepProps<'type'>) {
  const { form, errorOf } = useStepForm('type', props)
  const errorId = useId()
  const error = errorOf('accommodationType')
  return (
    <StepFrame
      intro="¿Qué tipo de alojamiento ofreces? Así lo verán los huéspedes."
      readOnly={props.readOnly}
    >
      <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
        <legend className="sr-only">Tipo de alojamiento</legend>
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3">
          {ACCOMMODATION_TYPES.map((type) => (
            <RadioCard key={type} value={type} label={type} {...form.register('accommodationType')} />
          ))}
        </div>
        <div className="mt-2">
          <FieldError id={errorId} message={error} />
        </div>
      </fieldset>
    </StepFrame>
  )
}
