/**
 * The schemas of a cabin and of a destination's page. catalog.api.ts and destination-page.api.ts load
 * this module with their first request: the server-rendered first view parses nothing.
 */
export { CabinSchema, DestinationPageSchema } from '@cabanas/domain/catalog'
