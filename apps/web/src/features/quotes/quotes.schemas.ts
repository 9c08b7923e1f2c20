/**
 * The schemas of the answers the booking widget reads. quotes.api.ts loads this module with the
 * widget's first request: the cabin page's first view shows what the server quoted and parses nothing.
 */
export { CabinCalendarResponseSchema } from '@cabanas/domain/availability'
export { QuoteErrorSchema, QuoteResponseSchema } from '@cabanas/domain/quotes'
