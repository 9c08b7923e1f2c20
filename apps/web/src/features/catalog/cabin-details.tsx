import type { Cabin } from '@cabanas/domain/catalog'
import type { ReactNode } from 'react'
import { CabinLoader } from './cabin-loader'
import { CabinOverview } from './cabin-overview'

type CabinDetailsProps = {
  cabinId: string
  /** Where the not-found and error states send the guest back to. */
  homeHref: string
  /** The page of all the cabin's photos: 'Mostrar todas las fotos' links there. */
  photosHref: string
  /** The booking widget for the loaded cabin (another feature: the page brings it). */
  renderBooking?: (cabin: Cabin) => ReactNode
  /** The stay's arrival when the address names one: the policy then states its deadline. */
  checkIn?: string | null
}

/** One cabin, fetched by id, with its loading, not-found and error states. */
export function CabinDetails({ cabinId, homeHref, photosHref, renderBooking, checkIn }: CabinDetailsProps) {
  return (
    <CabinLoader cabinId={cabinId} homeHref={homeHref}>
      {(cabin) => (
        <CabinOverview
          cabin={cabin}
          photosHref={photosHref}
          booking={renderBooking?.(cabin)}
          checkIn={checkIn}
        />
      )}
    </CabinLoader>
  )
}
