import { CabinCardSchema } from '../catalog/destinations.ts'
import { z } from '../shared/zod.ts'

const centavos = z.number().int().nonnegative()

/** The stay's price for one search result, computed on the server by priceStay(). */
export const StayPriceSchema = z.object({
  nights: z.number().int().positive(),
  totalPrice: centavos,
  pricePerNight: centavos,
  serviceCommission: centavos,
})

/** A search result: the cabin's card, its bathroom kind for the map popup and the stay's price. */
export const SearchResultSchema = CabinCardSchema.extend({
  privateBathroom: z.boolean(),
  stay: StayPriceSchema,
})
export type SearchResult = z.infer<typeof SearchResultSchema>

export const SearchResponseSchema = z.object({
  success: z.literal(true),
  habitaciones: z.array(SearchResultSchema),
  total: z.number().int().nonnegative(),
  nights: z.number().int().positive(),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** Results are capped; a destination with more free cabins shows the best-priced ones. */
export const SEARCH_RESULT_LIMIT = 200
