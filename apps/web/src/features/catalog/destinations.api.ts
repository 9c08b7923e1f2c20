import type { PageData } from '@cabanas/contracts/ssr'
import type { DestinationsResponse } from '@cabanas/domain/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, parseOrThrow } from '../../lib/api-client'
import { array, nullable, number, object, oneOf, shape, string } from '../../lib/shape'

const CabinCardReader = object({
  _id: string,
  location: object({ population: string, state: string, latitude: number, longitude: number }),
  propertyDetails: object({
    name: string,
    accomodationType: string,
    minOccupancy: number,
    maxOccupancy: number,
  }),
  additionalInfo: object({ nBedrooms: number, nBeds: number, nRestrooms: number }),
  others: object({ basePrice2nights: number, baseCost: number }),
  precioCalculado: object({ precioBaseFinal: number, comisionServicio: number }),
  images: array(object({ url: string, preview: string, alt: string })),
  restrictions: array(object({ message: string })),
  // The domain's CANCELLATION_POLICIES, spelled here: importing it would bring zod into the first view.
  cancellationPolicy: oneOf(['free', 'moderate', 'non_refundable']),
})

const DestinationsReader = object({
  destinations: array(
    object({
      population: string,
      state: string,
      count: number,
      fromPrice: nullable(number),
      latitude: number,
      longitude: number,
      cabins: array(CabinCardReader),
    }),
  ),
})

/**
 * GET /api/destinations, read with `lib/shape` rather than the domain's zod schema: the home page is
 * the first view, and zod would add ~13 KB gzip to it. `destinations.api.test.ts` proves at compile
 * time that this reader yields exactly the domain's `DestinationsResponse`.
 */
export const DestinationsResponseShape = shape(DestinationsReader)

export const destinationKeys = {
  all: ['destinations'] as const,
}

export function fetchDestinations(signal?: AbortSignal): Promise<DestinationsResponse> {
  return apiGet('/api/destinations', DestinationsResponseShape, { signal })
}

/** Server rendering: the home's destinations from the API's own data function (ssr/server-routes). */
export async function prefetchDestinations(queryClient: QueryClient, data: PageData): Promise<void> {
  const body = await data.destinations()
  queryClient.setQueryData(destinationKeys.all, parseOrThrow(DestinationsResponseShape, body, 'destinations'))
}
