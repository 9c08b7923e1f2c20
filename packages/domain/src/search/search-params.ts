import { AMENITY_KEYS } from '../catalog/amenities.ts'
import { MAX_GUESTS } from '../quotes/stay-rules.ts'
import { z } from '../shared/zod.ts'

const count = (label: string) =>
  z
    .string()
    .regex(/^\d{1,2}$/)
    .optional()
    .describe(`Mínimo de ${label}, 0 a ${MAX_GUESTS}`)

/**
 * The query string of GET /cotizar/search as the OpenAPI document describes it. It documents only:
 * parseSearchQuery (search-query.ts) reads the raw parameters and owns every rule and message.
 */
export const SearchParamsSchema = z.object({
  location: z
    .string()
    .max(120)
    .describe(
      "Destino: 'población, estado', una población o un estado (sin acentos ni mayúsculas obligatorios)",
    ),
  checkIn: z.string().describe('Llegada, aaaa-mm-dd (Ciudad de México)').meta({ format: 'date' }),
  checkOut: z.string().describe('Salida, aaaa-mm-dd, posterior a la llegada').meta({ format: 'date' }),
  guests: z
    .string()
    .regex(/^\d{1,3}$/)
    .describe(`Huéspedes, 1 a ${MAX_GUESTS}`),
  bedrooms: count('recámaras'),
  beds: count('camas'),
  bathrooms: count('baños'),
  amenities: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(`Amenidades requeridas, separadas por comas o repetidas: ${AMENITY_KEYS.join(', ')}`),
})
