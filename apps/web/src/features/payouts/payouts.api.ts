import {
  HostPayoutMonthResponseSchema,
  HostPayoutsResponseSchema,
  type PayoutMonthDetail,
  type PayoutMonthSummary,
  payoutCsvFilename,
} from '@cabanas/domain/payouts'
import { ApiError, apiGet } from '../../lib/api-client'

const HOST_PAYOUTS = '/api/hosts/me/payouts'

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {})

/** The host's months, newest first as the API sends them. */
export async function fetchHostPayouts(token: string, signal?: AbortSignal): Promise<PayoutMonthSummary[]> {
  const { data } = await apiGet(HOST_PAYOUTS, HostPayoutsResponseSchema, {
    headers: bearer(token),
    ...withSignal(signal),
  })
  return data.months
}

/** One month, stay by stay (adjustments of paid months included). */
export async function fetchHostPayoutMonth(
  token: string,
  month: string,
  signal?: AbortSignal,
): Promise<PayoutMonthDetail> {
  const { data } = await apiGet(
    `${HOST_PAYOUTS}/${encodeURIComponent(month)}`,
    HostPayoutMonthResponseSchema,
    {
      headers: bearer(token),
      ...withSignal(signal),
    },
  )
  return data.month
}

/**
 * 'Descargar CSV': fetched rather than linked, since the token travels in a header, never in a URL.
 */
export async function fetchHostPayoutCsv(
  token: string,
  month: string,
): Promise<{ file: Blob; fileName: string }> {
  let response: Response
  try {
    response = await fetch(`${HOST_PAYOUTS}/${encodeURIComponent(month)}/csv`, {
      headers: { Accept: 'text/csv', ...bearer(token) },
    })
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'HTTP_ERROR',
      message: `HTTP Error: ${response.status}`,
    })
  }
  return { file: await response.blob(), fileName: payoutCsvFilename(month) }
}
