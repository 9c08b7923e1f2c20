import { AMENITY_LABELS, FEATURE_GROUPS } from '@cabanas/domain/catalog'
import { AMENITY_GROUP_TITLES, isStepOwnedFeature } from '@cabanas/domain/listings'
import { FieldError, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { useStepForm } from './use-step-form'

/** Step 4: what the place offers, by the spec's groups (the bathroom and house rules have their own steps). */
export function AmenitiesStep(props: ListingStepProps<'amenities'>) {
  const { form, errorOf } = useStepForm('amenities', props)
  return (
    <StepFrame intro="Marca todo lo que ofrece tu alojamiento." readOnly={props.readOnly}>
      <FieldError message={errorOf('')} />
      {FEATURE_GROUPS.map((group) => {
        const labels = AMENITY_LABELS[group] as Record<string, string>
        const keys = Object.keys(labels).filter((key) => !isStepOwnedFeature(key))
        return (
          <fieldset key={group} className="min-w-0">
            <legend className="text-lg font-semibold text-stone-900">{AMENITY_GROUP_TITLES[group]}</legend>
            <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
              {keys.map((key) => {
                const name = `${group}.${key}` as const
                const error = errorOf(name)
                return (
                  <div key={key}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 py-1 text-stone-800">
                      <input
                        type="checkbox"
                        className="size-5 shrink-0 accent-brand-700"
                        {...form.register(name as never)}
                      />
                      {labels[key]}
                    </label>
                    <FieldError message={error} />
                  </div>
                )
              })}
            </div>
          </fieldset>
        )
      })}
    </StepFrame>
  )
}
