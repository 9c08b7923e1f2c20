import { LISTING_LIMITS } from '@cabanas/domain/listings'
import { Field, Input, inputStyles } from '../../../components/ui/field'
import { CharacterCount, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { emptyAsUndefined, useStepForm } from './use-step-form'

const { title: TITLE, description: DESCRIPTION } = LISTING_LIMITS

/** Step 6: the title cards show and the description the cabin page tells. */
export function DescriptionStep(props: ListingStepProps<'description'>) {
  const { form, errorOf } = useStepForm('description', props)
  const title = form.watch('title') ?? ''
  const description = form.watch('description') ?? ''
  return (
    <StepFrame
      intro="Un buen título y una descripción clara ayudan a que los huéspedes elijan tu alojamiento."
      readOnly={props.readOnly}
    >
      <Field
        label={
          <span className="flex items-baseline justify-between gap-3">
            Título <CharacterCount length={title.length} min={TITLE.min} max={TITLE.max} />
          </span>
        }
        error={errorOf('title')}
        hint={`De ${TITLE.min} a ${TITLE.max} caracteres, por ejemplo «Cabaña El Pinar con chimenea».`}
      >
        {(control) => <Input {...control} {...form.register('title', { setValueAs: emptyAsUndefined })} />}
      </Field>
      <Field
        label={
          <span className="flex items-baseline justify-between gap-3">
            Descripción{' '}
            <CharacterCount length={description.length} min={DESCRIPTION.min} max={DESCRIPTION.max} />
          </span>
        }
        error={errorOf('description')}
        hint={`Al menos ${DESCRIPTION.min} caracteres: el lugar, qué hay cerca, qué lo hace especial.`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            className={inputStyles({ invalid: control['aria-invalid'], className: 'h-auto py-3' })}
            {...form.register('description', { setValueAs: emptyAsUndefined })}
          />
        )}
      </Field>
    </StepFrame>
  )
}
