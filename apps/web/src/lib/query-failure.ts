import type {
  QueryObserverLoadingErrorResult,
  QueryObserverRefetchErrorResult,
  UseQueryResult,
} from '@tanstack/react-query'
import { isApiError } from './api-client'

/** A failure that may pass on its own: no network, or the server's trouble (5xx). */
export function isTransientFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500)
}

/**
 * Whether a screen shows its query's failure instead of its data: always when it has no data yet;
 * after a refresh only when the server refused it (a 4xx: gone, no longer yours). A refresh that failed
 * for the network or the server's trouble (the guest came back offline, the refresh after a change met
 * a dropped connection) keeps what is on screen, and the query cache says so once
 * (providers.tsx); the next refresh may succeed.
 *
 * When it answers false the query has data: the type says so (a refresh error with data is typed as
 * data, which is what the screen draws).
 */
export function showsFailure<TData, TError>(
  query: UseQueryResult<TData, TError>,
): query is QueryObserverLoadingErrorResult<TData, TError> | QueryObserverRefetchErrorResult<TData, TError> {
  return query.isError && (query.data === undefined || !isTransientFailure(query.error))
}
