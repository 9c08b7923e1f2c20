import { findMunicipality, LISTING_LIMITS, MEXICO_STATES } from '@cabanas/domain/listings'
import { LocateFixed, Lock } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { Controller } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { Field, Input, inputStyles } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import type { Pin } from './location-map'
import { MunicipalityPicker } from './municipality-picker'
import { FieldError, StepFrame } from './step-fields'
import type { ListingStepProps } from './step-props'
import { emptyAsUndefined, useStepForm } from './use-step-form'

const LocationMap = lazy(() => import('./location-map').then((module) => ({ default: module.LocationMap })))

/** Six decimals: about 10 cm, more than a tap can mean. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6

/** Step 2: state and municipality from INEGI's list, the town guests know, the private address, the pin. */
export function LocationStep(props: ListingStepProps<'location'>) {
  const { form, errorOf } = useStepForm('location', props)
  const { readOnly } = props
  const stateCode = form.watch('stateCode')
  const pin = form.watch('pin')
  const pinErrorId = useId()
  const pinError = errorOf('pin') ?? errorOf('pin.latitude') ?? errorOf('pin.longitude')
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle')

  const placePin = (next: Pin) =>
    form.setValue(
      'pin',
      { latitude: round(next.latitude), longitude: round(next.longitude) },
      { shouldValidate: true, shouldDirty: true },
    )

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) return setLocating('failed')
    setLocating('busy')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle')
        placePin({ latitude: position.coords.latitude, longitude: position.coords.longitude })
      },
      () => setLocating('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    )
  }

  const stateField = form.register('stateCode', {
    setValueAs: emptyAsUndefined,
    onChange: (event: { target: { value: string } }) => {
      const municipality = form.getValues('municipalityCode')
      if (municipality && findMunicipality(municipality)?.stateCode !== event.target.value) {
        form.setValue('municipalityCode', undefined, { shouldValidate: true })
      }
      if (form.getValues('pin')) void form.trigger('pin')
    },
  })

  return (
    <StepFrame intro="¿Dónde está tu alojamiento?" readOnly={readOnly}>
      <Field label="Estado" error={errorOf('stateCode')}>
        {(control) => (
          <select {...control} className={inputStyles({ invalid: control['aria-invalid'] })} {...stateField}>
            <option value="">Elige el estado</option>
            {MEXICO_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Controller
        control={form.control}
        name="municipalityCode"
        render={({ field }) => (
          <MunicipalityPicker
            stateCode={stateCode}
            value={field.value}
            onChange={field.onChange}
            error={errorOf('municipalityCode')}
            disabled={readOnly}
          />
        )}
      />
      <Field
        label="Población (opcional)"
        hint="Si los huéspedes conocen el lugar por otro nombre que el municipio: Holbox, Tapalpa…"
        error={errorOf('locality')}
      >
        {(control) => (
          <Input
            {...control}
            maxLength={LISTING_LIMITS.locality.max + 20}
            {...form.register('locality', { setValueAs: emptyAsUndefined })}
          />
        )}
      </Field>

      <section aria-labelledby="private-address" className="flex flex-col gap-4 rounded-2xl bg-stone-100 p-4">
        <div>
          <h2 id="private-address" className="flex items-center gap-2 font-semibold text-stone-900">
            <Lock aria-hidden="true" className="size-4" />
            Dirección privada
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Los huéspedes la ven solo después de reservar. Antes, solo ven la población y el municipio.
          </p>
        </div>
        <Field label="Calle y número" error={errorOf('address.street')}>
          {(control) => (
            <Input
              {...control}
              autoComplete="street-address"
              {...form.register('address.street', { setValueAs: emptyAsUndefined })}
            />
          )}
        </Field>
        <Field label="Código postal" error={errorOf('address.postalCode')} className="max-w-40">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              mask={(typed) => typed.replace(/\D/g, '')}
              {...form.register('address.postalCode', { setValueAs: emptyAsUndefined })}
            />
          )}
        </Field>
        <Field label="Indicaciones para llegar (opcional)" error={errorOf('address.directions')}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className={inputStyles({ invalid: control['aria-invalid'], className: 'h-auto py-3' })}
              {...form.register('address.directions', { setValueAs: emptyAsUndefined })}
            />
          )}
        </Field>
      </section>

      <section aria-labelledby="map-heading" aria-describedby={pinError ? pinErrorId : undefined}>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="map-heading" className="font-semibold text-stone-900">
              Ubicación en el mapa
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              Toca el mapa donde está tu alojamiento; arrastra el punto para ajustarlo.
            </p>
          </div>
          <Button
            variant="outline"
            size="md"
            onClick={useMyLocation}
            disabled={readOnly || locating === 'busy'}
          >
            <LocateFixed aria-hidden="true" />
            Usar mi ubicación
          </Button>
        </div>
        {locating === 'failed' && (
          <p className="mt-2 text-sm text-stone-600">
            No pudimos obtener tu ubicación: marca el punto en el mapa.
          </p>
        )}
        <div className="relative z-0 mt-3 h-72 overflow-hidden rounded-2xl border border-stone-200 sm:h-96">
          <Suspense
            fallback={
              <div className="flex size-full items-center justify-center bg-stone-100">
                <Spinner label="Cargando el mapa…" />
              </div>
            }
          >
            <LocationMap pin={pin} onChange={placePin} disabled={readOnly} />
          </Suspense>
        </div>
        <div className="mt-2">
          <FieldError id={pinErrorId} message={pinError} />
          {pin && !pinError && (
            <p className="text-sm text-stone-500">
              Punto marcado: {pin.latitude.toFixed(5)}, {pin.longitude.toFixed(5)}
            </p>
          )}
        </div>
      </section>
    </StepFrame>
  )
}
