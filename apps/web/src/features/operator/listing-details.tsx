import {
  AMENITY_LABELS,
  CANCELLATION_POLICY_NAMES,
  cancellationPolicies,
  FEATURE_GROUPS,
} from '@cabanas/domain/catalog'
import { LISTING_CHECK_IN_TIME, LISTING_CHECK_OUT_TIME, type ListingDraft } from '@cabanas/domain/listings'
import { nightsBetween } from '@cabanas/domain/shared'
import { formatLongDate, formatMxn } from '../../lib/format'
import { pluralize } from '../../lib/plural'
import { Facts, Missing, ReviewSection } from './review-section'

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'Sí' : 'No')
const money = (value: number | undefined) => (value === undefined ? undefined : formatMxn(value))

export function ListingDescription({ draft }: { draft: ListingDraft }) {
  const description = draft.description?.description
  return (
    <ReviewSection id="descripcion" title="Tipo, título y descripción">
      <Facts
        items={[
          ['Tipo de alojamiento', draft.type?.accommodationType],
          ['Título', draft.description?.title],
        ]}
      />
      <h3 className="mt-4 text-sm text-stone-500">Descripción</h3>
      {description ? <p className="mt-1 whitespace-pre-line text-stone-900">{description}</p> : <Missing />}
    </ReviewSection>
  )
}

export function ListingCapacity({ capacity }: { capacity: ListingDraft['capacity'] }) {
  return (
    <ReviewSection id="capacidad" title="Capacidad">
      {!capacity ? (
        <Missing />
      ) : (
        <Facts
          items={[
            [
              'Huéspedes',
              capacity.minGuests !== undefined && capacity.maxGuests !== undefined
                ? `De ${capacity.minGuests} a ${capacity.maxGuests}`
                : undefined,
            ],
            ['Recámaras', capacity.bedrooms],
            ['Camas', capacity.beds],
            [
              'Baños',
              capacity.bathrooms === undefined
                ? undefined
                : `${capacity.bathrooms} ${capacity.bathroomPrivacy === 'shared' ? '(compartido)' : capacity.bathroomPrivacy === 'private' ? '(privado)' : ''}`.trim(),
            ],
          ]}
        />
      )}
    </ReviewSection>
  )
}

export function ListingAmenities({ amenities }: { amenities: ListingDraft['amenities'] }) {
  const labels = FEATURE_GROUPS.flatMap((group) =>
    Object.entries(amenities?.[group] ?? {})
      .filter(([, on]) => on)
      .map(([key]) => (AMENITY_LABELS[group] as Record<string, string>)[key] ?? key),
  )
  return (
    <ReviewSection id="amenidades" title="Amenidades">
      {labels.length === 0 ? (
        <Missing />
      ) : (
        <ul className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-stone-900 sm:grid-cols-2 lg:grid-cols-3">
          {labels.map((label) => (
            <li key={label} className="flex gap-2 before:text-brand-700 before:content-['✓']">
              {label}
            </li>
          ))}
        </ul>
      )}
    </ReviewSection>
  )
}

export function ListingPrices({ prices }: { prices: ListingDraft['prices'] }) {
  const seasons = prices?.seasons ?? []
  return (
    <ReviewSection id="precios" title="Precios por noche (MXN, IVA incluido)">
      {!prices ? (
        <Missing />
      ) : (
        <>
          <Facts
            items={[
              ['Entre semana (domingo a jueves)', money(prices.weekdayRate)],
              ['Fin de semana (viernes y sábado)', money(prices.weekendRate)],
            ]}
          />
          <h3 className="mt-5 text-sm text-stone-500">Temporadas</h3>
          {seasons.length === 0 ? (
            <p className="mt-1 text-stone-900">Sin temporadas</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {seasons.map((season) => (
                <li
                  key={`${season.name}-${season.startsOn}`}
                  className="flex flex-col gap-1 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-medium text-stone-900">{season.name}</p>
                    <p className="text-sm text-stone-600">
                      Del {formatLongDate(season.startsOn)} al {formatLongDate(season.endsOn)} (salida) ·{' '}
                      {pluralize(nightsBetween(season.startsOn, season.endsOn), 'noche', 'noches')}
                    </p>
                  </div>
                  <p className="font-semibold text-stone-900 tabular-nums">{formatMxn(season.nightlyRate)}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ReviewSection>
  )
}

export function ListingRules({ rules }: { rules: ListingDraft['rules'] }) {
  const restrictions = rules?.restrictions ?? []
  return (
    <ReviewSection id="reglas" title="Reglas">
      {!rules ? (
        <Missing />
      ) : (
        <>
          <Facts
            items={[
              ['Llegada y salida', `Desde las ${LISTING_CHECK_IN_TIME}, hasta las ${LISTING_CHECK_OUT_TIME}`],
              [
                'Estancia mínima',
                rules.minNights === undefined ? undefined : pluralize(rules.minNights, 'noche', 'noches'),
              ],
              ['Se admiten mascotas', yesNo(rules.petsAllowed)],
              ['Se permite fumar', yesNo(rules.smokingAllowed)],
              ['Se permiten eventos', yesNo(rules.eventsAllowed)],
            ]}
          />
          <h3 className="mt-5 text-sm text-stone-500">Avisos (impiden reservar mientras existan)</h3>
          {restrictions.length === 0 ? (
            <p className="mt-1 text-stone-900">Sin avisos</p>
          ) : (
            <ul className="mt-1 list-disc pl-5 text-stone-900">
              {restrictions.map((restriction) => (
                <li key={restriction}>{restriction}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </ReviewSection>
  )
}

export function ListingCancellation({ cancellation }: { cancellation: ListingDraft['cancellation'] }) {
  const policy = cancellation?.policy
  return (
    <ReviewSection id="cancelacion" title="Política de cancelación">
      {!policy ? (
        <Missing />
      ) : (
        <>
          <p className="font-medium text-stone-900">{CANCELLATION_POLICY_NAMES[policy]}</p>
          <p className="mt-1 text-stone-700">{cancellationPolicies[policy].summary}</p>
        </>
      )}
    </ReviewSection>
  )
}
