import { describe, expect, it } from 'vitest'
import { addDays, toDayNumber } from '../shared/calendar-date.ts'
import {
  isWeekendNight,
  listPricesFor,
  type PricedCabin,
  priceStay,
  priceStayWithoutSeasons,
} from './pricing.ts'

const cabin: PricedCabin = {
  weekdayRate: 1_000_00,
  weekendRate: 1_500_00,
  seasons: [
    { name: 'Navidad y Año Nuevo', startsOn: '2026-12-20', endsOn: '2027-01-03', nightlyRate: 2_000_00 },
  ],
}

describe('priceStay', () => {
  it('prices Sunday–Thursday nights at the weekday rate', () => {
    // 2026-11-22 is a Sunday: nights Sun, Mon, Tue.
    const price = priceStay(cabin, '2026-11-22', '2026-11-25')
    expect(price).toMatchObject({
      nights: 3,
      lodging: 3_000_00,
      serviceCommission: 360_00,
      totalPrice: 3_360_00,
    })
    expect(price.pricePerNight).toBe(1_120_00)
  })

  it('prices Friday and Saturday nights at the weekend rate', () => {
    // Thu, Fri, Sat nights.
    const price = priceStay(cabin, '2026-11-26', '2026-11-29')
    expect(price.breakdown.map((n) => n.rate)).toEqual([1_000_00, 1_500_00, 1_500_00])
    expect(price.totalPrice).toBe(4_480_00)
  })

  it('lets a season override both rates on the nights it covers, across the year end', () => {
    const price = priceStay(cabin, '2026-12-18', '2027-01-05')
    const seasonal = price.breakdown.filter((n) => n.season === 'Navidad y Año Nuevo')
    expect(seasonal).toHaveLength(14)
    expect(seasonal[0]?.night).toBe('2026-12-20')
    expect(seasonal.at(-1)?.night).toBe('2027-01-02')
    expect(price.breakdown.find((n) => n.night === '2027-01-03')?.season).toBeNull()
  })

  it('rounds the price per night to whole centavos', () => {
    const odd: PricedCabin = { weekdayRate: 1_000_01, weekendRate: 1_000_01, seasons: [] }
    const price = priceStay(odd, '2026-11-22', '2026-11-25')
    expect(Number.isInteger(price.pricePerNight)).toBe(true)
    expect(Math.abs(price.pricePerNight * 3 - price.totalPrice)).toBeLessThanOrEqual(2)
  })

  it('gives the same totals without listing the nights', () => {
    const full = priceStay(cabin, '2026-12-18', '2027-01-05')
    const lean = priceStay(cabin, '2026-12-18', '2027-01-05', { withBreakdown: false })
    expect(lean.breakdown).toEqual([])
    expect({ ...lean, breakdown: full.breakdown }).toEqual(full)
  })

  it('prices on day numbers exactly as priceStay does for stays no season touches', () => {
    const plain: PricedCabin = { weekdayRate: 1_234_57, weekendRate: 1_876_43, seasons: [] }
    for (let start = 0; start < 21; start++) {
      for (let nights = 1; nights <= 9; nights++) {
        const checkIn = addDays('2026-11-22', start)
        const listed = priceStay(plain, checkIn, addDays(checkIn, nights))
        const { breakdown: _, ...totals } = listed
        expect(priceStayWithoutSeasons(plain, toDayNumber(checkIn), nights)).toEqual(totals)
        // Outside the season, the seasonal cabin's stays price the same way.
        const early = addDays('2026-11-01', start % 7)
        expect(priceStay(cabin, early, addDays(early, nights)).totalPrice).toBe(
          priceStayWithoutSeasons(cabin, toDayNumber(early), nights).totalPrice,
        )
      }
    }
  })

  it('refuses an empty stay', () => {
    expect(() => priceStay(cabin, '2026-11-22', '2026-11-22')).toThrow(RangeError)
  })
})

describe('isWeekendNight', () => {
  it.each([
    ['2026-11-27', true],
    ['2026-11-28', true],
    ['2026-11-29', false],
    ['2026-11-26', false],
  ])('%s → %s', (night, weekend) => {
    expect(isWeekendNight(night)).toBe(weekend)
  })
})

describe('listPricesFor', () => {
  it('derives the spec price fields from the weekday rate', () => {
    expect(listPricesFor({ weekdayRate: 1_850_00, weekendRate: 2_200_00 })).toEqual({
      baseCost: 1_850_00,
      basePrice2nights: 4_144_00,
      precioBaseFinal: 2_072_00,
      comisionServicio: 222_00,
    })
  })
})
