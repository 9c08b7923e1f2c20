import {
  HostPayoutMonthResponseSchema,
  HostPayoutsResponseSchema,
  type PayoutMonthDetail,
  type PayoutMonthSummary,
  payoutCsvFilename,
} from '@cabanas/domain/payouts'
import { apiGet, apiGetFile, bearer } from '../../lib/api-client'

const HOST_PAYOUTS = '/api/hosts/me/payouts'

/** The host's months, newest first as the API sends them. */
export async function fetchHostPayouts(token: string, signal?: AbortSignal): Promise<PayoutMonthSummary[]> {
  const { data } = await apiGet(HOST_PAYOUTS, HostPayoutsResponseSchema, {
    headers: bearer(token),
    signal,
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
      signal,
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
  const file = await apiGetFile(`${HOST_PAYOUTS}/${encodeURIComponent(month)}/csv`, 'text/csv', bearer(token))
  return { file, fileName: payoutCsvFilename(month) }
}
