import { z } from '../shared/zod.ts'
import { CabinSchema } from './cabin.ts'

/** What a cabin card needs: the cabin without its long description and amenity groups. */
export const CabinCardSchema = CabinSchema.pick({
  _id: true,
  location: true,
  propertyDetails: true,
  additionalInfo: true,
  others: true,
  precioCalculado: true,
  images: true,
  restrictions: true,
  cancellationPolicy: true,
})
export type CabinCard = z.infer<typeof CabinCardSchema>

export const DestinationSchema = z.object({
  population: z.string(),
  state: z.string(),
  /** Number of cabins in the destination. */
  count: z.number().int().positive(),
  /**
   * The lowest 'precioBaseFinal' of its bookable cabins (no restrictions): 'Desde $X por noche'.
   * Null when none of them can be booked.
   */
  fromPrice: z.number().int().nonnegative().nullable(),
  /** Centre of its cabins, for 'Por la zona'. */
  latitude: z.number(),
  longitude: z.number(),
  /** The cabins of its 'Explora {city}' carousel, cheapest first, at most CAROUSEL_SIZE. */
  cabins: z.array(CabinCardSchema),
})
export type Destination = z.infer<typeof DestinationSchema>

export const DestinationsResponseSchema = z.object({ destinations: z.array(DestinationSchema) })
export type DestinationsResponse = z.infer<typeof DestinationsResponseSchema>

export const POPULAR_DESTINATIONS = 6
export const CAROUSEL_SIZE = 12
