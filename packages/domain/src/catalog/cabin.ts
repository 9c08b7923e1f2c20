import * as zm from 'zod/mini'
import { queryIntegerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { FEATURE_GROUPS } from './amenities.ts'
import { CANCELLATION_POLICIES } from './cancellation-policy.ts'

export { cabinPlace } from './cabin-place.ts'

// The shapes the API answers with are zod/mini schemas (`zm`): the browser parses them on the public
// pages' first views, where zod/mini's ~7 KB (gzip) replace zod's ~25 KB. Fastify's type provider and the
// OpenAPI document read them like the request schemas (`z`), which share the same core.

const centavos = zm.int().check(zm.nonnegative())
const positiveInt = zm.int().check(zm.positive())

export const CabinImageSchema = zm.object({
  /** Full-size image for the gallery. */
  url: zm.string(),
  /** Card-size image (≤ 60 KB). */
  preview: zm.string(),
  alt: zm.string(),
})
export type CabinImage = zm.infer<typeof CabinImageSchema>

export const RestrictionSchema = zm.object({ message: zm.string() })

export const FeatureGroupsSchema = zm.object(
  Object.fromEntries(FEATURE_GROUPS.map((group) => [group, zm.record(zm.string(), zm.boolean())])) as {
    [G in (typeof FEATURE_GROUPS)[number]]: zm.ZodMiniRecord<zm.ZodMiniString, zm.ZodMiniBoolean>
  },
)

/** A cabin as the API returns it (spec §3). Money fields are integer centavos. */
export const CabinSchema = zm.object({
  _id: zm.string(),
  location: zm.object({
    population: zm.string(),
    state: zm.string(),
    latitude: zm.number(),
    longitude: zm.number(),
  }),
  propertyDetails: zm.object({
    name: zm.string(),
    accomodationType: zm.string(),
    minOccupancy: positiveInt,
    maxOccupancy: positiveInt,
  }),
  accomodationDescription: zm.string(),
  additionalInfo: zm.object({
    nBedrooms: zm.int().check(zm.nonnegative()),
    nBeds: positiveInt,
    nRestrooms: positiveInt,
  }),
  others: zm.object({ basePrice2nights: centavos, baseCost: centavos }),
  precioCalculado: zm.object({ precioBaseFinal: centavos, comisionServicio: centavos }),
  rates: zm.object({ weekdayRate: centavos, weekendRate: centavos, minNights: positiveInt }),
  images: zm.array(CabinImageSchema),
  files: zm.array(zm.string()),
  restrictions: zm.array(RestrictionSchema),
  /** What cancelling does (texts in cancellationPolicies): shown on every surface of the cabin. */
  cancellationPolicy: zm.enum(CANCELLATION_POLICIES),
  accommodationFeatures: FeatureGroupsSchema,
})
export type Cabin = zm.infer<typeof CabinSchema>

export const CabinListSchema = zm.object({
  habitaciones: zm.array(CabinSchema),
  total: zm.int().check(zm.nonnegative()),
  limit: positiveInt,
  offset: zm.int().check(zm.nonnegative()),
})
export type CabinList = zm.infer<typeof CabinListSchema>

const MAX_PAGE = 500

/** Query of GET /habitaciones: `limit` and `offset` as plain digits ('?limit=20'), nothing else. */
export const CabinListQuerySchema = z.object({
  limit: queryIntegerSchema('El parámetro limit debe ser un número entero')
    .pipe(
      z
        .number()
        .min(1, 'El parámetro limit debe ser al menos 1')
        .max(MAX_PAGE, `El parámetro limit no puede ser mayor que ${MAX_PAGE}`),
    )
    .default(100),
  offset: queryIntegerSchema('El parámetro offset debe ser un número entero')
    .pipe(z.number().min(0, 'El parámetro offset no puede ser negativo'))
    .default(0),
})
export type CabinListQuery = z.infer<typeof CabinListQuerySchema>

/** `:id` of a cabin or a reservation (uuids; anything else simply finds nothing). */
export const CabinIdParamsSchema = z.object({
  id: textSchema('identificador').min(1, 'Falta el identificador').max(100, 'El identificador no es válido'),
})
