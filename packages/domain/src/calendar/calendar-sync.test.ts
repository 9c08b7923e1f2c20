import { describe, expect, it } from 'vitest'
import { buildCabinExportCalendar, CalendarFeedBodySchema, calendarSyncMessages } from './calendar-sync.ts'

describe('buildCabinExportCalendar', () => {
  it('writes all-day events with stable UIDs and no guest data, lines ending in CRLF', () => {
    const text = buildCabinExportCalendar({
      cabinId: '8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
      events: [
        { id: 'r1', kind: 'reservation', startsOn: '2026-12-31', endsOn: '2027-01-02' },
        { id: 'b1', kind: 'block', startsOn: '2028-02-28', endsOn: '2028-03-01' },
      ],
      stamp: new Date('2026-06-01T12:00:00Z'),
    })
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.trimEnd().split('\r\n')
    expect(lines).toContain('UID:reservation-r1@cabanas.mx')
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231')
    expect(lines).toContain('DTEND;VALUE=DATE:20270102')
    expect(lines).toContain('SUMMARY:Reservado')
    expect(lines).toContain('UID:block-b1@cabanas.mx')
    expect(lines).toContain('DTEND;VALUE=DATE:20280301')
    expect(lines).toContain('SUMMARY:No disponible')
    expect(lines).toContain('DTSTAMP:20260601T120000Z')
  })

  it('is a valid empty calendar when nothing is taken', () => {
    const text = buildCabinExportCalendar({ cabinId: 'c', events: [], stamp: new Date(0) })
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/)
    expect(text).not.toContain('VEVENT')
  })
})

describe('CalendarFeedBodySchema', () => {
  it.each([
    [{ name: 'Airbnb', url: 'https://www.airbnb.mx/calendar/ical/1.ics?s=x' }, null],
    [{ name: 'Booking', url: 'http://admin.booking.com/x.ics' }, null],
    [{ name: '  ', url: 'https://a.mx/x.ics' }, calendarSyncMessages.nameMissing],
    [{ name: 'A', url: 'webcal://a.mx/x.ics' }, calendarSyncMessages.urlInvalid],
    [{ name: 'A', url: 'ftp://a.mx/x.ics' }, calendarSyncMessages.urlInvalid],
    [{ name: 'A', url: '' }, calendarSyncMessages.urlMissing],
    [{ name: 'A\u0007', url: 'https://a.mx/x.ics' }, 'control'],
  ])('%j → %s', (body, message) => {
    const parsed = CalendarFeedBodySchema.safeParse(body)
    if (message === null) expect(parsed.success).toBe(true)
    else
      expect(JSON.stringify(parsed.error?.issues)).toContain(message === 'control' ? 'caracteres' : message)
  })
})
