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

/** Most cabins a destination's landing page lists (the busiest destinations have fewer today). */
export const DESTINATION_PAGE_SIZE = 48

/** A destination's landing page, GET /api/destinations/:slug (page /destinos/{slug}). */
export const DestinationPageSchema = z.object({
  destination: DestinationSchema.omit({ cabins: true }).extend({ slug: z.string() }),
  /** Its cabins, bookable ones first, then by price; at most DESTINATION_PAGE_SIZE. */
  cabins: z.array(CabinCardSchema),
  /** Other destinations to explore, nearest first. */
  nearby: z.array(
    z.object({ population: z.string(), state: z.string(), slug: z.string(), count: z.number() }),
  ),
})
export type DestinationPage = z.infer<typeof DestinationPageSchema>

export const DestinationSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(120, 'El destino no es válido')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'El destino no es válido'),
})
