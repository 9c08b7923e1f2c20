import { type OperatorHost, OperatorHostsResponseSchema } from '@cabanas/domain/hosts'
import {
  LISTING_API,
  type OperatorListingFilter,
  type OperatorListingResponse,
  OperatorListingResponseSchema,
  type OperatorListingSummary,
  OperatorListingsResponseSchema,
  type ReturnListingBody,
} from '@cabanas/domain/listings'
import {
  type OperatorPayout,
  OperatorPayoutResponseSchema,
  OperatorPayoutsResponseSchema,
  type PayoutMarkPaidRequest,
  type PayoutTransferRequest,
} from '@cabanas/domain/payouts'
import { apiGet, apiPost, bearer, type ResponseSchema } from '../../lib/api-client'

export type OperatorListing = OperatorListingResponse['listing']

const OPERATOR_HOSTS = '/api/operator/hosts'
const OPERATOR_PAYOUTS = '/api/operator/payouts'

/**
 * What an operator's action answers is not read: the console refetches the listing and the queue
 * after it (the contract names the transition, not the answer's shape).
 */
const AnyAnswer: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) }

export async function fetchOperatorListings(
  token: string,
  status: OperatorListingFilter,
  signal?: AbortSignal,
): Promise<OperatorListingSummary[]> {
  const { listings } = await apiGet(LISTING_API.operatorList, OperatorListingsResponseSchema, {
    query: { status },
    headers: bearer(token),
    signal,
  })
  return listings
}

export async function fetchOperatorListing(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<OperatorListing> {
  const { listing } = await apiGet(LISTING_API.operatorOne(id), OperatorListingResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return listing
}

export async function fetchOperatorHosts(token: string, signal?: AbortSignal): Promise<OperatorHost[]> {
  const { data } = await apiGet(OPERATOR_HOSTS, OperatorHostsResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.hosts
}

/** What an operator does to a listing; `return` carries the reason mailed to the host. */
export type ListingAction =
  | { kind: 'approve' }
  | { kind: 'return'; body: ReturnListingBody }
  | { kind: 'pause' }
  | { kind: 'unpause' }

export async function actOnListing(token: string, id: string, action: ListingAction): Promise<void> {
  const options = { headers: bearer(token) }
  switch (action.kind) {
    case 'approve':
      await apiPost(LISTING_API.approve(id), {}, AnyAnswer, options)
      return
    case 'return':
      await apiPost(LISTING_API.returnToHost(id), action.body, AnyAnswer, options)
      return
    case 'pause':
      await apiPost(LISTING_API.operatorPause(id), {}, AnyAnswer, options)
      return
    case 'unpause':
      await apiPost(LISTING_API.operatorUnpause(id), {}, AnyAnswer, options)
      return
  }
}

/** 'Pagos a anfitriones': the hosts' months owed, in progress and recently paid. */
export async function fetchOperatorPayouts(token: string, signal?: AbortSignal): Promise<OperatorPayout[]> {
  const { data } = await apiGet(OPERATOR_PAYOUTS, OperatorPayoutsResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.payouts
}

/** Paying a host's month: by transfer through the provider, or marked paid with the bank's reference. */
export type PayoutAction =
  | { kind: 'transfer'; body: PayoutTransferRequest }
  | { kind: 'mark-paid'; body: PayoutMarkPaidRequest }

export async function payOperatorPayout(
  token: string,
  { hostId, month }: { hostId: string; month: string },
  action: PayoutAction,
): Promise<string> {
  const url = `${OPERATOR_PAYOUTS}/${encodeURIComponent(hostId)}/${encodeURIComponent(month)}/${action.kind}`
  const { message } = await apiPost(url, action.body, OperatorPayoutResponseSchema, {
    headers: bearer(token),
  })
  return message
}
