import type { OperatorListingFilter } from '@cabanas/domain/listings'

/**
 * The console's query keys, under the session's token (one operator never reads another's cache).
 * An action invalidates `all(token)`: the queue of every filter and the listing refetch.
 */
export const operatorKeys = {
  all: (token: string) => ['operator', token] as const,
  listings: (token: string, status: OperatorListingFilter) =>
    [...operatorKeys.all(token), 'listings', status] as const,
  listing: (token: string, id: string) => [...operatorKeys.all(token), 'listing', id] as const,
  hosts: (token: string) => [...operatorKeys.all(token), 'hosts'] as const,
  payouts: (token: string) => [...operatorKeys.all(token), 'payouts'] as const,
}
