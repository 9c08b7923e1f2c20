import {
  addDays,
  type CalendarDate,
  isCalendarDate,
  mexicoCityWallClock,
  nightsBetween,
} from '@cabanas/domain/shared'
import ICAL from 'ical.js'

/** An imported event as a range of nights: its first night and the day after its last. */
export type FeedEvent = { uid: string; startsOn: CalendarDate; endsOn: CalendarDate }

/** Events one imported calendar may bring at most (a real one has a few dozen); more fails the read. */
export const MAX_FEED_EVENTS = 2000
/** Nights one imported event may take at most: a longer one is skipped (no stay lasts a year). */
export const MAX_EVENT_NIGHTS = 366

export class NotACalendarError extends Error {}
/** More than MAX_FEED_EVENTS events to come: the read fails rather than apply part of the calendar. */
export class TooManyEventsError extends Error {}

type IcalTime = InstanceType<typeof ICAL.Time>

/** A DATE as written; a UTC DATE-TIME read in Mexico City; any other DATE-TIME by its written date. */
function dateOf(time: IcalTime): CalendarDate {
  // A UTC time at exactly midnight is a date written as a time (some platforms do): its own day, not
  // the evening before in Mexico City.
  const midnight = time.hour === 0 && time.minute === 0 && time.second === 0
  if (!time.isDate && time.zone?.tzid === 'UTC' && !midnight) return mexicoCityWallClock(time.toJSDate()).date
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(time.year, 4)}-${pad(time.month, 2)}-${pad(time.day, 2)}` as CalendarDate
}

/** The written date of a DATE or DATE-TIME value (jCal text, before ical.js normalizes it), if real. */
function writtenDate(property: InstanceType<typeof ICAL.Property> | null): CalendarDate | null {
  const raw = property?.jCal[3]
  if (typeof raw !== 'string') return null
  const date = raw.slice(0, 10)
  // Year 0000 is no date PostgreSQL stores; ical.js would roll 2026-02-31 over to March.
  return isCalendarDate(date) && !date.startsWith('0000') ? date : null
}

/** The calendar without its events, and each event's own lines (RFC 5545 lines; folds stay with them). */
function splitEvents(text: string): { skeleton: string; events: string[] } {
  const skeleton: string[] = []
  const events: string[] = []
  let current: string[] | null = null
  for (const line of text.split(/\r\n|\n|\r/)) {
    const marker = line.trim().toUpperCase()
    if (current === null && marker === 'BEGIN:VEVENT') current = [line]
    else if (current !== null) {
      current.push(line)
      if (marker === 'END:VEVENT') {
        events.push(current.join('\r\n'))
        current = null
      }
    } else skeleton.push(line)
  }
  return { skeleton: skeleton.join('\r\n'), events }
}

function parseComponent(text: string): InstanceType<typeof ICAL.Component> {
  const parsed = ICAL.parse(text)
  return new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed)
}

/**
 * The busy events of an iCalendar text (ical.js) that end after `today` and start before `lastDay`, cut
 * to [today, lastDay] (an event over 366 nights is skipped; more than MAX_FEED_EVENTS throws):
 * cancelled and transparent (free) events are left out, and an event without an end, or ending on its
 * first day, takes one night. Each event is parsed on its own: one that ical.js cannot read, or whose
 * start or end is not a real date (2026-02-31, month 13, year 0000), is skipped and counted. Throws
 * NotACalendarError when the text is not a VCALENDAR. Recurring events count by their first occurrence
 * (the platforms export single stays).
 */
export function parseFeedEvents(
  text: string,
  { today, lastDay }: { today: CalendarDate; lastDay: CalendarDate },
): { events: FeedEvent[]; skipped: number } {
  const { skeleton, events: eventTexts } = splitEvents(text)
  let root: InstanceType<typeof ICAL.Component>
  try {
    root = parseComponent(skeleton)
  } catch {
    throw new NotACalendarError()
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError()
  const events: FeedEvent[] = []
  const seen = new Set<string>()
  let skipped = 0
  for (const eventText of eventTexts) {
    let range: FeedEvent | null
    try {
      range = readEvent(parseComponent(`BEGIN:VCALENDAR\r\n${eventText}\r\nEND:VCALENDAR`))
    } catch {
      skipped += 1
      continue
    }
    if (range === null) continue
    if (nightsBetween(range.startsOn, range.endsOn) > MAX_EVENT_NIGHTS) {
      skipped += 1
      continue
    }
    if (range.endsOn <= today || range.startsOn >= lastDay) continue
    // Stored within [today, lastDay]: no night before today or past the bookable horizon is kept.
    const clamped = {
      uid: range.uid,
      startsOn: range.startsOn < today ? today : range.startsOn,
      endsOn: range.endsOn > lastDay ? lastDay : range.endsOn,
    }
    const key = `${clamped.uid}|${clamped.startsOn}|${clamped.endsOn}`
    if (seen.has(key)) continue
    seen.add(key)
    events.push(clamped)
    if (events.length > MAX_FEED_EVENTS) throw new TooManyEventsError()
  }
  return { events, skipped }
}

class BadEventError extends Error {}

/** One event's range; null when it takes no nights (cancelled, free, no UID); throws when unreadable. */
function readEvent(calendar: InstanceType<typeof ICAL.Component>): FeedEvent | null {
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new BadEventError()
  const uid = String(vevent.getFirstPropertyValue('uid') ?? '').slice(0, 500)
  const start = vevent.getFirstPropertyValue('dtstart')
  if (!uid || !(start instanceof ICAL.Time)) return null
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transparency = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase()
  if (status === 'CANCELLED' || transparency === 'TRANSPARENT') return null
  if (!writtenDate(vevent.getFirstProperty('dtstart'))) throw new BadEventError()
  const end = vevent.getFirstPropertyValue('dtend')
  if (end !== null && !(end instanceof ICAL.Time && writtenDate(vevent.getFirstProperty('dtend'))))
    throw new BadEventError()
  const startsOn = dateOf(start)
  // Without DTEND, RFC 5545's DURATION (P3D, say) gives the end.
  const duration = end === null ? vevent.getFirstPropertyValue('duration') : null
  let endsOn: CalendarDate
  if (end instanceof ICAL.Time) endsOn = dateOf(end)
  else if (duration instanceof ICAL.Duration && !duration.isNegative) {
    const until = start.clone()
    until.addDuration(duration)
    endsOn = dateOf(until)
  } else endsOn = addDays(startsOn, 1)
  if (endsOn <= startsOn) endsOn = addDays(startsOn, 1)
  return { uid, startsOn, endsOn }
}
