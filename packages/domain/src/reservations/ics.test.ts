import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import { stayStartsAt } from '../shared/check-in.ts'
import {
  buildStayCalendar,
  calendarAddressOf,
  escapeIcsText,
  foldIcsLine,
  type StayCalendarEvent,
  stayCalendarContentType,
  stayCalendarFileName,
  stayCalendarMethod,
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
  organizer: { email: 'reservas@cabanas.mx', name: 'Cabañas MX' },
}

/** What a mail adds: the guest it goes to. */
const mail = { attendee: { email: 'ximena@correo.mx' } }

/** RFC 5545 §3.1: a CRLF followed by one space or tab joins two physical lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')

/** One component (VCALENDAR, VTIMEZONE, STANDARD, VEVENT): its content lines by name, and its children. */
type Component = { name: string; props: Map<string, string[]>; children: Component[] }

/**
 * Parses the unfolded content lines into nested components. A property is keyed by its name with
 * its parameters ('DTSTART;TZID=America/Mexico_City'), its value is what follows the first colon
 * outside a quoted parameter value.
 */
function parseCalendar(ics: string): Component {
  const root: Component = { name: '', props: new Map(), children: [] }
  const stack = [root]
  for (const line of unfold(ics).split('\r\n').filter(Boolean)) {
    const colon = must(/^(?:[^":]|"[^"]*")*:/.exec(line), '/^(?:[^":]|"[^"]*")*:/.exec(line)')[0].length - 1
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)]
    const current = must(stack.at(-1), 'stack.at(-1)')
    if (name === 'BEGIN') {
      const child: Component = { name: value, props: new Map(), children: [] }
      current.children.push(child)
      stack.push(child)
    } else if (name === 'END') {
      expect(current.name, `END:${value} closes ${current.name}`).toBe(value)
      stack.pop()
    } else {
      current.props.set(name, [...(current.props.get(name) ?? []), value])
    }
  }
  expect(stack, 'every BEGIN has its END').toEqual([root])
  expect(root.children.map((c) => c.name)).toEqual(['VCALENDAR'])
  return must(root.children[0], 'root.children[0]')
}

const child = (parent: Component, name: string) => {
  const found = parent.children.filter((c) => c.name === name)
  expect(found, `one ${name} in ${parent.name}`).toHaveLength(1)
  return must(found[0], 'found[0]')
}
const eventOf = (ics: string) => child(parseCalendar(ics), 'VEVENT')

/** UTF-8 octets, counted another way than the code under test. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '.').length

describe('buildStayCalendar', () => {
  const ics = buildStayCalendar(stay)
  const calendar = parseCalendar(ics)
  const event = child(calendar, 'VEVENT')

  it.each([
    ['VERSION', ['2.0']],
    ['PRODID', ['-//Cabañas MX//Reservas//ES']],
    ['CALSCALE', ['GREGORIAN']],
    ['METHOD', ['PUBLISH']],
  ])('the calendar has %s = %j', (name, values) => {
    expect(calendar.props.get(name)).toEqual(values)
  })

  it('holds a time zone and an event, in that order, and nothing else', () => {
    expect(calendar.children.map((c) => c.name)).toEqual(['VTIMEZONE', 'VEVENT'])
  })

  it.each([
    ['UID', ['3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b@cabanas.mx']],
    ['DTSTAMP', ['20261123T180405Z']],
    ['DTSTART;TZID=America/Mexico_City', ['20270101T150000']],
    ['DTEND;TZID=America/Mexico_City', ['20270103T120000']],
    ['STATUS', ['CONFIRMED']],
    ['SEQUENCE', ['0']],
    ['SUMMARY', ['Estancia en Cabaña El Pinar']],
    ['LOCATION', ['Mazamitla\\, Jalisco']],
    ['GEO', ['19.9156;-103.0197']],
    ['URL', ['https://cabanas.mx/reserva/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b']],
  ])('the event has %s = %j', (name, values) => {
    expect(event.props.get(name)).toEqual(values)
  })

  it('is a timed event: no all-day dates, no floating or UTC times', () => {
    const timing = [...event.props.keys()].filter((name) => /^DT(START|END)/.test(name))
    expect(timing).toEqual(['DTSTART;TZID=America/Mexico_City', 'DTEND;TZID=America/Mexico_City'])
    expect(ics).not.toContain('VALUE=DATE')
  })

  it('defines America/Mexico_City as UTC−6 all year (no daylight saving time since October 2022)', () => {
    const zone = child(calendar, 'VTIMEZONE')
    expect(zone.props.get('TZID')).toEqual(['America/Mexico_City'])
    expect(zone.children.map((c) => c.name)).toEqual(['STANDARD'])
    const standard = must(zone.children[0], 'zone.children[0]')
    expect(Object.fromEntries(standard.props)).toEqual({
      DTSTART: ['19700101T000000'],
      TZOFFSETFROM: ['-0600'],
      TZOFFSETTO: ['-0600'],
      TZNAME: ['CST'],
    })
  })

  it.each([
    ['2027-01-01', '2027-01-03'],
    ['2028-02-28', '2028-03-01'],
    ['2026-12-31', '2027-01-02'],
  ])(
    'starts %s at the instant the domain says a stay starts (check-in time, Mexico City)',
    (checkIn, checkOut) => {
      const timed = eventOf(buildStayCalendar({ ...stay, checkIn, checkOut }))
      const [start] = must(
        timed.props.get('DTSTART;TZID=America/Mexico_City'),
        "timed.props.get('DTSTART;TZID=America/Mexico_City')",
      )
      const [end] = must(
        timed.props.get('DTEND;TZID=America/Mexico_City'),
        "timed.props.get('DTEND;TZID=America/Mexico_City')",
      )
      // The local time read with the VTIMEZONE's offset.
      const instant = (local: string) =>
        new Date(
          `${local.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3T$4:$5:$6')}-06:00`,
        )
      expect(instant(must(start, 'start'))).toEqual(stayStartsAt(checkIn))
      expect(end).toBe(`${checkOut.replaceAll('-', '')}T120000`)
    },
  )

  it('is a file to import: published by the same ORGANIZER as the mails, with no ATTENDEE', () => {
    expect(event.props.get('ORGANIZER;CN="Cabañas MX"')).toEqual(['mailto:reservas@cabanas.mx'])
    expect([...event.props.keys()].some((name) => name.startsWith('ATTENDEE'))).toBe(false)
  })

  it('describes the reservation id, the check-in and check-out times and the trip page', () => {
    expect(event.props.get('DESCRIPTION')).toEqual([
      'Reserva 3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b\\nEntrada a partir de las 15:00. Salida antes de las 12:00.\\nDetalles: https://cabanas.mx/reserva/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    ])
  })

  it.each([
    ['published', stay],
    ['mailed', { ...stay, ...mail }],
    ['mailed, cancelled', { ...stay, ...mail, status: 'cancelled' as const }],
  ])('%s: every line ends with CRLF, no bare LF or CR, no physical line over 75 octets', (_name, input) => {
    const text = buildStayCalendar(input)
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const physical = text.split('\r\n')
    expect(physical.length).toBeGreaterThan(unfold(text).split('\r\n').length)
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75)
  })

  it('publishes a cancelled stay as the same event, cancelled, with a higher sequence', () => {
    const cancelled = eventOf(buildStayCalendar({ ...stay, status: 'cancelled' }))
    expect(cancelled.props.get('UID')).toEqual(event.props.get('UID'))
    expect(cancelled.props.get('STATUS')).toEqual(['CANCELLED'])
    expect(cancelled.props.get('SEQUENCE')).toEqual(['1'])
    expect(cancelled.props.get('SUMMARY')).toEqual(['Cancelada: Estancia en Cabaña El Pinar'])
  })
})

describe('buildStayCalendar, mailed (iTIP)', () => {
  const request = parseCalendar(buildStayCalendar({ ...stay, ...mail }))
  const requestEvent = child(request, 'VEVENT')
  const cancel = parseCalendar(buildStayCalendar({ ...stay, ...mail, status: 'cancelled' }))
  const cancelEvent = child(cancel, 'VEVENT')

  it('the confirmation is a REQUEST from our address to the guest, accepted already, asking no answer', () => {
    expect(request.props.get('METHOD')).toEqual(['REQUEST'])
    expect(requestEvent.props.get('ORGANIZER;CN="Cabañas MX"')).toEqual(['mailto:reservas@cabanas.mx'])
    expect(requestEvent.props.get('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE')).toEqual([
      'mailto:ximena@correo.mx',
    ])
    expect(requestEvent.props.get('STATUS')).toEqual(['CONFIRMED'])
    expect(requestEvent.props.get('SEQUENCE')).toEqual(['0'])
  })

  it('the cancellation is a CANCEL of the same event (UID), with a higher SEQUENCE, same parties and times', () => {
    expect(cancel.props.get('METHOD')).toEqual(['CANCEL'])
    expect(cancelEvent.props.get('UID')).toEqual(['3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b@cabanas.mx'])
    expect(cancelEvent.props.get('UID')).toEqual(requestEvent.props.get('UID'))
    expect(
      Number(must(cancelEvent.props.get('SEQUENCE'), "cancelEvent.props.get('SEQUENCE')")[0]),
    ).toBeGreaterThan(
      Number(must(requestEvent.props.get('SEQUENCE'), "requestEvent.props.get('SEQUENCE')")[0]),
    )
    expect(cancelEvent.props.get('STATUS')).toEqual(['CANCELLED'])
    for (const name of [
      'ORGANIZER;CN="Cabañas MX"',
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE',
      'DTSTART;TZID=America/Mexico_City',
      'DTEND;TZID=America/Mexico_City',
    ]) {
      expect(cancelEvent.props.get(name), name).toEqual(requestEvent.props.get(name))
    }
    expect(child(cancel, 'VTIMEZONE')).toEqual(child(request, 'VTIMEZONE'))
  })

  it('quotes a display name, drops what a quoted value cannot hold, and leaves out an empty one', () => {
    const odd = eventOf(
      buildStayCalendar({
        ...stay,
        organizer: { email: 'reservas@cabanas.mx', name: 'Cabañas "MX"; Reservas, Jalisco\r\n' },
        attendee: { email: 'ana@correo.mx', name: '  ' },
      }),
    )
    expect(odd.props.get('ORGANIZER;CN="Cabañas MX; Reservas, Jalisco"')).toEqual([
      'mailto:reservas@cabanas.mx',
    ])
    expect(odd.props.get('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE')).toEqual([
      'mailto:ana@correo.mx',
    ])
  })

  it.each(['', 'sin-arroba', 'a b@correo.mx', 'ana@correo.mx\r\nX-INYECTADA:1'])(
    'refuses %j as a mail address',
    (email) => {
      expect(() => buildStayCalendar({ ...stay, attendee: { email } })).toThrow(RangeError)
      expect(() => buildStayCalendar({ ...stay, organizer: { email } })).toThrow(RangeError)
    },
  )
})

describe('stayCalendarMethod and stayCalendarContentType', () => {
  it.each([
    [{}, 'PUBLISH'],
    [{ status: 'cancelled' as const }, 'PUBLISH'],
    [mail, 'REQUEST'],
    [{ ...mail, status: 'confirmed' as const }, 'REQUEST'],
    [{ ...mail, status: 'cancelled' as const }, 'CANCEL'],
  ])('%j → METHOD:%s, repeated in the MIME type', (input, method) => {
    expect(stayCalendarMethod(input)).toBe(method)
    expect(parseCalendar(buildStayCalendar({ ...stay, ...input })).props.get('METHOD')).toEqual([method])
    expect(stayCalendarContentType(stayCalendarMethod(input))).toBe(
      `text/calendar; charset=utf-8; method=${method}`,
    )
  })
})

describe('buildStayCalendar, catalogue values', () => {
  it.each([
    [{ latitude: 20.123456789, longitude: -99.000001 }, '20.123457;-99.000001'],
    [{ latitude: 0.0000001, longitude: 1e-7 }, '0;0'],
    [{ latitude: 21, longitude: -86.75 }, '21;-86.75'],
  ])('writes GEO %j as %s', (coordinates, expected) => {
    expect(eventOf(buildStayCalendar({ ...stay, ...coordinates })).props.get('GEO')).toEqual([expected])
  })

  it('escapes text from the catalogue and drops control characters', () => {
    const odd = buildStayCalendar({
      ...stay,
      cabinName: 'Cabaña "A; B, C" \\ D\r\nE\u0000',
      location: 'San José, Nuevo León',
    })
    const oddProps = eventOf(odd).props
    expect(oddProps.get('SUMMARY')).toEqual(['Estancia en Cabaña "A\\; B\\, C" \\\\ D\\nE'])
    expect(oddProps.get('LOCATION')).toEqual(['San José\\, Nuevo León'])
    expect(odd).not.toContain('\u0000')
  })

  it.each(['1/1/2027', '2027-1-01', ''])('refuses %j as a calendar date', (checkIn) => {
    expect(() => buildStayCalendar({ ...stay, checkIn })).toThrow(RangeError)
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

describe('calendarAddressOf', () => {
  it.each([
    ['Cabañas MX <reservas@cabanas.mx>', { email: 'reservas@cabanas.mx', name: 'Cabañas MX' }],
    ['"Cabañas MX" <reservas@cabanas.mx>', { email: 'reservas@cabanas.mx', name: 'Cabañas MX' }],
    ['<reservas@cabanas.mx>', { email: 'reservas@cabanas.mx' }],
    ['reservas@cabanas.mx', { email: 'reservas@cabanas.mx' }],
  ])('%j → %j', (from, expected) => {
    expect(calendarAddressOf(from)).toEqual(expected)
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
