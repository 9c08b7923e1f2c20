const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Is `id` a value PostgreSQL accepts for a `uuid` column? Queries by id check it first: anything else
 * finds nothing, instead of failing the query (SQLSTATE 22P02) and becoming a 500.
 */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id)
}
