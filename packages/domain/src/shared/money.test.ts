import { describe, expect, it } from 'vitest'
import { applyBasisPoints, centavos, formatMxn } from './money.ts'

describe('formatMxn', () => {
  it.each([
    [0, '$0'],
    [1_850_00, '$1,850'],
    [12_345_678_00, '$12,345,678'],
    [1_850_50, '$1,850.50'],
    [5, '$0.05'],
    [-120_00, '-$120'],
    [-1_234_567_89, '-$1,234,567.89'],
  ])('%i centavos → %s', (amount, text) => {
    expect(formatMxn(amount)).toBe(text)
  })

  it("prints what Intl's es-MX currency format prints, for amounts of every size", () => {
    const whole = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      maximumFractionDigits: 0,
    })
    const withCents = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    let seed = 7
    for (let i = 0; i < 5_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      const digits = 1 + (i % 13)
      const magnitude = Math.floor((seed / 2_147_483_648) * 10 ** digits)
      const amount = i % 7 === 0 && magnitude > 0 ? -magnitude : magnitude
      const intl = amount % 100 === 0 ? whole.format(amount / 100) : withCents.format(amount / 100)
      expect(formatMxn(amount)).toBe(intl)
    }
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
