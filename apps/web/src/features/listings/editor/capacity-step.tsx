import { BATHROOM_PRIVACY, LISTING_LIMITS } from '@cabanas/domain/listings'
import { useId } from 'react'
import { Controller } from 'react-hook-form'
import { CountField, FieldError, RadioCard, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { useStepForm } from './use-step-form'

const COUNTS = [
  {
    name: 'minGuests',
    label: 'Huéspedes mínimo',
    description: 'Menos personas no pueden reservar',
    limits: LISTING_LIMITS.guests,
  },
  {
    name: 'maxGuests',
    label: 'Huéspedes máximo',
    description: 'Cuántas personas caben',
    limits: LISTING_LIMITS.guests,
  },
  {
    name: 'bedrooms',
    label: 'Recámaras',
    description: '0 si es un solo espacio',
    limits: LISTING_LIMITS.bedrooms,
  },
  { name: 'beds', label: 'Camas', limits: LISTING_LIMITS.beds },
  { name: 'bathrooms', label: 'Baños', limits: LISTING_LIMITS.bathrooms },
] as const

const PRIVACY_LABELS = { private: 'Privado', shared: 'Compartido' } as const

/** Step 3: how many guests, bedrooms, beds and bathrooms, and whether the bathroom is shared. */
export function CapacityStep(props: ListingStepProps<'capacity'>) {
  const { form, errorOf } = useStepForm('capacity', props)
  const privacyErrorId = useId()
  const privacyError = errorOf('bathroomPrivacy')
  return (
    <StepFrame intro="¿Cuántas personas caben y con qué cuentan?" readOnly={props.readOnly}>
      <div>
        {COUNTS.map(({ name, label, limits, ...rest }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <CountField
                label={label}
                description={'description' in rest ? rest.description : undefined}
                value={field.value}
                min={limits.min}
                max={limits.max}
                disabled={props.readOnly}
                onChange={(count) => {
                  field.onChange(count)
                  // The other guests' bound may have become right or wrong.
                  if (name === 'minGuests' || name === 'maxGuests') void form.trigger('maxGuests')
                }}
                error={errorOf(name)}
              />
            )}
          />
        ))}
      </div>
      <fieldset aria-describedby={privacyError ? privacyErrorId : undefined} className="min-w-0">
        <legend className="font-medium text-stone-900">El baño es</legend>
        <div className="mt-2 grid grid-cols-2 gap-2.5">
          {BATHROOM_PRIVACY.map((privacy) => (
            <RadioCard
              key={privacy}
              value={privacy}
              label={PRIVACY_LABELS[privacy]}
              className="items-center"
              {...form.register('bathroomPrivacy')}
            />
          ))}
        </div>
        <div className="mt-2">
          <FieldError id={privacyErrorId} message={privacyError} />
        </div>
      </fieldset>
    </StepFrame>
  )
}
