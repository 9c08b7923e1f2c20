import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import {
  buildPayoutReport,
  HOST_COMMISSION_BPS,
  type LedgerReservation,
  monthOf,
  nextMonth,
  type PaidMonth,
  splitStay,
} from './payout-ledger.ts'

function stay(overrides: Partial<LedgerReservation> & { id: string; checkOut: string }): LedgerReservation {
  return {
    cabinName: 'Cabaña del Bosque',
    checkIn: '2026-05-01',
    totalPrice: 3_360_00,
    serviceCommission: 360_00,
    refunded: 0,
    ...overrides,
  }
}

describe('splitStay', () => {
  it('gives the host the lodging and the marketplace the service fee (no host commission today)', () => {
    expect(HOST_COMMISSION_BPS).toBe(0)
    expect(splitStay({ totalPrice: 3_360_00, serviceCommission: 360_00, refunded: 0 })).toEqual({
      guestPaid: 3_360_00,
      refunded: 0,
      serviceFee: 360_00,
      hostCommission: 0,
      hostAmount: 3_000_00,
      marketplaceIncome: 360_00,
    })
  })

  it('leaves nothing to anyone after a full refund', () => {
    expect(splitStay({ totalPrice: 3_360_00, serviceCommission: 360_00, refunded: 3_360_00 })).toMatchObject({
      hostAmount: 0,
      marketplaceIncome: 0,
      refunded: 3_360_00,
    })
  })

  it.each([
    [1_000_01, 107_15, 333_33],
    [99, 11, 1],
    [3_360_00, 360_00, 1_680_00],
  ])(
    'splits a partial refund in proportion, to the centavo (%i paid, %i fee, %i refunded)',
    (total, fee, refund) => {
      const split = splitStay({ totalPrice: total, serviceCommission: fee, refunded: refund })
      expect(split.hostAmount + split.marketplaceIncome).toBe(total - refund)
      expect(Number.isInteger(split.serviceFee)).toBe(true)
    },
  )
})

describe('months', () => {
  it.each([
    ['2026-05-31', '2026-05'],
    ['2028-02-29', '2028-02'],
    ['2026-12-31', '2026-12'],
  ])('a stay checking out on %s counts in %s', (date, month) => {
    expect(monthOf(date)).toBe(month)
  })

  it.each([
    ['2026-12', '2027-01'],
    ['2026-01', '2026-02'],
    ['2026-09', '2026-10'],
  ])('the month after %s is %s', (month, next) => {
    expect(nextMonth(month)).toBe(next)
  })
})

describe('buildPayoutReport', () => {
  it('groups stays by the month of their check-out, newest month first', () => {
    const report = buildPayoutReport(
      [
        stay({ id: 'a', checkIn: '2026-04-29', checkOut: '2026-05-01' }),
        stay({ id: 'b', checkOut: '2026-04-30', checkIn: '2026-04-28' }),
        stay({ id: 'c', checkOut: '2026-05-20', checkIn: '2026-05-18' }),
      ],
      [],
    )
    expect(report.map((month) => [month.month, month.lines.map((line) => line.reservationId)])).toEqual([
      ['2026-05', ['a', 'c']],
      ['2026-04', ['b']],
    ])
    expect(must(report[0], 'report[0]').totals.hostAmount).toBe(6_000_00)
  })

  it('keeps a paid month as it was paid and carries a later refund to the next unpaid month', () => {
    const paidLine = {
      ...splitStay(stay({ id: 'a', checkOut: '2026-04-10' })),
      kind: 'stay' as const,
      reservationId: 'a',
      cabinName: 'Cabaña del Bosque',
      checkIn: '2026-04-08',
      checkOut: '2026-04-10',
      adjusts: null,
    }
    const paid: PaidMonth[] = [
      { month: '2026-04', lines: [paidLine] },
      { month: '2026-05', lines: [] },
    ]
    const report = buildPayoutReport(
      [stay({ id: 'a', checkIn: '2026-04-08', checkOut: '2026-04-10', refunded: 3_360_00 })],
      paid,
    )
    const april = must(
      report.find((month) => month.month === '2026-04'),
      "report.find((month) => month.month === '2026-04')",
    )
    expect(april.frozen).toBe(true)
    expect(april.totals.hostAmount).toBe(3_000_00)
    const june = must(
      report.find((month) => month.month === '2026-06'),
      "report.find((month) => month.month === '2026-06')",
    )
    expect(june.lines).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        adjusts: '2026-04',
        hostAmount: -3_000_00,
        refunded: 3_360_00,
        guestPaid: 0,
      }),
    ])
  })

  it('does not count a paid stay twice once its adjustment is paid too', () => {
    const base = { reservationId: 'a', cabinName: 'X', checkIn: '2026-04-08', checkOut: '2026-04-10' }
    const paid: PaidMonth[] = [
      {
        month: '2026-04',
        lines: [
          {
            ...splitStay({ totalPrice: 1_000_00, serviceCommission: 100_00, refunded: 0 }),
            ...base,
            kind: 'stay',
            adjusts: null,
          },
        ],
      },
      {
        month: '2026-05',
        lines: [
          {
            guestPaid: 0,
            refunded: 1_000_00,
            serviceFee: -100_00,
            hostCommission: 0,
            hostAmount: -900_00,
            marketplaceIncome: -100_00,
            ...base,
            kind: 'adjustment',
            adjusts: '2026-04',
          },
        ],
      },
    ]
    const report = buildPayoutReport(
      [{ id: 'a', ...base, totalPrice: 1_000_00, serviceCommission: 100_00, refunded: 1_000_00 }],
      paid,
    )
    expect(report.filter((month) => !month.frozen)).toEqual([])
  })

  it('carries a stay of a month already paid, learnt late, to the next unpaid month', () => {
    const report = buildPayoutReport(
      [stay({ id: 'late', checkOut: '2026-04-15' })],
      [{ month: '2026-04', lines: [] }],
    )
    expect(
      must(
        report.find((month) => month.month === '2026-05'),
        "report.find((month) => month.month === '2026-05')",
      ).lines[0],
    ).toMatchObject({
      kind: 'adjustment',
      adjusts: '2026-04',
      hostAmount: 3_000_00,
    })
  })

  const reservation = fc.record({
    totalPrice: fc.integer({ min: 1, max: 50_000_000_00 }),
    feeRatio: fc.integer({ min: 0, max: 2_000 }),
    refundRatio: fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
    day: fc.integer({ min: 0, max: 700 }),
  })

  it('adds up to what guests paid minus refunds, to the centavo, whatever was paid when', () => {
    fc.assert(
      fc.property(
        fc.array(reservation, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 60 }),
        (rows, refundLater, laterRatios) => {
          const date = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10)
          const stays = rows.map((row, index) => {
            const serviceCommission = Math.floor((row.totalPrice * row.feeRatio) / 10_000)
            return {
              id: `r${index}`,
              cabinName: 'C',
              checkIn: date(row.day),
              checkOut: date(row.day + 2),
              totalPrice: row.totalPrice,
              serviceCommission,
              refunded: Math.floor((row.totalPrice * row.refundRatio) / 10_000),
            }
          })
          // Pay some months as the report stood, then refund more and report again.
          const first = buildPayoutReport(stays, [])
          const paidMonths = new Set(refundLater.map((day) => monthOf(date(day))))
          const paid = first
            .filter((month) => paidMonths.has(month.month))
            .map((month) => ({ month: month.month, lines: month.lines }))
          const later = stays.map((s, index) => {
            const ratio = laterRatios[index]
            return ratio === undefined
              ? s
              : { ...s, refunded: Math.max(s.refunded, Math.floor((s.totalPrice * ratio) / 10_000)) }
          })
          const report = buildPayoutReport(later, paid)
          const kept = later.reduce((sum, s) => sum + s.totalPrice - s.refunded, 0)
          const host = report.reduce((sum, month) => sum + month.totals.hostAmount, 0)
          const marketplace = report.reduce((sum, month) => sum + month.totals.marketplaceIncome, 0)
          expect(host + marketplace).toBe(kept)
          for (const month of report) {
            for (const line of month.lines) {
              expect(
                Number.isSafeInteger(line.hostAmount) && Number.isSafeInteger(line.marketplaceIncome),
              ).toBe(true)
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
