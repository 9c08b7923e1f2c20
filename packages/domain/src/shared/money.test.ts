import { describe, expect, it } from 'vitest'
import { applyBasisPoints, centavos, formatMxn } from './money.ts'

describe('formatMxn', () => {
  it.each([
    [0, '$0'],
    [1_850_00, '$1,850'],
    [12_345_678_00, '$12,345,678'],
    [1_850_50, '$1,850.50'],
  ])('%i centavos → %s', (amount, text) => {
    expect(formatMxn(amount)).toBe(text)
  })
})

describe('applyBasisPoints', () => {
  it.each([
    [1_000_00, 1_200, 120_00],
    [333, 1_200, 40],
    [125, 1_200, 15],
    [0, 1_200, 0],
  ])('%i × %i bps = %i', (amount, bps, expected) => {
    expect(applyBasisPoints(amount, bps)).toBe(expected)
  })
})

describe('centavos', () => {
  it('refuses fractions of a centavo', () => {
    expect(() => centavos(10.5)).toThrow(RangeError)
    expect(centavos(1050)).toBe(1050)
  })
})
