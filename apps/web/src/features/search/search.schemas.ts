/**
 * The schema of a search's answer. search.api.ts loads this module with its first request: the
 * server-rendered results parse nothing.
 */
export { SearchResponseSchema } from '@cabanas/domain/search'
