import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import { MapPin, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { CabinHead } from '../../components/seo/cabin-head'
import { HydrationIsland } from '../../components/ui/hydration-island'
import { CabinActions } from './cabin-actions'
import { CabinAmenities } from './cabin-amenities'
import { CabinCancellationPolicy } from './cabin-cancellation-policy'
import { DISPLAYED_RATING } from './cabin-card'
import { describeCapacity } from './cabin-facts'
import { CabinGallery } from './cabin-gallery'
import { CabinLocation } from './cabin-location'

type CabinOverviewProps = {
  cabin: Cabin
  /** The page of all its photos (the gallery's 'Mostrar todas las fotos'). */
  photosHref: string
  /** The booking widget, beside the details on wide screens. */
  booking?: ReactNode
  /** The stay's arrival, when known: the policy states its deadline as a date and hour. */
  checkIn?: string | null
}

/**
 * Spec §2 cabin detail: title, place, photos, summary, description, amenities, cancellation policy, map
 * and the booking widget.
 */
export function CabinOverview({ cabin, photosHref, booking, checkIn }: CabinOverviewProps) {
  const name = cabin.propertyDetails.name
  const place = cabinPlace(cabin.location)

  return (
    <article className="mx-auto w-full max-w-6xl px-4 pt-5 pb-12 sm:px-6 sm:pt-8 lg:px-8">
      <CabinHead cabin={cabin} />
      <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
            {name}
          </h1>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-700">
            <span className="flex items-center gap-1 font-medium text-stone-900">
              <Star aria-hidden="true" className="size-4 fill-current" />
              <span aria-hidden="true">{DISPLAYED_RATING}</span>
              <span className="sr-only">{`Calificación ${DISPLAYED_RATING} de 5`}</span>
            </span>
            <span aria-hidden="true">·</span>
            <span className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent-600" />
              {place}
            </span>
          </p>
        </div>
        <div className="-ml-2.5 sm:ml-0">
          <HydrationIsland>
            <CabinActions cabinId={cabin._id} name={name} />
          </HydrationIsland>
        </div>
      </header>

      <div className="mt-4 sm:mt-6">
        <HydrationIsland>
          <CabinGallery name={name} images={cabin.images} photosHref={photosHref} />
        </HydrationIsland>
      </div>

      <div className="mt-8 grid gap-10 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-16">
        <div className="min-w-0">
          <section aria-label="Resumen" className="border-b border-stone-200 pb-7">
            <h2 className="text-xl font-semibold text-stone-900 sm:text-[1.375rem]">
              {`${cabin.propertyDetails.accomodationType} en ${place}`}
            </h2>
            <p className="mt-1 text-stone-700">{describeCapacity(cabin)}</p>
          </section>

          <section aria-labelledby="descripcion" className="border-b border-stone-200 py-8">
            <h2 id="descripcion" className="text-xl font-semibold text-stone-900">
              Acerca de este lugar
            </h2>
            <p className="mt-4 leading-relaxed whitespace-pre-line text-stone-700">
              {cabin.accomodationDescription}
            </p>
          </section>

          <div className="border-b border-stone-200 py-8">
            <HydrationIsland>
              <CabinAmenities features={cabin.accommodationFeatures} />
            </HydrationIsland>
          </div>

          <div className="border-b border-stone-200 py-8">
            <HydrationIsland>
              <CabinCancellationPolicy policy={cabin.cancellationPolicy} checkIn={checkIn} />
            </HydrationIsland>
          </div>

          <div className="pt-8">
            <HydrationIsland>
              <CabinLocation
                latitude={cabin.location.latitude}
                longitude={cabin.location.longitude}
                place={place}
              />
            </HydrationIsland>
          </div>
        </div>

        {booking && (
          <div className="contents lg:block">
            <HydrationIsland>{booking}</HydrationIsland>
          </div>
        )}
      </div>
    </article>
  )
}
