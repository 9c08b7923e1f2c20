import {
  CALENDAR_API,
  CalendarExportResponseSchema,
  type CalendarFeed,
  type CalendarFeedBody,
  CalendarFeedResponseSchema,
  type CalendarSyncResponse,
  CalendarSyncResponseSchema,
} from '@cabanas/domain/calendar'
import { z } from 'zod'
import { apiDelete, apiGet, apiPost, bearer } from '../../lib/api-client'

/** The export address, the imported calendars and their conflicts. */
export function fetchCalendarSync(
  token: string,
  listingId: string,
  signal?: AbortSignal,
): Promise<CalendarSyncResponse> {
  return apiGet(CALENDAR_API.sync(listingId), CalendarSyncResponseSchema, {
    headers: bearer(token),
    signal,
  })
}

/** 'Generar una nueva dirección': the old one stops working. */
export async function regenerateExportAddress(token: string, listingId: string): Promise<string> {
  const { exportUrl } = await apiPost(
    CALENDAR_API.exportAddress(listingId),
    undefined,
    CalendarExportResponseSchema,
    {
      headers: bearer(token),
    },
  )
  return exportUrl
}

export async function addCalendarFeed(
  token: string,
  listingId: string,
  body: CalendarFeedBody,
): Promise<CalendarFeed> {
  const { feed } = await apiPost(CALENDAR_API.feeds(listingId), body, CalendarFeedResponseSchema, {
    headers: bearer(token),
  })
  return feed
}

export async function removeCalendarFeed(token: string, listingId: string, feedId: string): Promise<void> {
  await apiDelete(CALENDAR_API.feed(listingId, feedId), z.unknown(), { headers: bearer(token) })
}
