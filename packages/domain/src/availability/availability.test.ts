import { describe, expect, it } from 'vitest'
import { bookedNightsOf, isStayOpen } from './availability.ts'

describe('bookedNightsOf', () => {
  it('lists each night from check-in to the night before check-out, across the month end', () => {
    expect(
      bookedNightsOf([{ checkIn: '2026-01-30', checkOut: '2026-02-02' }], '2026-01-01', '2026-12-31'),
    ).toEqual(['2026-01-30', '2026-01-31', '2026-02-01'])
  })

  it('clips to the window and merges overlapping ranges', () => {
    const ranges = [
      { checkIn: '2026-12-30', checkOut: '2027-01-02' },
      { checkIn: '2026-12-31', checkOut: '2027-01-01' },
    ]
    expect(bookedNightsOf(ranges, '2026-12-31', '2027-01-01')).toEqual(['2026-12-31'])
  })

  it('covers the leap day', () => {
    expect(
      bookedNightsOf([{ checkIn: '2028-02-28', checkOut: '2028-03-01' }], '2028-01-01', '2029-01-01'),
    ).toEqual(['2028-02-28', '2028-02-29'])
  })
})

describe('isStayOpen', () => {
  const booked = new Set(['2026-07-10', '2026-07-11'])
  it.each([
    ['2026-07-08', '2026-07-10', true],
    ['2026-07-12', '2026-07-14', true],
    ['2026-07-09', '2026-07-11', false],
    ['2026-07-11', '2026-07-12', false],
    ['2026-07-01', '2026-07-20', false],
  ])('%s → %s is open: %s', (checkIn, checkOut, open) => {
    expect(isStayOpen(booked, checkIn, checkOut)).toBe(open)
  })
})
