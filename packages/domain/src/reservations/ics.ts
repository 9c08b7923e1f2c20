import type { CalendarDate } from '../shared/calendar-date.ts'
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '../shared/check-in.ts'

/** When a stay begins and ends on its calendar dates: one rule for every cabin (shared/check-in.ts). */
export { CHECK_IN_TIME, CHECK_OUT_TIME }

/** The MIME type of a stay's calendar file (a published event, not an invitation). */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH'

/** The domain of every event UID: stable, so a calendar updates the same event on a second import. */
const UID_DOMAIN = 'cabanas.mx'

export type StayCalendarEvent = {
  reservationId: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  cabinName: string
  /** 'población, estado'. */
  location: string
  latitude: number
  longitude: number
  /** The trip page, without any secret: calendars get shared and synced. */
  tripUrl: string
  /** When the file is made (DTSTAMP): passed in, so the function stays pure. */
  stamp: Date
  /** A cancelled stay is published again with STATUS:CANCELLED and a higher SEQUENCE. */
  status?: 'confirmed' | 'cancelled'
}

/** `reserva-1a2b3c4d.ics`: the first 8 characters of the reservation id (no personal data). */
export function stayCalendarFileName(reservationId: string): string {
  return `reserva-${reservationId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase()}.ics`
}

/**
 * An RFC 5545 calendar with one all-day event spanning the stay: DTSTART is the check-in date and
 * DTEND (exclusive) the check-out date, both VALUE=DATE, so no time zone can shift a night. Lines end
 * in CRLF and are folded at 75 octets; TEXT values are escaped.
 */
export function buildStayCalendar(event: StayCalendarEvent): string {
  const cancelled = event.status === 'cancelled'
  const description = [
    `Reserva ${event.reservationId}`,
    `Entrada a partir de las ${CHECK_IN_TIME}. Salida antes de las ${CHECK_OUT_TIME}.`,
    `Detalles: ${event.tripUrl}`,
  ].join('\n')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cabañas MX//Reservas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.reservationId}@${UID_DOMAIN}`,
    `DTSTAMP:${icsUtcStamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${icsDate(event.checkIn)}`,
    `DTEND;VALUE=DATE:${icsDate(event.checkOut)}`,
    `SEQUENCE:${cancelled ? 1 : 0}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeIcsText(`${cancelled ? 'Cancelada: ' : ''}Estancia en ${event.cabinName}`)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `GEO:${icsCoordinate(event.latitude)};${icsCoordinate(event.longitude)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `URL:${stripControl(event.tripUrl)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}

/** 'yyyy-MM-dd' → 'yyyyMMdd'. */
function icsDate(date: CalendarDate): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return date.replaceAll('-', '')
}

/** An instant as UTC 'yyyyMMddTHHmmssZ'. */
function icsUtcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** Decimal degrees with at most 6 decimals (about 10 cm), never an exponent. */
function icsCoordinate(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a coordinate: ${value}`)
  return String(Number(value.toFixed(6)))
}

/** Control characters other than the line feed have no place in a calendar (RFC 5545 §3.3.11). */
function stripControl(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
}

/** A TEXT value: backslash, semicolon and comma escaped, every line break as '\n'. */
export function escapeIcsText(text: string): string {
  return stripControl(text.replace(/\r\n?/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
}

/** Octets of one code point in UTF-8. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/**
 * Folds a content line so no physical line exceeds 75 octets (CRLF excluded): each continuation
 * starts with one space, which counts. Never splits a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  let limit = 75
  for (const char of line) {
    const size = utf8Octets(char)
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = 74
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}
