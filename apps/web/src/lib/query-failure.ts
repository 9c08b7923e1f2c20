import type {
  QueryObserverLoadingErrorResult,
  QueryObserverRefetchErrorResult,
  UseQueryResult,
} from '@tanstack/react-query'
import { isApiError } from './api-client'

/**
 * A failure that may pass on its own: no connection (status 0), our request timeout (408), our rate
 * limit (429) or the server's trouble (5xx). Any other 4xx is the server's answer about the data itself
 * (gone, no longer yours), and a malformed response will not mend either.
 */
export function isPassingFailure(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500)
  )
}

/**
 * Whether a screen shows its query's failure instead of its data: always when it has no data yet; after
 * a refresh, only when the failure will not pass (a 4xx answer about the data). A refresh that failed in
 * passing (the guest came back offline, the server was busy) keeps what is on screen, with a
 * `StaleNotice` saying how old it is.
 *
 * When it answers false and the query is not pending, it has data: the type says so. (It narrows the
 * query further than that, to a success: a stale query's `isError` and `error` are not to be read after
 * it; `isStale` is.)
 */
export function showsFailure<TData, TError>(
  query: UseQueryResult<TData, TError>,
): query is QueryObserverLoadingErrorResult<TData, TError> | QueryObserverRefetchErrorResult<TData, TError> {
  return query.isError && (query.data === undefined || !isPassingFailure(query.error))
}

/**
 * Whether the data on screen may be out of date: its last refresh failed in passing, or waits for the
 * connection to come back (TanStack Query pauses a fetch while the browser says it is offline: no error
 * comes). Screens hold the actions that act on what the data says (a cancellation and its refund, a
 * transfer, an answer before a deadline) until a refresh succeeds. Never while the screen shows a refusal
 * (`showsFailure`), nor for another page's data shown while this one loads (`placeholderData`): that is
 * not this data grown old.
 */
export function isStale(query: UseQueryResult<unknown, unknown>): boolean {
  if (query.data === undefined || query.isPlaceholderData) return false
  if (query.isError) return isPassingFailure(query.error)
  return query.fetchStatus === 'paused'
}
