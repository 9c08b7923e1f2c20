import { describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  addDays,
  calendarDateIn,
  dayOfWeek,
  fromDayNumber,
  isCalendarDate,
  nightsBetween,
  toDayNumber,
} from './calendar-date.ts'

describe('nightsBetween', () => {
  it.each([
    ['2026-07-01', '2026-07-02', 1],
    ['2026-07-01', '2026-07-08', 7],
    ['2026-01-31', '2026-02-01', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2028-02-29', '2028-03-01', 1],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-12-30', '2027-01-02', 3],
    ['2026-04-04', '2026-04-06', 2],
    ['2026-10-31', '2026-11-02', 2],
    ['2026-07-05', '2026-07-05', 0],
    ['2026-07-05', '2026-07-03', -2],
  ])('%s → %s is %i nights', (checkIn, checkOut, nights) => {
    expect(nightsBetween(checkIn, checkOut)).toBe(nights)
  })
})

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-06-15', 0, '2026-06-15'],
  ])('%s + %i = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
  })
})

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true)
  })
  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '26-01-01',
    '2026-1-1',
    '2026-01-01T00:00',
    '',
  ])('rejects %s', (date) => {
    expect(isCalendarDate(date)).toBe(false)
  })
})

describe('dayOfWeek', () => {
  it.each([
    ['2026-11-22', 0],
    ['2026-11-27', 5],
    ['2026-11-28', 6],
    ['2028-02-29', 2],
  ])('%s is day %i', (date, day) => {
    expect(dayOfWeek(date)).toBe(day)
  })
})

describe('calendarDateIn', () => {
  it("uses Mexico City's date, not UTC's", () => {
    // 03:00 UTC on 1 July is still 30 June in Mexico City (UTC−6).
    expect(calendarDateIn(new Date('2026-07-01T03:00:00Z'))).toBe('2026-06-30')
    expect(calendarDateIn(new Date('2026-07-01T06:00:00Z'))).toBe('2026-07-01')
  })
  it('crosses the year end at Mexico City midnight', () => {
    expect(calendarDateIn(new Date('2027-01-01T05:59:59Z'))).toBe('2026-12-31')
    expect(calendarDateIn(new Date('2027-01-01T06:00:00Z'))).toBe('2027-01-01')
  })
  it('reads Mexico City without a date formatter (no ICU data to load while a page starts)', () => {
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    const built = vi.spyOn(Intl, 'DateTimeFormat')
    onTestFinished(() => {
      built.mockRestore()
      formatted.mockRestore()
    })
    expect(calendarDateIn(new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28')
    expect(built).not.toHaveBeenCalled()
    expect(formatted).not.toHaveBeenCalled()
  })
  it('reads instants before 1970 and at the last millisecond of a day, and refuses an invalid one', () => {
    expect(calendarDateIn(new Date(-1))).toBe('1969-12-31')
    expect(calendarDateIn(new Date('2026-12-18T05:59:59.999Z'))).toBe('2026-12-17')
    expect(() => calendarDateIn(new Date('no es fecha'))).toThrow(RangeError)
  })
  it('reads any other time zone from the time-zone database', () => {
    // 05:00 UTC: Cancún (UTC−5 all year) is at midnight, Tijuana (UTC−8 in winter) still the day before.
    expect(calendarDateIn(new Date('2026-12-18T05:00:00Z'), 'America/Cancun')).toBe('2026-12-18')
    expect(calendarDateIn(new Date('2026-12-18T05:00:00Z'), 'America/Tijuana')).toBe('2026-12-17')
  })
})

describe('day numbers', () => {
  it.each([
    ['1970-01-01', 0],
    ['1969-12-31', -1],
    ['2000-03-01', 11_017],
    ['2026-11-22', 20_779],
    ['2028-02-29', 21_243],
  ])('%s is day %i', (date, dayNumber) => {
    expect(toDayNumber(date)).toBe(dayNumber)
    expect(fromDayNumber(dayNumber)).toBe(date)
  })

  it('round-trips every day from 1999 to 2031 and agrees with Date', () => {
    const start = toDayNumber('1999-01-01')
    for (let n = start; n < start + 33 * 366; n++) {
      const iso = new Date(n * 86_400_000).toISOString().slice(0, 10)
      expect(fromDayNumber(n)).toBe(iso)
      expect(toDayNumber(iso)).toBe(n)
    }
  })
})
