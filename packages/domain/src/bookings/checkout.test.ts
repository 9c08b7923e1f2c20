import { describe, expect, it } from 'vitest'
import { ivaSplit, nightlyLine } from './checkout.ts'

describe('ivaSplit', () => {
  it.each([
    // The example: 84 % / 16 % of $7,616 showed an IVA of $1,218.56.
    { total: 7_616_00, subtotal: 6_565_52, iva: 1_050_48 },
    // Exact: $116 is $100 plus $16 of IVA.
    { total: 116_00, subtotal: 100_00, iva: 16_00 },
    { total: 1_160_00, subtotal: 1_000_00, iva: 160_00 },
    // $8,064 × 16 / 116 = $1,112.2758… → $1,112.28.
    { total: 8_064_00, subtotal: 6_951_72, iva: 1_112_28 },
    // $3,920 × 16 / 116 = $540.6896… → $540.69.
    { total: 3_920_00, subtotal: 3_379_31, iva: 540_69 },
    // Half a centavo rounds up: 29 × 16 / 116 = 4.
    { total: 29, subtotal: 25, iva: 4 },
    { total: 1, subtotal: 1, iva: 0 },
    { total: 0, subtotal: 0, iva: 0 },
  ])('$total centavos include $iva of IVA on a subtotal of $subtotal', ({ total, subtotal, iva }) => {
    expect(ivaSplit(total)).toEqual({ subtotal, iva })
  })

  it('adds up to the total and is 16 % of the subtotal, to the centavo', () => {
    for (let total = 0; total <= 50_000; total += 7) {
      const { subtotal, iva } = ivaSplit(total)
      expect(subtotal + iva).toBe(total)
      expect(Math.abs(iva - subtotal * 0.16)).toBeLessThanOrEqual(1)
    }
  })
})

describe('nightlyLine', () => {
  it.each([
    // $3,400 × 2 nights + 12 %: the total of $7,616 holds $816 of commission.
    { total: 7_616_00, commission: 816_00, nights: 2, nightly: 3_400_00 },
    // Lodging of $4,900 over 3 nights: $1,633.33, shown in whole pesos.
    { total: 5_488_00, commission: 588_00, nights: 3, nightly: 1_633_00 },
    { total: 2_000_00, commission: 0, nights: 1, nightly: 2_000_00 },
  ])('($total − $commission) / $nights → $nightly', ({ total, commission, nights, nightly }) => {
    expect(nightlyLine({ totalPrice: total, comisionServicio: commission }, nights)).toBe(nightly)
  })
})
