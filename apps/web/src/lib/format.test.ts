import { describe, expect, it } from 'vitest'
import { formatLongDate, formatMxn, formatShortDate, pluralize } from './format'

describe('format', () => {
  it.each([
    ['2026-01-05', '05/01/2026', '5 de enero de 2026'],
    ['2024-02-29', '29/02/2024', '29 de febrero de 2024'],
    ['2025-12-31', '31/12/2025', '31 de diciembre de 2025'],
  ])('formats the calendar date %s in Spanish without shifting the day', (date, short, long) => {
    expect(formatShortDate(date)).toBe(short)
    expect(formatLongDate(date)).toBe(long)
  })

  it('refuses an invalid date', () => {
    expect(() => formatShortDate('2026-02-30x')).toThrow(RangeError)
  })

  it('formats centavos as pesos', () => {
    expect(formatMxn(168_000)).toBe('$1,680')
  })

  it.each([
    [1, '1 cama'],
    [0, '0 camas'],
    [3, '3 camas'],
  ])('pluralizes %i', (count, expected) => {
    expect(pluralize(count, 'cama', 'camas')).toBe(expected)
  })
})
