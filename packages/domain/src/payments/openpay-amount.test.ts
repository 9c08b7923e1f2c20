import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centavosToPesos, pesosToCentavos } from './openpay-amount.ts'

describe('centavosToPesos', () => {
  it.each([
    [123456, 1234.56],
    [1, 0.01],
    [10, 0.1],
    [100, 1],
    [0, 0],
    [2_147_483_647, 21_474_836.47],
  ])('%i → %s', (centavos, pesos) => {
    expect(centavosToPesos(centavos)).toBe(pesos)
    expect(JSON.stringify(centavosToPesos(centavos))).toBe(String(pesos))
  })

  it('refuses a fractional amount', () => {
    expect(() => centavosToPesos(1.5)).toThrow(RangeError)
  })
})

describe('pesosToCentavos', () => {
  it.each([
    [1234.56, 123456],
    [0.3, 30],
    [19.99, 1999],
    [1, 100],
    [0.01, 1],
    [1234.567, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [1e-7, null],
  ])('%s → %s', (pesos, centavos) => {
    expect(pesosToCentavos(pesos)).toBe(centavos)
  })

  it('round-trips every amount in centavos exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), (amount) => {
        expect(pesosToCentavos(centavosToPesos(amount))).toBe(amount)
      }),
    )
  })
})
