import * as zm from 'zod/mini'

/*
 * What POST /reservas/cotizar answers, as zod/mini schemas (`zm`, see catalog/cabin.ts): the cabin page's
 * booking widget parses them in the browser. A module of their own, without quote.ts's request schemas:
 * the forms that load later use those, and a module's code travels in one chunk.
 */

const centavos = zm.int().check(zm.nonnegative())

/** Spec §3 quote response, plus the stay it priced and its nights. Money in centavos. */
export const QuoteResponseSchema = zm.object({
  success: zm.literal(true),
  available: zm.literal(true),
  habitacionId: zm.string(),
  checkIn: zm.string(),
  checkOut: zm.string(),
  guests: zm.int(),
  nights: zm.int().check(zm.positive()),
  pricing: zm.object({ totalPrice: centavos, pricePerNight: centavos, basePrice: centavos }),
  precioCalculado: zm.object({ comisionServicio: centavos }),
  breakdown: zm.array(zm.object({ night: zm.string(), rate: centavos, season: zm.nullable(zm.string()) })),
  currency: zm.literal('MXN'),
})
export type QuoteResponse = zm.infer<typeof QuoteResponseSchema>

export type QuoteErrorType =
  | 'INVALID_DATE'
  | 'INVALID_DATE_RANGE'
  | 'CABIN_NOT_FOUND'
  | 'CAPACITY_EXCEEDED'
  | 'CAPACITY_INSUFFICIENT'
  | 'NOCHES_MINIMAS'
  | 'NOT_AVAILABLE'
  | 'SERVER_ERROR'

export const QuoteErrorSchema = zm.object({
  success: zm.literal(false),
  available: zm.optional(zm.boolean()),
  error: zm.string(),
  errorType: zm.string(),
  message: zm.optional(zm.string()),
})
export type QuoteError = zm.infer<typeof QuoteErrorSchema>
