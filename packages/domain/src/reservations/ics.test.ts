import { describe, expect, it } from 'vitest'
import {
  buildStayCalendar,
  escapeIcsText,
  foldIcsLine,
  type StayCalendarEvent,
  stayCalendarFileName,
} from './ics.ts'

const stay: StayCalendarEvent = {
  reservationId: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  checkIn: '2027-01-01',
  checkOut: '2027-01-03',
  cabinName: 'Cabaña El Pinar',
  location: 'Mazamitla, Jalisco',
  latitude: 19.9156,
  longitude: -103.0197,
  tripUrl: 'https://cabanas.mx/reserva/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  stamp: new Date('2026-11-23T18:04:05.678Z'),
}

/** RFC 5545 §3.1: a CRLF followed by one space or tab joins two physical lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')

/** Property name (with parameters) → value, of the unfolded content lines. */
function properties(ics: string): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const line of unfold(ics).split('\r\n').filter(Boolean)) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon)
    map.set(name, [...(map.get(name) ?? []), line.slice(colon + 1)])
  }
  return map
}

/** UTF-8 octets, counted another way than the code under test. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '.').length

describe('buildStayCalendar', () => {
  const ics = buildStayCalendar(stay)
  const props = properties(ics)

  it.each([
    ['BEGIN', ['VCALENDAR', 'VEVENT']],
    ['VERSION', ['2.0']],
    ['METHOD', ['PUBLISH']],
    ['UID', ['3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b@cabanas.mx']],
    ['DTSTAMP', ['20261123T180405Z']],
    ['DTSTART;VALUE=DATE', ['20270101']],
    ['DTEND;VALUE=DATE', ['20270103']],
    ['STATUS', ['CONFIRMED']],
    ['SEQUENCE', ['0']],
    ['SUMMARY', ['Estancia en Cabaña El Pinar']],
    ['LOCATION', ['Mazamitla\\, Jalisco']],
    ['GEO', ['19.9156;-103.0197']],
    ['URL', ['https://cabanas.mx/reserva/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b']],
    ['END', ['VEVENT', 'VCALENDAR']],
  ])('has %s = %j', (name, values) => {
    expect(props.get(name)).toEqual(values)
  })

  it('describes the reservation id, the check-in and check-out times and the trip page', () => {
    expect(props.get('DESCRIPTION')).toEqual([
      'Reserva 3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b\\nEntrada a partir de las 15:00. Salida antes de las 12:00.\\nDetalles: https://cabanas.mx/reserva/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    ])
  })

  it('ends every line with CRLF, has no bare LF or CR, and no physical line over 75 octets', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const physical = ics.split('\r\n')
    expect(physical.length).toBeGreaterThan(props.size)
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75)
  })

  it('publishes a cancelled stay as the same event, cancelled, with a higher sequence', () => {
    const cancelled = properties(buildStayCalendar({ ...stay, status: 'cancelled' }))
    expect(cancelled.get('UID')).toEqual(props.get('UID'))
    expect(cancelled.get('STATUS')).toEqual(['CANCELLED'])
    expect(cancelled.get('SEQUENCE')).toEqual(['1'])
    expect(cancelled.get('SUMMARY')).toEqual(['Cancelada: Estancia en Cabaña El Pinar'])
  })

  it.each([
    [{ latitude: 20.123456789, longitude: -99.000001 }, '20.123457;-99.000001'],
    [{ latitude: 0.0000001, longitude: 1e-7 }, '0;0'],
    [{ latitude: 21, longitude: -86.75 }, '21;-86.75'],
  ])('writes GEO %j as %s', (coordinates, expected) => {
    expect(properties(buildStayCalendar({ ...stay, ...coordinates })).get('GEO')).toEqual([expected])
  })

  it('escapes text from the catalogue and drops control characters', () => {
    const odd = buildStayCalendar({
      ...stay,
      cabinName: 'Cabaña "A; B, C" \\ D\r\nE\u0000',
      location: 'San José, Nuevo León',
    })
    const oddProps = properties(odd)
    expect(oddProps.get('SUMMARY')).toEqual(['Estancia en Cabaña "A\\; B\\, C" \\\\ D\\nE'])
    expect(oddProps.get('LOCATION')).toEqual(['San José\\, Nuevo León'])
    expect(odd).not.toContain('\u0000')
  })

  it('refuses a date that is not a calendar date', () => {
    expect(() => buildStayCalendar({ ...stay, checkIn: '1/1/2027' })).toThrow(RangeError)
  })
})

describe('escapeIcsText', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\nb'],
    ['a\rb', 'a\\nb'],
    ['tab\there', 'tabhere'],
    ['ñ: ok', 'ñ: ok'],
  ])('%j → %j', (text, expected) => {
    expect(escapeIcsText(text)).toBe(expected)
  })
})

describe('foldIcsLine', () => {
  it.each([
    ['ASCII exactly 75 octets', `SUMMARY:${'a'.repeat(67)}`],
    ['ASCII of 76 octets', `SUMMARY:${'a'.repeat(68)}`],
    ['a long ASCII line', `DESCRIPTION:${'x'.repeat(400)}`],
    ['two-byte characters across the boundary', `SUMMARY:${'ñ'.repeat(80)}`],
    ['four-byte characters across the boundary', `SUMMARY:a${'🌲'.repeat(40)}`],
    ['mixed', `DESCRIPTION:Cabaña en Mazamitla — ${'árbol '.repeat(30)}`],
  ])('%s: lines of at most 75 octets, whole characters, unfolds to the original', (_name, line) => {
    const folded = foldIcsLine(line)
    const physical = folded.split('\r\n')
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75)
      if (index > 0) expect(part.startsWith(' ')).toBe(true)
      expect(part).not.toContain('\uFFFD')
    }
    expect(unfold(folded)).toBe(line)
    if (octets(line) <= 75) expect(physical).toHaveLength(1)
    else expect(physical.length).toBeGreaterThan(1)
  })

  it('leaves a line of 75 octets alone and folds one of 76 after exactly 75', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75))
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`)
  })
})

describe('stayCalendarFileName', () => {
  it.each([
    ['3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', 'reserva-3f2a9c1e.ics'],
    ['ABCDEF12-0000', 'reserva-abcdef12.ics'],
  ])('%s → %s', (id, expected) => {
    expect(stayCalendarFileName(id)).toBe(expected)
  })
})
