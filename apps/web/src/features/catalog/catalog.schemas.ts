/**
 * The schemas of a cabin, of the home's destinations and of a destination's page. catalog.api.ts,
 * destinations.api.ts and destination-page.api.ts load this module with their first request: the
 * server-rendered first view parses nothing.
 */
export { CabinSchema, DestinationPageSchema, DestinationsResponseSchema } from '@cabanas/domain/catalog'
