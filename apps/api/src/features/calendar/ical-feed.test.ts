import { describe, expect, it } from 'vitest'
import { parseFeedEvents } from './ical-feed.ts'

const window = { today: '2026-12-01', lastDay: '2028-12-01' } as const

/** A calendar of one event with these lines (besides its UID). */
const feedOf = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Prueba//ES',
    'BEGIN:VEVENT',
    'UID:estancia-1',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n')

const nightsOf = (...lines: string[]) =>
  parseFeedEvents(feedOf(...lines), window).events.map(({ startsOn, endsOn }) => [startsOn, endsOn])

describe('parseFeedEvents', () => {
  it('reads an all-day stay as written, its end exclusive', () => {
    expect(nightsOf('DTSTART;VALUE=DATE:20261218', 'DTEND;VALUE=DATE:20261220')).toEqual([
      ['2026-12-18', '2026-12-20'],
    ])
  })

  it('ends a stay without DTEND where its DURATION says', () => {
    expect(nightsOf('DTSTART;VALUE=DATE:20261218', 'DURATION:P3D')).toEqual([['2026-12-18', '2026-12-21']])
    expect(nightsOf('DTSTART:20261218T150000Z', 'DURATION:P2DT2H')).toEqual([['2026-12-18', '2026-12-20']])
  })

  it('takes one night when there is neither an end nor a duration', () => {
    expect(nightsOf('DTSTART;VALUE=DATE:20261218')).toEqual([['2026-12-18', '2026-12-19']])
  })

  it('reads a UTC time at exactly midnight as its own day, and other UTC times by Mexico City', () => {
    expect(nightsOf('DTSTART:20261218T000000Z', 'DTEND:20261220T000000Z')).toEqual([
      ['2026-12-18', '2026-12-20'],
    ])
    // 03:00 UTC is 21:00 of the day before in Mexico City.
    expect(nightsOf('DTSTART:20261218T030000Z', 'DTEND:20261220T030000Z')).toEqual([
      ['2026-12-17', '2026-12-19'],
    ])
  })
})
