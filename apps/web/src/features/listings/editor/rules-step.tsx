import { LISTING_CHECK_IN_TIME, LISTING_CHECK_OUT_TIME, LISTING_LIMITS } from '@cabanas/domain/listings'
import { Plus, Trash2 } from 'lucide-react'
import { Controller } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { Field, Input } from '../../../components/ui/field'
import { CountField, FieldError, StepFrame, YesNo } from './step-fields'
import type { ListingStepProps } from './step-props'
import { useStepForm } from './use-step-form'

const QUESTIONS = [
  { name: 'petsAllowed', legend: '¿Se admiten mascotas?' },
  { name: 'smokingAllowed', legend: '¿Se permite fumar?' },
  { name: 'eventsAllowed', legend: '¿Se permiten eventos o fiestas?' },
] as const

/** Step 8: minimum stay, house rules, and notices that stop bookings while they stand. */
export function RulesStep(props: ListingStepProps<'rules'>) {
  const { form, errorOf } = useStepForm('rules', props)
  const { readOnly } = props
  return (
    <StepFrame intro="Las reglas de la casa que los huéspedes aceptan al reservar." readOnly={readOnly}>
      <p className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
        Llegada a partir de las {LISTING_CHECK_IN_TIME} y salida antes de las {LISTING_CHECK_OUT_TIME} (hora
        de la Ciudad de México), igual para todas las cabañas.
      </p>
      <Controller
        control={form.control}
        name="minNights"
        render={({ field }) => (
          <CountField
            label="Estancia mínima (noches)"
            value={field.value}
            min={LISTING_LIMITS.minNights.min}
            max={LISTING_LIMITS.minNights.max}
            disabled={readOnly}
            onChange={field.onChange}
            error={errorOf('minNights')}
          />
        )}
      />
      {QUESTIONS.map(({ name, legend }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <YesNo
              legend={legend}
              name={name}
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly}
              error={errorOf(name)}
            />
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="restrictions"
        render={({ field }) => {
          const notices: string[] = field.value ?? []
          const set = (next: string[]) => field.onChange(next.length > 0 ? next : undefined)
          return (
            <fieldset className="min-w-0">
              <legend className="font-medium text-stone-900">Avisos que impiden reservar (opcional)</legend>
              <p className="mt-1 text-sm text-stone-600">
                Mientras haya un aviso, nadie puede reservar tu cabaña: por ejemplo «Cerrada por mantenimiento
                hasta marzo».
              </p>
              <div className="mt-3 flex flex-col gap-3">
                {notices.map((notice, index) => (
                  <div key={index} className="flex items-end gap-2">
                    <Field
                      label={`Aviso ${index + 1}`}
                      error={errorOf(`restrictions.${index}`)}
                      className="flex-1"
                    >
                      {(control) => (
                        <Input
                          {...control}
                          value={notice}
                          maxLength={LISTING_LIMITS.restriction.max + 20}
                          onChange={(event) =>
                            set(notices.map((old, i) => (i === index ? event.target.value : old)))
                          }
                        />
                      )}
                    </Field>
                    <Button
                      variant="outline"
                      className="size-12 shrink-0 px-0"
                      aria-label={`Quitar aviso ${index + 1}`}
                      onClick={() => set(notices.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                ))}
              </div>
              <FieldError message={errorOf('restrictions')} />
              {notices.length < LISTING_LIMITS.restrictions.max && (
                <Button variant="outline" className="mt-3" onClick={() => set([...notices, ''])}>
                  <Plus aria-hidden="true" />
                  Agregar un aviso
                </Button>
              )}
            </fieldset>
          )
        }}
      />
    </StepFrame>
  )
}
