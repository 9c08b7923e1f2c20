import { queryIntegerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { FEATURE_GROUPS } from './amenities.ts'
import { CANCELLATION_POLICIES } from './cancellation-policy.ts'

const centavos = z.number().int().nonnegative()

export const CabinImageSchema = z.object({
  /** Full-size image for the gallery. */
  url: z.string(),
  /** Card-size image (≤ 60 KB). */
  preview: z.string(),
  alt: z.string(),
})
export type CabinImage = z.infer<typeof CabinImageSchema>

export const RestrictionSchema = z.object({ message: z.string() })

export const FeatureGroupsSchema = z.object(
  Object.fromEntries(FEATURE_GROUPS.map((group) => [group, z.record(z.string(), z.boolean())])) as {
    [G in (typeof FEATURE_GROUPS)[number]]: z.ZodRecord<z.ZodString, z.ZodBoolean>
  },
)

/** A cabin as the API returns it (spec §3). Money fields are integer centavos. */
export const CabinSchema = z.object({
  _id: z.string(),
  location: z.object({
    population: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  propertyDetails: z.object({
    name: z.string(),
    accomodationType: z.string(),
    minOccupancy: z.number().int().positive(),
    maxOccupancy: z.number().int().positive(),
  }),
  accomodationDescription: z.string(),
  additionalInfo: z.object({
    nBedrooms: z.number().int().nonnegative(),
    nBeds: z.number().int().positive(),
    nRestrooms: z.number().int().positive(),
  }),
  others: z.object({ basePrice2nights: centavos, baseCost: centavos }),
  precioCalculado: z.object({ precioBaseFinal: centavos, comisionServicio: centavos }),
  rates: z.object({ weekdayRate: centavos, weekendRate: centavos, minNights: z.number().int().positive() }),
  images: z.array(CabinImageSchema),
  files: z.array(z.string()),
  restrictions: z.array(RestrictionSchema),
  /** What cancelling does (texts in cancellationPolicies): shown on every surface of the cabin. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  accommodationFeatures: FeatureGroupsSchema,
})
export type Cabin = z.infer<typeof CabinSchema>

export const CabinListSchema = z.object({
  habitaciones: z.array(CabinSchema),
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
})
export type CabinList = z.infer<typeof CabinListSchema>

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

/** 'población, estado', as cards and suggestions show it. */
export function cabinPlace(location: { population: string; state: string }): string {
  return `${location.population}, ${location.state}`
}
