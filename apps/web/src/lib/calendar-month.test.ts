import { SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'
import type { Day, Month } from 'date-fns'
import { es } from 'date-fns/locale/es'
import { describe, expect, it } from 'vitest'
import {
  addMonths,
  longDayName,
  MONTH_ABBREVIATIONS,
  monthGrid,
  monthTitle,
  shortDayName,
  shortRangeName,
  todayInMexico,
  WEEKDAY_NAMES,
} from './calendar-month'

describe('the Spanish names written by hand', () => {
  const months = Array.from({ length: 12 }, (_, index) => index as Month)
  const days = Array.from({ length: 7 }, (_, index) => index as Day)

  it("are date-fns' es locale's words, letter for letter", () => {
    expect(SPANISH_MONTH_NAMES).toEqual(months.map((month) => es.localize.month(month, { width: 'wide' })))
    expect(MONTH_ABBREVIATIONS).toEqual(
      months.map((month) => es.localize.month(month, { width: 'abbreviated' })),
    )
    expect(WEEKDAY_NAMES).toEqual(days.map((day) => es.localize.day(day, { width: 'wide' })))
  })
})

describe('monthGrid', () => {
  it.each([
    // July 2026 starts on a Wednesday: the grid opens on Sunday 28 June.
    [{ year: 2026, month: 7 }, '2026-06-28', '2026-08-08'],
    // November 2026 starts on a Sunday: no day of October is drawn.
    [{ year: 2026, month: 11 }, '2026-11-01', '2026-12-12'],
    // February of a leap year.
    [{ year: 2028, month: 2 }, '2028-01-30', '2028-03-11'],
    // Across the year end.
    [{ year: 2026, month: 12 }, '2026-11-29', '2027-01-09'],
  ])('draws 42 days from the Sunday on or before the 1st of %o', (month, first, last) => {
    const grid = monthGrid(month)
    expect(grid).toHaveLength(42)
    expect(grid[0]).toBe(first)
    expect(grid[41]).toBe(last)
  })
})

describe('month arithmetic and names', () => {
  it.each([
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 7 }, 0, { year: 2026, month: 7 }],
  ])('%o + %i months = %o', (month, count, expected) => {
    expect(addMonths(month, count)).toEqual(expected)
  })

  it('names months and days in Spanish', () => {
    expect(monthTitle({ year: 2026, month: 9 })).toBe('Septiembre 2026')
    expect(longDayName('2026-07-12')).toBe('domingo, 12 de julio de 2026')
    expect(shortDayName('2026-08-02')).toBe('2 ago')
    expect(shortRangeName('2026-07-12', '2026-07-14')).toBe('12 – 14 jul')
    expect(shortRangeName('2026-07-30', '2026-08-02')).toBe('30 jul – 2 ago')
  })

  it("takes today's date in Mexico City", () => {
    expect(todayInMexico(new Date('2026-07-01T03:00:00Z'))).toBe('2026-06-30')
  })
})
