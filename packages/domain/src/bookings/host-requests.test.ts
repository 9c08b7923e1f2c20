import { describe, expect, it } from 'vitest'
import { commissionOf } from './host-requests.ts'

describe('commissionOf: the service fee inside a request’s total', () => {
  it('is the fee kept with the request', () => {
    expect(commissionOf({ totalPrice: 4_480_00, serviceCommission: 480_00 })).toBe(480_00)
  })

  it.each([
    // total = lodging × 1.12, so the fee is total − total / 1.12, rounded to the centavo.
    [4_480_00, 480_00],
    [1_120_00, 120_00],
    [1_000_00, 107_14],
  ])('is worked out from a total of %i centavos kept without it: %i', (totalPrice, fee) => {
    expect(commissionOf({ totalPrice, serviceCommission: null })).toBe(fee)
  })
})
