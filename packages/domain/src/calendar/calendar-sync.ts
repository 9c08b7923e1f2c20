import { foldIcsLine } from '../reservations/ics.ts'
import type { CalendarDate } from '../shared/calendar-date.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

/*
 * Issue 22, point 5: a cabin's calendar in sync with other platforms (Airbnb, Booking.com), both ways.
 * Export: a secret address per cabin serving its taken nights as an iCalendar file, no guest data.
 * Import: up to CALENDAR_SYNC_LIMITS.feedsPerCabin addresses of the same cabin elsewhere, read every
 * few minutes; their events become blocks, and an event over a reservation or block is a conflict.
 */

export const CALENDAR_SYNC_LIMITS = {
  /** Imported calendars per cabin. */
  feedsPerCabin: 5,
  /** The name the host gives an imported calendar ('Airbnb'). */
  name: 40,
  /** The address of an imported calendar. */
  url: 2000,
} as const

export const calendarSyncMessages = {
  nameMissing: 'Escribe un nombre para el calendario, p. ej. Airbnb',
  nameLong: `El nombre admite como máximo ${CALENDAR_SYNC_LIMITS.name} caracteres`,
  urlMissing: 'Pega la dirección del calendario (empieza con https://)',
  urlInvalid: 'La dirección debe empezar con https:// o http:// y ser una dirección web completa',
  urlLong: `La dirección admite como máximo ${CALENDAR_SYNC_LIMITS.url} caracteres`,
  /** 409 CONFLICT: the cabin already imports as many calendars as allowed. */
  tooManyFeeds: `Puedes importar como máximo ${CALENDAR_SYNC_LIMITS.feedsPerCabin} calendarios por cabaña. Quita uno para agregar otro.`,
  /** 409 CONFLICT: the same address is imported already. */
  duplicateFeed: 'Ese calendario ya está importado en esta cabaña.',
  feedNotFound: 'Ese calendario ya no está importado: puede que ya lo hayas quitado.',
  /** 404 of the public export address: unknown or regenerated token. */
  exportNotFound: 'Este calendario no existe o su dirección cambió.',
  /** Why a feed failed (lastError): shown to the host as is. */
  failure: {
    timeout: 'El calendario tardó demasiado en responder (más de 10 segundos).',
    tooLarge: 'El calendario es demasiado grande (más de 2 MB).',
    blockedAddress: 'La dirección apunta a una red privada o local: no se puede leer.',
    badUrl: 'La dirección no es válida o no usa http(s).',
    tooManyRedirects: 'La dirección redirige demasiadas veces.',
    unreachable: 'No pudimos conectarnos con el calendario.',
    httpStatus: (status: number) => `El calendario respondió con un error (HTTP ${status}).`,
    notCalendar: 'La respuesta no es un calendario iCal válido.',
    tooManyEvents: 'El calendario tiene demasiados eventos (más de 2,000 por venir).',
  },
} as const

/** The summary of an exported event: the same for every platform, nothing about who stays. */
export const EXPORT_SUMMARIES = { reservation: 'Reservado', block: 'No disponible' } as const

const urlSchema = z
  .string({ error: calendarSyncMessages.urlMissing })
  .trim()
  .min(1, calendarSyncMessages.urlMissing)
  .max(CALENDAR_SYNC_LIMITS.url, calendarSyncMessages.urlLong)
  .refine(isHttpUrl, calendarSyncMessages.urlInvalid)

/** http(s) with a host: webcal:// and the like are refused (the host copies the https address). */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0
}

export const CalendarFeedBodySchema = z.strictObject({
  name: textSchema('nombre', { required: calendarSyncMessages.nameMissing })
    .trim()
    .min(1, calendarSyncMessages.nameMissing)
    .max(CALENDAR_SYNC_LIMITS.name, calendarSyncMessages.nameLong),
  url: urlSchema,
})
export type CalendarFeedBody = z.infer<typeof CalendarFeedBodySchema>

export const CalendarFeedParamsSchema = z.object({
  id: z.string().max(100),
  feedId: z.string().max(100, calendarSyncMessages.feedNotFound),
})

export const CalendarFeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The other platform's address, shown to the cabin's host only. */
  url: z.string(),
  /** pending: never read yet; ok: the last read worked; error: it failed (lastError says why). */
  status: z.enum(['pending', 'ok', 'error']),
  lastSyncedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
})
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>

/** An event of an imported calendar that could not become a block: its nights were taken already. */
export const CalendarConflictSchema = z.object({
  id: z.string(),
  feedId: z.string(),
  feedName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** What holds the nights here: a reservation or another block. */
  over: z.enum(['reservation', 'block']),
  detectedAt: z.string(),
})
export type CalendarConflict = z.infer<typeof CalendarConflictSchema>

export const CalendarSyncResponseSchema = z.object({
  /** The secret address other platforms read; changing it breaks the old one. */
  exportUrl: z.string(),
  feeds: z.array(CalendarFeedSchema),
  conflicts: z.array(CalendarConflictSchema),
})
export type CalendarSyncResponse = z.infer<typeof CalendarSyncResponseSchema>

export const CalendarExportResponseSchema = z.object({ exportUrl: z.string() })
export type CalendarExportResponse = z.infer<typeof CalendarExportResponseSchema>

export const CalendarFeedResponseSchema = z.object({ feed: CalendarFeedSchema })
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>

export type ExportEvent = {
  /** Stable across reads: the reservation's or block's id. */
  id: string
  kind: 'reservation' | 'block'
  startsOn: CalendarDate
  endsOn: CalendarDate
}

const compactDate = (date: CalendarDate) => date.replaceAll('-', '')

/**
 * The cabin's taken nights as an RFC 5545 calendar of all-day events (DTSTART/DTEND VALUE=DATE, DTEND
 * exclusive like our ranges), one per reservation or block, with stable UIDs and no guest data.
 */
export function buildCabinExportCalendar({
  cabinId,
  events,
  stamp,
}: {
  cabinId: string
  events: readonly ExportEvent[]
  /** DTSTAMP: passed in, so the function stays pure. */
  stamp: Date
}): string {
  const dtstamp = `${stamp.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cabañas MX//Calendario de cabaña//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:Cabañas MX ${cabinId.slice(0, 8)}`,
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.kind}-${event.id}@cabanas.mx`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.startsOn)}`,
      `DTEND;VALUE=DATE:${compactDate(event.endsOn)}`,
      `SUMMARY:${EXPORT_SUMMARIES[event.kind]}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}
