import { addDays, type CalendarDate, mexicoCityWallClock } from '@cabanas/domain/shared'
import ICAL from 'ical.js'

/** An imported event as a range of nights: its first night and the day after its last. */
export type FeedEvent = { uid: string; startsOn: CalendarDate; endsOn: CalendarDate }

/** Events one imported calendar may bring at most (a real one has a few dozen). */
export const MAX_FEED_EVENTS = 2000

export class NotACalendarError extends Error {}

type IcalTime = InstanceType<typeof ICAL.Time>

/** A DATE as written; a UTC DATE-TIME read in Mexico City; any other DATE-TIME by its written date. */
function dateOf(time: IcalTime): CalendarDate {
  if (!time.isDate && time.zone?.tzid === 'UTC') return mexicoCityWallClock(time.toJSDate()).date
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(time.year, 4)}-${pad(time.month, 2)}-${pad(time.day, 2)}` as CalendarDate
}

/**
 * The busy events of an iCalendar text (ical.js) that end after `today` and start before `lastDay`: cancelled and transparent (free) events are left out, and an event without an end, or
 * ending on its first day, takes one night. Throws NotACalendarError on anything that is not a
 * VCALENDAR. Recurring events count by their first occurrence (the platforms export single stays).
 */
export function parseFeedEvents(
  text: string,
  { today, lastDay }: { today: CalendarDate; lastDay: CalendarDate },
): FeedEvent[] {
  let root: InstanceType<typeof ICAL.Component>
  try {
    const parsed = ICAL.parse(text)
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed)
  } catch {
    throw new NotACalendarError()
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError()
  const events: FeedEvent[] = []
  const seen = new Set<string>()
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '').slice(0, 500)
    const start = vevent.getFirstPropertyValue('dtstart')
    if (!uid || !(start instanceof ICAL.Time)) continue
    const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase()
    const transparency = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase()
    if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue
    const end = vevent.getFirstPropertyValue('dtend')
    const startsOn = dateOf(start)
    let endsOn = end instanceof ICAL.Time ? dateOf(end) : addDays(startsOn, 1)
    if (endsOn <= startsOn) endsOn = addDays(startsOn, 1)
    if (endsOn <= today || startsOn >= lastDay) continue
    // Kept as written (not cut at today): the same event is the same block from one read to the next.
    const range = { uid, startsOn, endsOn }
    const key = `${range.uid}|${range.startsOn}|${range.endsOn}`
    if (seen.has(key)) continue
    seen.add(key)
    events.push(range)
    if (events.length >= MAX_FEED_EVENTS) break
  }
  return events
}
