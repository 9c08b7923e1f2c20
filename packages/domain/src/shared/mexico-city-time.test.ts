import { describe, expect, it } from 'vitest'
import { calendarDateIn } from './calendar-date.ts'
import { formatMexicoCityDateTime, mexicoCityInstant, mexicoCityWallClock } from './mexico-city-time.ts'

describe('Mexico City time (UTC−6 all year)', () => {
  it('puts 15:00 in Mexico City at 21:00 UTC, in winter and in summer', () => {
    expect(mexicoCityInstant('2026-12-17', '15:00').toISOString()).toBe('2026-12-17T21:00:00.000Z')
    expect(mexicoCityInstant('2026-07-01', '15:00').toISOString()).toBe('2026-07-01T21:00:00.000Z')
    expect(mexicoCityInstant('2027-01-01', '00:00').toISOString()).toBe('2027-01-01T06:00:00.000Z')
  })
  it("reads an instant back as Mexico City's date and hour, across midnight", () => {
    expect(mexicoCityWallClock(new Date('2026-12-18T05:59:00Z'))).toEqual({
      date: '2026-12-17',
      time: '23:59',
    })
    expect(mexicoCityWallClock(new Date('2026-12-18T06:00:00Z'))).toEqual({
      date: '2026-12-18',
      time: '00:00',
    })
  })
  it('agrees with the time-zone database on the date and hour, every 5 hours of this year and the next', () => {
    const database = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Mexico_City',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    // The current year and the next: a change of offset the time-zone data knows of fails here.
    const from = Date.UTC(new Date().getUTCFullYear(), 0, 1)
    for (let hour = 0; hour < 2 * 365 * 24; hour += 5) {
      const instant = new Date(from + hour * 3_600_000 + 17 * 60_000)
      const parts = database.formatToParts(instant)
      const part = (type: string) => parts.find((p) => p.type === type)?.value
      const { date, time } = mexicoCityWallClock(instant)
      expect(`${date} ${time}`).toBe(
        `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`,
      )
      expect(calendarDateIn(instant)).toBe(date)
    }
  })
  it('writes the date and hour in Spanish', () => {
    expect(formatMexicoCityDateTime(new Date('2026-12-16T21:00:00Z'))).toBe('16 de diciembre de 2026, 15:00')
    expect(formatMexicoCityDateTime(new Date('2027-03-01T15:05:00Z'))).toBe('1 de marzo de 2027, 09:05')
  })
  it('refuses a time that is not HH:MM', () => {
    expect(() => mexicoCityInstant('2026-12-17', '3 pm')).toThrow(RangeError)
    expect(() => mexicoCityInstant('2026-12-17', '24:00')).toThrow(RangeError)
  })
})
