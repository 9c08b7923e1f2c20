import { isCalendarDate, nightsBetween } from '../shared/calendar-date.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { BLOCK_SOURCES, CALENDAR_LIMITS as L, calendarMessages as M } from './calendar-rules.ts'

/*
 * The contract between the host's calendar page and the API. `:id` is the listing's uuid (the same as in
 * the listing editor's addresses); the calendar is its cabin's, so a listing without a cabin yet answers
 * 409 CONFLICT. Another host's listing answers 404, as every listing address does. Refusals are the API's
 * usual error body ({ success: false, errorType, error, message, details? }).
 */

const base = (id: string) => `/api/hosts/me/listings/${encodeURIComponent(id)}/calendar`

export const CALENDAR_API = {
  /** GET ?from&to: HostCalendarResponse, the nights of [from, to) (at most CALENDAR_LIMITS.readDays). */
  calendar: base,
  /** POST BlockNightsBody: 201 BlockResponse; 409 NOT_AVAILABLE over a reservation or another block. */
  blocks: (id: string) => `${base(id)}/blocks`,
  /** DELETE: 204, the block's nights are free again (404 when it is gone). */
  block: (id: string, blockId: string) => `${base(id)}/blocks/${encodeURIComponent(blockId)}`,
  /** POST NightRangeBody: every blocked night of the range is free again (blocks trimmed or split). */
  unblock: (id: string) => `${base(id)}/unblock`,
  /**
   * PUT NightPricesBody: each night of the range gets its own price (NightsChangedResponse).
   * DELETE ?startsOn&endsOn (NightRangeBody as a query): the nights' usual rates apply again.
   */
  nightPrices: (id: string) => `${base(id)}/night-prices`,
  /** GET: CalendarSyncResponse, the export address, the imported calendars and their conflicts. */
  sync: (id: string) => `${base(id)}/sync`,
  /** POST: CalendarExportResponse, a new export address (the old one answers 404 from now on). */
  exportAddress: (id: string) => `${base(id)}/export`,
  /** POST CalendarFeedBody: 201 CalendarFeedResponse; 409 CONFLICT past the limit or a duplicate. */
  feeds: (id: string) => `${base(id)}/feeds`,
  /** DELETE: 204, the calendar is no longer read and its blocks are gone. */
  feed: (id: string, feedId: string) => `${base(id)}/feeds/${encodeURIComponent(feedId)}`,
} as const

const dateSchema = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, { message, abort: true })

/** First night, and the day after the last (exclusive): refused backwards, empty or too long. */
const rangeShape = { startsOn: dateSchema(M.startDate), endsOn: dateSchema(M.endDate) }

function checkRange(range: { startsOn: string; endsOn: string }, ctx: z.RefinementCtx) {
  const nights = nightsBetween(range.startsOn, range.endsOn)
  if (nights < 1) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: M.order })
  else if (nights > L.rangeNights) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: M.tooLong })
}

export const NightRangeBodySchema = z.strictObject(rangeShape).superRefine(checkRange)
export type NightRangeBody = z.infer<typeof NightRangeBodySchema>

export const BlockNightsBodySchema = z
  .strictObject({
    ...rangeShape,
    /** Private to the host (never shown to guests): why the nights are closed. Optional. */
    note: textSchema('nota', { multiline: true }).trim().max(L.note, M.note).optional(),
  })
  .superRefine(checkRange)
export type BlockNightsBody = z.infer<typeof BlockNightsBodySchema>

/** A night's own price in centavos, whole pesos within the listing's limits. */
export const nightlyRateSchema = z
  .number({ error: (issue) => (issue.input === undefined ? M.rateMissing : M.rateWhole) })
  .int(M.rateWhole)
  .nonnegative(M.rateNegative)
  .min(L.nightlyRate.min, M.rateMin)
  .max(L.nightlyRate.max, M.rateMax)
  .refine((value) => value % 100 === 0, M.ratePesos)

export const NightPricesBodySchema = z
  .strictObject({
    ...rangeShape,
    /** The price of each night of the range. */
    nightlyRate: nightlyRateSchema,
  })
  .superRefine(checkRange)
export type NightPricesBody = z.infer<typeof NightPricesBodySchema>

export const HostCalendarQuerySchema = z
  .object({ from: dateSchema(M.startDate), to: dateSchema(M.endDate) })
  .superRefine((range, ctx) => {
    const days = nightsBetween(range.from, range.to)
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: M.readOrder })
    else if (days > L.readDays) ctx.addIssue({ code: 'custom', path: ['to'], message: M.readTooLong })
  })
export type HostCalendarQuery = z.infer<typeof HostCalendarQuerySchema>

/** The `:id` (listing) and `:blockId` of a block's address. */
export const CalendarBlockParamsSchema = z.object({
  id: z.string().max(100, M.listingNotFound),
  blockId: z.string().max(100, M.blockNotFound),
})

export const CalendarBlockSchema = z.object({
  id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  note: z.string(),
  source: z.enum(BLOCK_SOURCES),
})
export type CalendarBlock = z.infer<typeof CalendarBlockSchema>

/** A reservation as its host's calendar shows it: the guest's first name, nothing more of them. */
export const CalendarReservationSchema = z.object({
  id: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guestFirstName: z.string(),
  /** pending: being paid right now (its nights are held); active: confirmed; completed: past stay. */
  status: z.enum(['pending', 'active', 'completed']),
})
export type CalendarReservation = z.infer<typeof CalendarReservationSchema>

export const CalendarNightSchema = z.object({
  date: z.string(),
  /** The host's rate of the night, IVA included, without the guest's commission, in centavos. */
  rate: z.number().int(),
  kind: z.enum(['weekday', 'weekend', 'season', 'custom']),
  season: z.string().nullable(),
})

export const HostCalendarSchema = z.object({
  listingId: z.string(),
  cabinId: z.string(),
  /** The cabin's title, as guests read it. */
  cabinName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Mexico City's today: nights before it cannot be changed. */
  today: z.string(),
  rates: z.object({ weekdayRate: z.number().int(), weekendRate: z.number().int() }),
  /** Every night of [from, to), in order. */
  nights: z.array(CalendarNightSchema),
  /** Blocks that touch [from, to). */
  blocks: z.array(CalendarBlockSchema),
  /** Reservations (not cancelled) that touch [from, to). */
  reservations: z.array(CalendarReservationSchema),
})
export type HostCalendar = z.infer<typeof HostCalendarSchema>

export const HostCalendarResponseSchema = z.object({ calendar: HostCalendarSchema })
export type HostCalendarResponse = z.infer<typeof HostCalendarResponseSchema>

export const BlockResponseSchema = z.object({ block: CalendarBlockSchema })
export type BlockResponse = z.infer<typeof BlockResponseSchema>

/** How many nights a change touched: unblocked nights, or nights priced (or cleared). */
export const NightsChangedResponseSchema = z.object({ nights: z.number().int().nonnegative() })
export type NightsChangedResponse = z.infer<typeof NightsChangedResponseSchema>
