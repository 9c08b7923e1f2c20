import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import { priceStay } from '../quotes/pricing.ts'
import { DomainError } from '../shared/errors.ts'
import {
  BlockNightsBodySchema,
  HostCalendarQuerySchema,
  NightPricesBodySchema,
  NightRangeBodySchema,
} from './calendar-api.ts'
import {
  CALENDAR_LIMITS,
  calendarNightPrices,
  checkNightsChange,
  calendarMessages as M,
  remainingAfterUnblock,
} from './calendar-rules.ts'

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('a range of nights', () => {
  it.each([
    ['one night', { startsOn: '2026-07-10', endsOn: '2026-07-11' }],
    ['a weekend across a month end', { startsOn: '2026-07-31', endsOn: '2026-08-02' }],
    ['across the leap day', { startsOn: '2028-02-28', endsOn: '2028-03-01' }],
    ['across the year end', { startsOn: '2026-12-31', endsOn: '2027-01-02' }],
    ['365 nights', { startsOn: '2026-07-01', endsOn: '2027-07-01' }],
  ])('accepts %s', (_name, range) => {
    expect(NightRangeBodySchema.safeParse(range).success).toBe(true)
  })

  it.each([
    ['an end on its first night', { startsOn: '2026-07-10', endsOn: '2026-07-10' }, M.order],
    ['an end before its first night', { startsOn: '2026-07-10', endsOn: '2026-07-09' }, M.order],
    ['366 nights', { startsOn: '2026-07-01', endsOn: '2027-07-02' }, M.tooLong],
    ['a day that does not exist', { startsOn: '2026-02-29', endsOn: '2026-03-02' }, M.startDate],
    ['a date with a time', { startsOn: '2026-07-10T00:00', endsOn: '2026-07-12' }, M.startDate],
    ['a missing end', { startsOn: '2026-07-10' }, M.endDate],
  ])('refuses %s with a Spanish message', (_name, range, message) => {
    expect(messageOf(NightRangeBodySchema.safeParse(range))).toBe(message)
  })

  it('refuses a field it does not know', () => {
    expect(
      NightRangeBodySchema.safeParse({ startsOn: '2026-07-10', endsOn: '2026-07-11', cabinId: 'x' }).success,
    ).toBe(false)
  })
})

describe('a block', () => {
  const weekend = { startsOn: '2026-07-10', endsOn: '2026-07-12' }

  it('takes an optional private note, trimmed, up to 200 characters, on several lines', () => {
    expect(BlockNightsBodySchema.parse(weekend)).toEqual(weekend)
    expect(BlockNightsBodySchema.parse({ ...weekend, note: '  Boda de mi prima\nVienen 6  ' }).note).toBe(
      'Boda de mi prima\nVienen 6',
    )
    expect(BlockNightsBodySchema.safeParse({ ...weekend, note: 'x'.repeat(200) }).success).toBe(true)
    expect(messageOf(BlockNightsBodySchema.safeParse({ ...weekend, note: 'x'.repeat(201) }))).toBe(M.note)
    expect(messageOf(BlockNightsBodySchema.safeParse({ ...weekend, note: 'nota\u0000' }))).toMatch(
      /caracteres no permitidos/,
    )
  })
})

describe('a night price', () => {
  const nights = { startsOn: '2026-07-10', endsOn: '2026-07-12' }

  it.each([
    [100_00, true],
    [100_000_00, true],
    [2_350_00, true],
    [99_00, false],
    [100_000_01_00, false],
    [2_350_50, false],
    [0, false],
  ])('%i centavos: accepted %s', (nightlyRate, accepted) => {
    expect(NightPricesBodySchema.safeParse({ ...nights, nightlyRate }).success).toBe(accepted)
  })

  it.each([
    [undefined, M.rateMissing],
    ['2350', M.rateWhole],
    [null, M.rateWhole],
    [0, M.rateMin],
    [-100_00, M.rateNegative],
    [100_000_01_00, M.rateMax],
    [2_350_50, M.ratePesos],
  ])('refuses %j: %s', (nightlyRate, message) => {
    expect(messageOf(NightPricesBodySchema.safeParse({ ...nights, nightlyRate }))).toBe(message)
  })
})

describe('reading the calendar', () => {
  it('reads a six-week grid, up to 93 days, never backwards', () => {
    expect(HostCalendarQuerySchema.safeParse({ from: '2026-06-28', to: '2026-08-09' }).success).toBe(true)
    expect(HostCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-09-02' }).success).toBe(true)
    expect(messageOf(HostCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-09-03' }))).toBe(
      M.readTooLong,
    )
    expect(messageOf(HostCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-06-01' }))).toBe(
      M.readOrder,
    )
  })
})

describe('checkNightsChange (today is Mexico City’s date)', () => {
  const today = '2026-06-01'
  const refusal = (range: { startsOn: string; endsOn: string }) => {
    try {
      checkNightsChange(range, today)
      return null
    } catch (error) {
      return error instanceof DomainError ? [error.code, error.message] : error
    }
  }

  it.each([
    ['tonight', { startsOn: '2026-06-01', endsOn: '2026-06-02' }, null],
    ['yesterday', { startsOn: '2026-05-31', endsOn: '2026-06-02' }, ['INVALID_DATE', M.past]],
    [
      'the last night a guest could book',
      // Arrival 730 days ahead (2028-05-31), 90 nights: check-out 2028-08-29.
      { startsOn: '2028-08-28', endsOn: '2028-08-29' },
      null,
    ],
    [
      'a night no guest can ever book',
      { startsOn: '2028-08-29', endsOn: '2028-08-30' },
      ['INVALID_DATE', M.tooFar],
    ],
  ])('%s', (_name, range, expected) => {
    expect(refusal(range)).toEqual(expected)
  })

  it('reaches as far as a guest may arrive and stay', () => {
    expect(CALENDAR_LIMITS.daysAhead).toBe(730 + 90)
  })
})

describe('calendarNightPrices', () => {
  const cabin = {
    weekdayRate: 1_000_00,
    weekendRate: 1_500_00,
    seasons: [{ name: 'Verano', startsOn: '2026-07-15', endsOn: '2026-07-20', nightlyRate: 2_000_00 }],
    nightRates: [
      { night: '2026-07-17', nightlyRate: 3_000_00 },
      { night: '2026-07-10', nightlyRate: 1_200_00 },
    ],
  }

  it('says where each night’s rate comes from, in priceStay’s order', () => {
    const nights = calendarNightPrices(cabin, '2026-07-09', '2026-07-19')
    expect(nights.map((n) => [n.date, n.rate, n.kind, n.season])).toEqual([
      ['2026-07-09', 1_000_00, 'weekday', null],
      ['2026-07-10', 1_200_00, 'custom', null],
      ['2026-07-11', 1_500_00, 'weekend', null],
      ['2026-07-12', 1_000_00, 'weekday', null],
      ['2026-07-13', 1_000_00, 'weekday', null],
      ['2026-07-14', 1_000_00, 'weekday', null],
      ['2026-07-15', 2_000_00, 'season', 'Verano'],
      ['2026-07-16', 2_000_00, 'season', 'Verano'],
      ['2026-07-17', 3_000_00, 'custom', null],
      ['2026-07-18', 2_000_00, 'season', 'Verano'],
    ])
  })

  it('agrees with the price of every stay inside the range', () => {
    const nights = calendarNightPrices(cabin, '2026-07-01', '2026-08-01')
    for (let i = 0; i < nights.length; i++) {
      for (let j = i + 1; j <= nights.length; j++) {
        const checkOut = j < nights.length ? must(nights[j], 'nights[j]').date : '2026-08-01'
        const lodging = nights.slice(i, j).reduce((sum, n) => sum + n.rate, 0)
        expect(priceStay(cabin, must(nights[i], 'nights[i]').date, checkOut).lodging).toBe(lodging)
      }
    }
  })
})

describe('remainingAfterUnblock', () => {
  const block = { startsOn: '2026-07-10', endsOn: '2026-07-20' }
  it.each([
    ['the whole block', { startsOn: '2026-07-01', endsOn: '2026-07-31' }, []],
    [
      'its first nights',
      { startsOn: '2026-07-01', endsOn: '2026-07-12' },
      [{ startsOn: '2026-07-12', endsOn: '2026-07-20' }],
    ],
    [
      'its last nights',
      { startsOn: '2026-07-18', endsOn: '2026-07-25' },
      [{ startsOn: '2026-07-10', endsOn: '2026-07-18' }],
    ],
    [
      'nights in its middle',
      { startsOn: '2026-07-12', endsOn: '2026-07-14' },
      [
        { startsOn: '2026-07-10', endsOn: '2026-07-12' },
        { startsOn: '2026-07-14', endsOn: '2026-07-20' },
      ],
    ],
    ['nights after it', { startsOn: '2026-07-20', endsOn: '2026-07-22' }, [block]],
  ])('unblocking %s leaves %j', (_name, range, expected) => {
    expect(remainingAfterUnblock(block, range)).toEqual(expected)
  })
})
