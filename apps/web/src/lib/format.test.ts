import { format, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'
import { describe, expect, it } from 'vitest'
import { formatLongDate, formatMonthYear, formatMxn, formatShortDate, pluralize } from './format'

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
    expect(() => formatShortDate('2026-02-30')).toThrow(RangeError)
    expect(() => formatLongDate('mañana')).toThrow(RangeError)
    expect(() => formatLongDate(new Date(Number.NaN))).toThrow(RangeError)
  })

  it('prints what date-fns printed, for every day of two years and for instants around midnight', () => {
    const inputs: Array<string | Date> = []
    for (let day = 0; day < 731; day++) {
      const date = new Date(Date.UTC(2027, 0, 1 + day))
      inputs.push(date.toISOString().slice(0, 10))
    }
    for (const instant of [
      '2026-03-08T05:59:59.999Z',
      '2026-03-08T06:00:00.000Z',
      '2026-12-31T23:30:00Z',
      '2027-01-01T00:30:00-06:00',
      '2026-06-15T12:00:00+02:00',
    ]) {
      inputs.push(instant, new Date(instant))
    }
    for (const input of inputs) {
      const date = typeof input === 'string' ? parseISO(input) : input
      expect(formatShortDate(input)).toBe(format(date, 'dd/MM/yyyy', { locale: es }))
      expect(formatLongDate(input)).toBe(format(date, "d 'de' MMMM 'de' yyyy", { locale: es }))
    }
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

describe('formatMonthYear', () => {
  it.each([
    ['2026-01', 'enero de 2026'],
    ['2026-11', 'noviembre de 2026'],
    ['2027-12', 'diciembre de 2027'],
  ])('writes %s as %s, as date-fns es does', (month, expected) => {
    expect(formatMonthYear(month)).toBe(expected)
    expect(format(parseISO(`${month}-01`), "MMMM 'de' yyyy", { locale: es })).toBe(expected)
  })
})
