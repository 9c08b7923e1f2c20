import { describe, expect, it } from 'vitest'
import { addDays, toDayNumber } from '../shared/calendar-date.ts'
import {
  averageNightlyPrice,
  isWeekendNight,
  listPricesFor,
  nightlyRateOn,
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

  it('gives the price per night in whole pesos, the same figure as averageNightlyPrice', () => {
    // Lodging 3 × $1,000.01 plus 12 %: $3,360.03, an average of $1,120.01 a night.
    const odd: PricedCabin = { weekdayRate: 1_000_01, weekendRate: 1_000_01, seasons: [] }
    const price = priceStay(odd, '2026-11-22', '2026-11-25')
    expect(price.totalPrice).toBe(3_360_03)
    expect(price.pricePerNight).toBe(1_120_00)
    // A weekday, a Friday and a Saturday: $14,336 for 3 nights is $4,778.67 a night, shown as $4,779.
    const mixed = priceStay(
      { weekdayRate: 4_000_00, weekendRate: 4_400_00, seasons: [] },
      '2026-11-26',
      '2026-11-29',
    )
    expect(mixed.totalPrice).toBe(14_336_00)
    expect(mixed.pricePerNight).toBe(4_779_00)
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

  describe('with the host’s night prices', () => {
    const priced: PricedCabin = {
      ...cabin,
      nightRates: [
        // A Friday (weekend rate otherwise) and a night inside Navidad y Año Nuevo.
        { night: '2026-11-27', nightlyRate: 900_00 },
        { night: '2026-12-24', nightlyRate: 3_500_00 },
      ],
    }

    it('prices a night with its own price over the weekend rate', () => {
      // Thu, Fri (own price), Sat.
      const price = priceStay(priced, '2026-11-26', '2026-11-29')
      expect(price.breakdown.map((n) => n.rate)).toEqual([1_000_00, 900_00, 1_500_00])
      expect(price.lodging).toBe(3_400_00)
      expect(price.breakdown[1]?.season).toBeNull()
    })

    it('prices a night with its own price over a season, and leaves the season its other nights', () => {
      const price = priceStay(priced, '2026-12-23', '2026-12-26')
      expect(price.breakdown).toEqual([
        { night: '2026-12-23', rate: 2_000_00, season: 'Navidad y Año Nuevo' },
        { night: '2026-12-24', rate: 3_500_00, season: null },
        { night: '2026-12-25', rate: 2_000_00, season: 'Navidad y Año Nuevo' },
      ])
      expect(nightlyRateOn(priced, '2026-12-24')).toEqual({
        night: '2026-12-24',
        rate: 3_500_00,
        season: null,
      })
      expect(nightlyRateOn(priced, '2026-12-25').season).toBe('Navidad y Año Nuevo')
    })

    it('gives the same totals without listing the nights, and ignores night prices outside the stay', () => {
      const full = priceStay(priced, '2026-11-20', '2026-12-30')
      const lean = priceStay(priced, '2026-11-20', '2026-12-30', { withBreakdown: false })
      expect(lean.totalPrice).toBe(full.totalPrice)
      // A stay the night prices do not touch costs what the cabin without them charges.
      expect(priceStay(priced, '2026-11-22', '2026-11-25')).toEqual(
        priceStay(cabin, '2026-11-22', '2026-11-25'),
      )
      // The check-out day's own price is not a night of the stay.
      expect(priceStay(priced, '2026-11-26', '2026-11-27').lodging).toBe(1_000_00)
    })
  })
})

describe('averageNightlyPrice', () => {
  it.each([
    // The examples: the map showed $1,568 beside a $3,920 stay of 2 nights.
    [3_920_00, 2, 1_960_00],
    // The cabin page showed $4,032 a night; the quote's $8,064 for 2 nights agrees.
    [8_064_00, 2, 4_032_00],
    // A quote showed $4,778.67 with centavos.
    [14_336_00, 3, 4_779_00],
    [1_000_00, 1, 1_000_00],
    // Half a peso rounds up; less than half rounds down.
    [1_000_50, 1, 1_001_00],
    [1_000_49, 1, 1_000_00],
    [2_001_00, 2, 1_001_00],
    [2_000_98, 2, 1_000_00],
    [0, 3, 0],
  ])('%i centavos over %i nights → %i', (total, nights, expected) => {
    expect(averageNightlyPrice(total, nights)).toBe(expected)
  })

  it('refuses a stay without nights', () => {
    expect(() => averageNightlyPrice(1_000_00, 0)).toThrow(RangeError)
    expect(() => averageNightlyPrice(1_000_00, 1.5)).toThrow(RangeError)
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
  it('rounds the Desde price to whole pesos, the average of a one-night weekday stay', () => {
    const rates = { weekdayRate: 1_234_57, weekendRate: 1_500_00 }
    // $1,234.57 + 12 % ($148.15) = $1,382.72 → $1,383.
    expect(listPricesFor(rates).precioBaseFinal).toBe(1_383_00)
    expect(listPricesFor(rates).precioBaseFinal).toBe(
      averageNightlyPrice(priceStayWithoutSeasons({ ...rates }, toDayNumber('2026-11-23'), 1).totalPrice, 1),
    )
  })

  it('derives the spec price fields from the weekday rate', () => {
    expect(listPricesFor({ weekdayRate: 1_850_00, weekendRate: 2_200_00 })).toEqual({
      baseCost: 1_850_00,
      basePrice2nights: 4_144_00,
      precioBaseFinal: 2_072_00,
      comisionServicio: 222_00,
    })
  })
})
