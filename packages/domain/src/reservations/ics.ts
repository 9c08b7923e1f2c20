import type { CalendarDate } from '../shared/calendar-date.ts'
import { MEXICO_CITY_UTC_OFFSET_MINUTES } from '../shared/calendar-date.ts'
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '../shared/check-in.ts'

/** When a stay begins and ends on its calendar dates: one rule for every cabin (shared/check-in.ts). */
export { CHECK_IN_TIME, CHECK_OUT_TIME }

/**
 * What the calendar file asks of the calendar that opens it (RFC 5546). PUBLISH: a file to import
 * (the trip page's 'Agregar al calendario'). REQUEST and CANCEL: the mails' iTIP pair, from our
 * sending address (ORGANIZER) to the guest (ATTENDEE), which calendars (Gmail's, Outlook, Apple
 * Calendar) match by UID, ORGANIZER and SEQUENCE: the cancellation removes what the confirmation put.
 */
export type StayCalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

/** The MIME type of a stay's calendar file; the method parameter repeats the file's METHOD. */
export function stayCalendarContentType(method: StayCalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`
}

/** The domain of every event UID: stable, so a calendar updates the same event on a second import. */
const UID_DOMAIN = 'cabanas.mx'

/** Check-in and check-out are read in Mexico City, as everywhere else (shared/check-in.ts). */
export const STAY_TIME_ZONE = 'America/Mexico_City'

/** A mail address in an ORGANIZER or ATTENDEE property. */
export type CalendarAddress = { email: string; name?: string }

/** 'Cabañas MX <reservas@cabanas.mx>' or 'reservas@cabanas.mx' (a From, MAIL_FROM) → its address. */
export function calendarAddressOf(mailbox: string): CalendarAddress {
  const match = /^(.*)<([^<>]+)>\s*$/.exec(mailbox)
  if (!match) return { email: mailbox.trim() }
  const [, named = '', address = ''] = match
  const name = named.trim().replace(/^"(.*)"$/, '$1')
  return name ? { email: address.trim(), name } : { email: address.trim() }
}

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
  /** A cancelled stay is the same event (UID) with STATUS:CANCELLED and a higher SEQUENCE. */
  status?: 'confirmed' | 'cancelled'
  /**
   * Who publishes the event (ORGANIZER): the mails' From (MAIL_FROM), the same in every file of a
   * stay, as RFC 5546 asks of every method and as calendars check before they apply a CANCEL.
   */
  organizer: CalendarAddress
  /**
   * The guest a mail carries the file to (ATTENDEE): METHOD:REQUEST while confirmed, METHOD:CANCEL
   * once cancelled. Absent: a file to import, METHOD:PUBLISH.
   */
  attendee?: CalendarAddress
}

/** `reserva-1a2b3c4d.ics`: the first 8 characters of the reservation id (no personal data). */
export function stayCalendarFileName(reservationId: string): string {
  return `reserva-${reservationId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase()}.ics`
}

/** The METHOD of a stay's calendar file (see StayCalendarMethod). */
export function stayCalendarMethod(
  event: Pick<StayCalendarEvent, 'status' | 'attendee'>,
): StayCalendarMethod {
  if (!event.attendee) return 'PUBLISH'
  return event.status === 'cancelled' ? 'CANCEL' : 'REQUEST'
}

/**
 * An RFC 5545 calendar with one timed event: from the check-in date at CHECK_IN_TIME to the check-out
 * date at CHECK_OUT_TIME, both in America/Mexico_City (TZID), whose VTIMEZONE travels in the file.
 * Lines end in CRLF and are folded at 75 octets; TEXT values are escaped.
 */
export function buildStayCalendar(event: StayCalendarEvent): string {
  const cancelled = event.status === 'cancelled'
  const description = [
    `Reserva ${event.reservationId}`,
    `Entrada a partir de las ${CHECK_IN_TIME}. Salida antes de las ${CHECK_OUT_TIME}.`,
    `Detalles: ${event.tripUrl}`,
  ].join('\n')
  const attendee = event.attendee
    ? // The guest booked and paid: the stay is accepted already, and no answer is asked for.
      [
        `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE${commonName(event.attendee)}:${mailto(event.attendee)}`,
      ]
    : []
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cabañas MX//Reservas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${stayCalendarMethod(event)}`,
    ...mexicoCityTimeZone(),
    'BEGIN:VEVENT',
    `UID:${event.reservationId}@${UID_DOMAIN}`,
    `DTSTAMP:${icsUtcStamp(event.stamp)}`,
    `DTSTART;TZID=${STAY_TIME_ZONE}:${icsLocalTime(event.checkIn, CHECK_IN_TIME)}`,
    `DTEND;TZID=${STAY_TIME_ZONE}:${icsLocalTime(event.checkOut, CHECK_OUT_TIME)}`,
    `SEQUENCE:${cancelled ? 1 : 0}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER${commonName(event.organizer)}:${mailto(event.organizer)}`,
    ...attendee,
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

/**
 * America/Mexico_City as one standard observance at UTC−6 (MEXICO_CITY_UTC_OFFSET_MINUTES): it has
 * kept no daylight saving time since October 2022, and a stay is never booked in the past.
 */
function mexicoCityTimeZone(): string[] {
  const offset = icsUtcOffset(MEXICO_CITY_UTC_OFFSET_MINUTES)
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${STAY_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'TZNAME:CST',
    'END:STANDARD',
    'END:VTIMEZONE',
  ]
}

/** −360 → '-0600'. */
function icsUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const absolute = Math.abs(minutes)
  const hh = String(Math.floor(absolute / 60)).padStart(2, '0')
  const mm = String(absolute % 60).padStart(2, '0')
  return `${sign}${hh}${mm}`
}

/** ';CN="Cabañas MX"', or nothing: a quoted parameter value cannot hold a double quote (§3.1). */
function commonName(address: CalendarAddress): string {
  const name = stripControl(address.name ?? '')
    .replace(/[\n"]/g, '')
    .trim()
  return name ? `;CN="${name}"` : ''
}

/** 'mailto:reservas@cabanas.mx'; an address with spaces or control characters is refused. */
function mailto(address: CalendarAddress): string {
  if (!/^[^\s@"<>]+@[^\s@"<>]+$/.test(address.email)) throw new RangeError('Not a mail address')
  return `mailto:${address.email}`
}

/** 'yyyy-MM-dd' → 'yyyyMMdd'. */
function icsDate(date: CalendarDate): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return date.replaceAll('-', '')
}

/** A date and a wall-clock time 'HH:MM' → local 'yyyyMMddTHHmm00' (its zone is the TZID). */
function icsLocalTime(date: CalendarDate, time: string): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Not a time 'HH:MM': ${time}`)
  return `${icsDate(date)}T${time.replace(':', '')}00`
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
