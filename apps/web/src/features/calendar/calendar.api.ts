import {
  type BlockNightsBody,
  BlockResponseSchema,
  CALENDAR_API,
  type CalendarBlock,
  type HostCalendar,
  HostCalendarResponseSchema,
  type NightPricesBody,
  type NightRangeBody,
  NightsChangedResponseSchema,
} from '@cabanas/domain/calendar'
import { z } from 'zod'
import { apiDelete, apiGet, apiPost, apiPut, bearer } from '../../lib/api-client'

/** The nights of [from, to) of a published cabin's calendar, by its listing's id. */
export async function fetchHostCalendar(
  token: string,
  listingId: string,
  { from, to }: { from: string; to: string },
  signal?: AbortSignal,
): Promise<HostCalendar> {
  const { calendar } = await apiGet(CALENDAR_API.calendar(listingId), HostCalendarResponseSchema, {
    headers: bearer(token),
    query: { from, to },
    signal,
  })
  return calendar
}

export async function blockNights(
  token: string,
  listingId: string,
  body: BlockNightsBody,
): Promise<CalendarBlock> {
  const { block } = await apiPost(CALENDAR_API.blocks(listingId), body, BlockResponseSchema, {
    headers: bearer(token),
  })
  return block
}

/** 'Quitar bloqueo': the block's nights from today on are free again (204). */
export async function removeBlock(token: string, listingId: string, blockId: string): Promise<void> {
  await apiDelete(CALENDAR_API.block(listingId, blockId), z.unknown(), { headers: bearer(token) })
}

/** 'Desbloquear': every blocked night of the range is free again; answers how many were freed. */
export async function unblockNights(
  token: string,
  listingId: string,
  range: NightRangeBody,
): Promise<number> {
  const { nights } = await apiPost(CALENDAR_API.unblock(listingId), range, NightsChangedResponseSchema, {
    headers: bearer(token),
  })
  return nights
}

export async function setNightPrices(
  token: string,
  listingId: string,
  body: NightPricesBody,
): Promise<number> {
  const { nights } = await apiPut(CALENDAR_API.nightPrices(listingId), body, NightsChangedResponseSchema, {
    headers: bearer(token),
  })
  return nights
}

/** 'Quitar precio especial': the nights' usual rates apply again. */
export async function clearNightPrices(
  token: string,
  listingId: string,
  range: NightRangeBody,
): Promise<number> {
  const { nights } = await apiDelete(CALENDAR_API.nightPrices(listingId), NightsChangedResponseSchema, {
    headers: bearer(token),
    query: range,
  })
  return nights
}
