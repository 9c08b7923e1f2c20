import { ArrowLeft, LoaderCircle, Navigation } from 'lucide-react'
import { useState } from 'react'
import { describeDestination } from './destination-description'
import { placeOf } from './destination-place'
import { type Coordinates, formatDistance, nearestDestinations } from './nearest-destinations'

/** What the panel needs of a destination; the home summary's destinations fit. */
export type DestinationOption = Coordinates & { population: string; state: string; count: number }

type DestinationPanelProps = {
  id: string
  /** undefined while they load. */
  destinations: readonly DestinationOption[] | undefined
  selected: string
  onSelect: (place: string) => void
}

type NearbyState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; from: Coordinates }
  | { status: 'unavailable' }

/** Destination suggestions (spec §2): 'Por la zona' first, then one per 'población, estado'. */
export function DestinationPanel({ id, destinations, selected, onSelect }: DestinationPanelProps) {
  const [nearby, setNearby] = useState<NearbyState>({ status: 'idle' })

  const findNearby = () => {
    if (!('geolocation' in navigator)) {
      setNearby({ status: 'unavailable' })
      return
    }
    setNearby({ status: 'locating' })
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setNearby({ status: 'located', from: coords }),
      () => setNearby({ status: 'unavailable' }),
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    )
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-label="Elige un destino"
      className="w-full overflow-hidden rounded-3xl border border-stone-200 bg-white py-4 shadow-xl md:w-[26rem]"
    >
      {nearby.status === 'idle' ? (
        <button type="button" onClick={findNearby} className={optionClasses}>
          <span aria-hidden="true" className={iconBoxClasses('bg-brand-50 text-brand-700')}>
            <Navigation className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-medium text-stone-900">Por la zona</span>
            <span className="block text-sm text-stone-500">Descubre cabañas cerca de ti</span>
          </span>
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setNearby({ status: 'idle' })}
          className="mx-4 mb-1 flex items-center gap-2 rounded-full px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Todos los destinos
        </button>
      )}

      <div className="max-h-[min(24rem,55dvh)] overflow-y-auto overscroll-contain">
        <DestinationList
          nearby={nearby}
          destinations={destinations}
          selected={selected}
          onSelect={onSelect}
        />
      </div>
    </div>
  )
}

type DestinationListProps = Omit<DestinationPanelProps, 'id'> & { nearby: NearbyState }

function DestinationList({ nearby, destinations, selected, onSelect }: DestinationListProps) {
  if (destinations === undefined || nearby.status === 'locating') {
    return (
      <p role="status" className="flex items-center gap-2 px-6 py-4 text-sm text-stone-500">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {nearby.status === 'locating' ? 'Buscando destinos cerca de ti…' : 'Cargando destinos…'}
      </p>
    )
  }
  if (destinations.length === 0) {
    return <p className="px-6 py-4 text-sm text-stone-500">No hay destinos disponibles por el momento</p>
  }

  const items =
    nearby.status === 'located'
      ? nearestDestinations(destinations, nearby.from).map(({ destination, distanceKm }) => ({
          destination,
          detail: formatDistance(distanceKm),
        }))
      : destinations.map((destination) => ({
          destination,
          detail: describeDestination(destination).description,
        }))

  return (
    <>
      {nearby.status === 'unavailable' && (
        <p className="px-6 pt-1 pb-2 text-sm text-stone-500">
          No pudimos obtener tu ubicación; estos son todos los destinos.
        </p>
      )}
      <ul aria-label={nearby.status === 'located' ? 'Destinos cerca de ti' : 'Destinos'}>
        {items.map(({ destination, detail }) => {
          const place = placeOf(destination)
          const isSelected = place === selected
          return (
            <li key={place}>
              <button
                type="button"
                aria-current={isSelected || undefined}
                onClick={() => onSelect(place)}
                className={`${optionClasses} ${isSelected ? 'bg-stone-50' : ''}`}
              >
                <span aria-hidden="true" className={iconBoxClasses('bg-stone-100 text-2xl')}>
                  {describeDestination(destination).emoji}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-stone-900">{place}</span>
                  <span className="block truncate text-sm text-stone-500">{detail}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}

const optionClasses =
  'flex w-full items-center gap-4 px-6 py-2.5 text-left transition-colors hover:bg-stone-100 focus-visible:bg-stone-100 focus-visible:outline-offset-[-2px]'

function iconBoxClasses(extra: string): string {
  return `flex size-12 shrink-0 items-center justify-center rounded-xl ${extra}`
}
