import * as zm from 'zod/mini'
import { z } from '../shared/zod.ts'
import { CabinSchema } from './cabin.ts'

// Response shapes are zod/mini schemas (`zm`), as in cabin.ts: the public pages parse them in the browser.

/** What a cabin card needs: the cabin without its long description and amenity groups. */
export const CabinCardSchema = zm.pick(CabinSchema, {
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
export type CabinCard = zm.infer<typeof CabinCardSchema>

export const DestinationSchema = zm.object({
  population: zm.string(),
  state: zm.string(),
  /** Number of cabins in the destination. */
  count: zm.int().check(zm.positive()),
  /**
   * The lowest 'precioBaseFinal' of its bookable cabins (no restrictions): 'Desde $X por noche'.
   * Null when none of them can be booked.
   */
  fromPrice: zm.nullable(zm.int().check(zm.nonnegative())),
  /** Centre of its cabins, for 'Por la zona'. */
  latitude: zm.number(),
  longitude: zm.number(),
  /** The cabins of its 'Explora {city}' carousel, cheapest first, at most CAROUSEL_SIZE. */
  cabins: zm.array(CabinCardSchema),
})
export type Destination = zm.infer<typeof DestinationSchema>

export const DestinationsResponseSchema = zm.object({ destinations: zm.array(DestinationSchema) })
export type DestinationsResponse = zm.infer<typeof DestinationsResponseSchema>

export const POPULAR_DESTINATIONS = 6
export const CAROUSEL_SIZE = 12

/** Most cabins a destination's landing page lists (the busiest destinations have fewer today). */
export const DESTINATION_PAGE_SIZE = 48

/** A destination's landing page, GET /api/destinations/:slug (page /destinos/{slug}). */
export const DestinationPageSchema = zm.object({
  destination: zm.extend(zm.omit(DestinationSchema, { cabins: true }), { slug: zm.string() }),
  /** Its cabins, bookable ones first, then by price; at most DESTINATION_PAGE_SIZE. */
  cabins: zm.array(CabinCardSchema),
  /** Other destinations to explore, nearest first. */
  nearby: zm.array(
    zm.object({ population: zm.string(), state: zm.string(), slug: zm.string(), count: zm.number() }),
  ),
})
export type DestinationPage = zm.infer<typeof DestinationPageSchema>

export const DestinationSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(120, 'El destino no es válido')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'El destino no es válido'),
})
