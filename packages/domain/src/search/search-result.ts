import * as z from 'zod/mini'
import { CabinCardSchema } from '../catalog/destinations.ts'

// zod/mini, as every response shape the public pages parse in the browser (see catalog/cabin.ts).

const centavos = z.int().check(z.nonnegative())

/** The stay's price for one search result, computed on the server by priceStay(). */
export const StayPriceSchema = z.object({
  nights: z.int().check(z.positive()),
  totalPrice: centavos,
  pricePerNight: centavos,
  serviceCommission: centavos,
})

/** A search result: the cabin's card, its bathroom kind for the map popup and the stay's price. */
export const SearchResultSchema = z.extend(CabinCardSchema, {
  privateBathroom: z.boolean(),
  stay: StayPriceSchema,
})
export type SearchResult = z.infer<typeof SearchResultSchema>

export const SearchResponseSchema = z.object({
  success: z.literal(true),
  habitaciones: z.array(SearchResultSchema),
  total: z.int().check(z.nonnegative()),
  nights: z.int().check(z.positive()),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** Results are capped; a destination with more free cabins shows the best-priced ones. */
export const SEARCH_RESULT_LIMIT = 200
